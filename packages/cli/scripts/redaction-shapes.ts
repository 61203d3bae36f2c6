// The shapes `redact` walks a message beside, built from the schema bundle:
// for every definition a method's params or result reaches, what a value of
// it holds as far as redaction needs to know: where `x-sensitive` values
// are, the fields each object type defines (a field it does not define is
// redacted), the constants and enum values it allows (a value it does not
// list is redacted, and inside a sensitive value the listed ones are kept,
// which keeps the redacted value valid), and otherwise the JSON types it
// allows. The shape language is `src/redact/shape.ts`'s.
//
// The builder knows every keyword the bundle uses and refuses any other: a
// schema that starts using one (`minItems`, `format`, ...) must say here how
// a redaction marker stays valid under it.

/** A JSON value as the bundle holds it. */
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
type JsonObject = { readonly [key: string]: Json };

/** A shape, as written into the generated table (see `src/redact/shape.ts`). */
type Shape = string | { readonly [key: string]: Json };

/** What the runtime puts in place of a sensitive string; checked against each string schema it may replace. */
const REDACTED_STRING = "[redacted]";

/** Keywords that say nothing about the values a schema accepts, or that `redact` need not read. */
const IGNORED = new Set(["description", "title", "$comment", "examples", "default", "required", "x-opaque", "discriminator", "maxProperties"]);

/** Keywords read by the builder. */
const READ = new Set(["type", "$ref", "properties", "additionalProperties", "items", "anyOf", "oneOf", "const", "enum", "x-sensitive", "minimum", "maximum", "pattern"]);

/** Keywords that constrain a value (a schema with none of them accepts any JSON value). */
const VALIDATING = new Set([...READ].filter((keyword) => keyword !== "x-sensitive"));

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function refName(schema: JsonObject): string | undefined {
  const ref = schema["$ref"];
  if (ref === undefined) return undefined;
  if (typeof ref !== "string" || !ref.startsWith("#/$defs/")) throw new Error(`unsupported $ref ${JSON.stringify(ref)}`);
  return ref.slice("#/$defs/".length);
}

function listOf(schema: JsonObject, keyword: string): readonly JsonObject[] {
  const list = schema[keyword];
  if (list === undefined) return [];
  if (!Array.isArray(list) || !list.every(isObject)) throw new Error(`${keyword} is not a list of schemas`);
  return list;
}

function propertiesOf(schema: JsonObject): readonly [string, JsonObject][] {
  const properties = schema["properties"];
  if (properties === undefined) return [];
  if (!isObject(properties)) throw new Error("properties is not an object");
  return Object.entries(properties).map(([name, property]) => {
    if (!isObject(property)) throw new Error(`property ${name} is not a schema`);
    return [name, property];
  });
}

function typesOf(schema: JsonObject): readonly string[] | undefined {
  const type = schema["type"];
  if (type === undefined) return undefined;
  if (typeof type === "string") return [type];
  if (Array.isArray(type) && type.every((entry) => typeof entry === "string")) return type.filter((entry): entry is string => typeof entry === "string");
  throw new Error(`unsupported type ${JSON.stringify(type)}`);
}

/** The letter of a JSON type in a shape: `o` object, `a` array, `s` string, `n` number, `b` boolean, `z` null. */
function letterOf(type: string): string {
  const letters: { readonly [type: string]: string } = { object: "o", array: "a", string: "s", number: "n", integer: "n", boolean: "b", null: "z" };
  const letter = letters[type];
  if (letter === undefined) throw new Error(`unsupported type ${type}`);
  return letter;
}

/** `letters` sorted and without repeats; `*` when every JSON type is in. */
function typeSet(letters: Iterable<string>): string {
  const set = new Set(letters);
  if (set.has("*") || ["o", "a", "s", "n", "b", "z"].every((letter) => set.has(letter))) return "*";
  return [...set].sort().join("");
}

/** Whether a schema accepts every JSON value (`{}`, or only annotations): it defines nothing about the value. */
function acceptsAnything(schema: JsonObject): boolean {
  return Object.keys(schema).every((keyword) => !VALIDATING.has(keyword));
}

function checkKeywords(schema: JsonObject, where: string): void {
  for (const keyword of Object.keys(schema)) {
    if (!IGNORED.has(keyword) && !READ.has(keyword) && !keyword.startsWith("x-")) throw new Error(`${where}: keyword ${keyword} is not known to the redaction shapes`);
  }
  if (refName(schema) !== undefined && Object.keys(schema).some((keyword) => READ.has(keyword) && keyword !== "$ref" && keyword !== "x-sensitive")) {
    throw new Error(`${where}: $ref beside other validation keywords`);
  }
}

/** The literals of a `const` or `enum`, `undefined` when the schema has neither. */
function literalsOf(schema: JsonObject, where: string): readonly Json[] | undefined {
  const constant = schema["const"];
  const values = schema["enum"];
  if (constant === undefined && !Array.isArray(values)) return undefined;
  const literals = constant !== undefined ? [constant] : Array.isArray(values) ? values : [];
  if (!literals.every((literal) => literal === null || typeof literal !== "object")) throw new Error(`${where}: a constant that is not a scalar`);
  return literals;
}

/** Whether a definition is a scalar type without constants (bounds and patterns concern only sensitive values), whose letters are written where it is referenced rather than looked up. */
function isPlainScalar(schema: JsonObject): boolean {
  const types = typesOf(schema);
  const structural = ["$ref", "anyOf", "oneOf", "properties", "items", "additionalProperties", "const", "enum", "x-sensitive"];
  return types !== undefined && !types.includes("object") && !types.includes("array") && structural.every((keyword) => schema[keyword] === undefined);
}

/**
 * One shape for the variants of a union without a discriminator: letters
 * merged into one set, literals into one list (`null` joining it when the
 * union allows it), a single remaining shape as itself.
 */
function unionOf(variants: readonly Shape[]): Shape {
  const letters = new Set<string>();
  const literals: Json[] = [];
  const others: Shape[] = [];
  let hasLiterals = false;
  for (const variant of variants) {
    if (typeof variant === "string") for (const letter of variant) letters.add(letter);
    else if (Array.isArray(variant["k"]) && Object.keys(variant).length === 1) {
      hasLiterals = true;
      literals.push(...variant["k"]);
    } else others.push(variant);
  }
  if (hasLiterals && letters.size === 1 && letters.has("z")) {
    letters.clear();
    literals.push(null);
  }
  const merged: Shape[] = [...(letters.size > 0 ? [typeSet(letters)] : []), ...(hasLiterals ? [{ k: [...new Set(literals)] }] : []), ...others];
  const [only] = merged;
  return merged.length === 1 && only !== undefined ? only : { u: merged };
}

/** The redaction shapes of a bundle, by definition name. */
export type RedactionShapes = { readonly [name: string]: Shape };

class Builder {
  readonly shapes: { [name: string]: Shape } = {};
  private readonly checkedSensitive = new Set<string>();

  constructor(private readonly definitions: JsonObject) {}

  private definition(name: string): JsonObject {
    const schema = this.definitions[name];
    if (!isObject(schema)) throw new Error(`no definition ${name}`);
    return schema;
  }

  /** Gives definition `name` its shape, and every definition it reaches theirs. */
  define(name: string): void {
    if (Object.hasOwn(this.shapes, name)) return;
    // A placeholder while the definition is built: a recursive type refers to itself by name.
    this.shapes[name] = "*";
    this.shapes[name] = this.shapeOf(this.definition(name), name);
  }

  /** The shape of a schema. */
  private shapeOf(schema: JsonObject, where: string): Shape {
    checkKeywords(schema, where);
    if (schema["x-sensitive"] === true) {
      this.checkMarkers(schema, where);
      return { x: this.shapeOf(Object.fromEntries(Object.entries(schema).filter(([keyword]) => keyword !== "x-sensitive")), where) };
    }
    const ref = refName(schema);
    if (ref !== undefined) {
      const target = this.definition(ref);
      if (isPlainScalar(target)) return typeSet((typesOf(target) ?? []).map(letterOf));
      this.define(ref);
      return { r: ref };
    }
    const literals = literalsOf(schema, where);
    if (literals !== undefined) return { k: literals };
    return this.structure(schema, where);
  }

  /** Unions, objects and arrays, their parts shaped in turn; other schemas by their JSON types. */
  private structure(schema: JsonObject, where: string): Shape {
    const oneOf = listOf(schema, "oneOf");
    const discriminator = schema["discriminator"];
    if (oneOf.length > 0 && isObject(discriminator) && typeof discriminator["propertyName"] === "string") {
      const tag = discriminator["propertyName"];
      const variants: { [value: string]: Shape } = {};
      for (const [index, variant] of oneOf.entries()) variants[this.tagOf(variant, tag, `${where}/oneOf/${index}`)] = this.shapeOf(variant, `${where}/oneOf/${index}`);
      return { d: tag, v: variants };
    }
    const union = [...listOf(schema, "anyOf"), ...oneOf];
    if (union.length > 0) return unionOf(union.map((variant, index) => this.shapeOf(variant, `${where}/anyOf/${index}`)));
    const types = typesOf(schema) ?? [];
    const shapes: Shape[] = [];
    const properties = propertiesOf(schema);
    const additional = schema["additionalProperties"];
    if (types.includes("object") || properties.length > 0 || additional !== undefined) {
      const fields: { [field: string]: Shape } = {};
      for (const [name, property] of properties) fields[name] = this.shapeOf(property, `${where}/properties/${name}`);
      // A map whose values may be anything (`EmptyParams`, extension keys) defines neither its keys nor its values: they are redacted as unknown fields.
      if (isObject(additional) && !acceptsAnything(additional)) shapes.push({ o: fields, m: this.shapeOf(additional, `${where}/additionalProperties`) });
      else if (additional === undefined || additional === false || additional === true || isObject(additional)) shapes.push({ o: fields });
      else throw new Error(`${where}: unsupported additionalProperties`);
    }
    if (types.includes("array") || schema["items"] !== undefined) {
      const items = schema["items"];
      shapes.push(isObject(items) ? { a: this.shapeOf(items, `${where}/items`) } : "a");
    }
    const scalars = types.filter((type) => type !== "object" && type !== "array");
    if (scalars.length > 0 || types.length === 0) shapes.push(types.length === 0 && shapes.length === 0 ? "*" : typeSet(scalars.map(letterOf)));
    return unionOf(shapes);
  }

  /** Refuses a sensitive schema whose markers would not keep a value valid: a pattern `"[redacted]"` fails, bounds that exclude `0`; through every reference, variant, field and item. */
  private checkMarkers(schema: JsonObject, where: string): void {
    checkKeywords(schema, where);
    const ref = refName(schema);
    if (ref !== undefined) {
      if (this.checkedSensitive.has(ref)) return;
      this.checkedSensitive.add(ref);
      return this.checkMarkers(this.definition(ref), ref);
    }
    literalsOf(schema, where);
    const pattern = schema["pattern"];
    if (typeof pattern === "string" && !new RegExp(pattern, "u").test(REDACTED_STRING)) throw new Error(`${where}: ${JSON.stringify(REDACTED_STRING)} does not match the pattern ${pattern}`);
    const minimum = schema["minimum"];
    const maximum = schema["maximum"];
    if ((typeof minimum === "number" && minimum > 0) || (typeof maximum === "number" && maximum < 0)) throw new Error(`${where}: the number marker 0 is out of bounds`);
    for (const [index, variant] of [...listOf(schema, "anyOf"), ...listOf(schema, "oneOf")].entries()) this.checkMarkers(variant, `${where}/anyOf/${index}`);
    for (const [name, property] of propertiesOf(schema)) this.checkMarkers(property, `${where}/properties/${name}`);
    for (const keyword of ["items", "additionalProperties"]) {
      const child = schema[keyword];
      if (isObject(child)) this.checkMarkers(child, `${where}/${keyword}`);
    }
  }

  /** The constant a discriminated variant holds in its tag field. */
  private tagOf(variant: JsonObject, tag: string, where: string): string {
    const ref = refName(variant);
    const target = ref === undefined ? variant : this.definition(ref);
    const property = propertiesOf(target).find(([name]) => name === tag)?.[1];
    const constant = property?.["const"];
    if (typeof constant !== "string") throw new Error(`${where}: a variant without a constant ${tag}`);
    return constant;
  }
}

/**
 * The redaction shapes of the bundle's `$defs`: of the types `roots` (every
 * params and result type of the method registry, and the error result) and
 * every definition they reach.
 */
export function redactionShapes(definitions: JsonObject, roots: readonly string[]): RedactionShapes {
  const builder = new Builder(definitions);
  for (const root of roots) builder.define(root);
  return Object.fromEntries(Object.entries(builder.shapes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
