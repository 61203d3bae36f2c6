// The shapes `redact` walks a message beside, built from the schema bundle:
// for each definition through which an `x-sensitive` value can be reached,
// where that value is (and the fields the definition defines, so a field it
// does not define is recognised as unknown); for each definition a sensitive
// value is written in, its whole structure (tags, enums and constants, which
// are no secrets and which keep the redacted value valid). Every other
// definition holds nothing sensitive and is kept as written, so it is only
// named by its JSON types. The shape language is `src/redact/shape.ts`'s.
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

function letterOfLiteral(value: Json): string {
  if (value === null) return "z";
  if (Array.isArray(value)) return "a";
  return typeof value === "object" ? "o" : letterOf(typeof value);
}

/** `letters` sorted and without repeats; `*` when every JSON type is in. */
function typeSet(letters: Iterable<string>): string {
  const set = new Set(letters);
  if (set.has("*") || ["o", "a", "s", "n", "b", "z"].every((letter) => set.has(letter))) return "*";
  return [...set].sort().join("");
}

function checkKeywords(schema: JsonObject, where: string): void {
  for (const keyword of Object.keys(schema)) {
    if (!IGNORED.has(keyword) && !READ.has(keyword) && !keyword.startsWith("x-")) throw new Error(`${where}: keyword ${keyword} is not known to the redaction shapes`);
  }
  if (refName(schema) !== undefined && Object.keys(schema).some((keyword) => READ.has(keyword) && keyword !== "$ref" && keyword !== "x-sensitive")) {
    throw new Error(`${where}: $ref beside other validation keywords`);
  }
}

/** The redaction shapes of a bundle, for the methods whose contract types are `roots`. */
export interface RedactionShapes {
  /** Definitions that can hold a sensitive value, as walked outside one. */
  readonly guarded: { readonly [name: string]: Shape };
  /** Definitions written inside a sensitive value, whole. */
  readonly sensitive: { readonly [name: string]: Shape };
}

class Builder {
  readonly guarded: { [name: string]: Shape } = {};
  readonly sensitive: { [name: string]: Shape } = {};
  private readonly reaching = new Set<string>();

  constructor(private readonly definitions: JsonObject) {
    this.findReaching();
  }

  private definition(name: string): JsonObject {
    const schema = this.definitions[name];
    if (!isObject(schema)) throw new Error(`no definition ${name}`);
    return schema;
  }

  /** Every definition through which an `x-sensitive` value can be reached, to a fixpoint over references. */
  private findReaching(): void {
    const names = Object.keys(this.definitions);
    for (let changed = true; changed; ) {
      changed = false;
      for (const name of names) {
        if (this.reaching.has(name) || !this.reaches(this.definition(name))) continue;
        this.reaching.add(name);
        changed = true;
      }
    }
  }

  private reaches(schema: JsonObject): boolean {
    if (schema["x-sensitive"] === true) return true;
    const ref = refName(schema);
    if (ref !== undefined && this.reaching.has(ref)) return true;
    const children = [...listOf(schema, "anyOf"), ...listOf(schema, "oneOf"), ...propertiesOf(schema).map(([, property]) => property)];
    for (const keyword of ["items", "additionalProperties"]) {
      const child = schema[keyword];
      if (isObject(child)) children.push(child);
    }
    return children.some((child) => this.reaches(child));
  }

  /** The JSON types a schema accepts, as letters. */
  private letters(schema: JsonObject, seen: ReadonlySet<string> = new Set()): string {
    const ref = refName(schema);
    if (ref !== undefined) return seen.has(ref) ? "*" : this.letters(this.definition(ref), new Set([...seen, ref]));
    const variants = [...listOf(schema, "anyOf"), ...listOf(schema, "oneOf")];
    if (variants.length > 0) return typeSet(variants.map((variant) => this.letters(variant, seen)).join(""));
    const constant = schema["const"];
    if (constant !== undefined) return letterOfLiteral(constant);
    const values = schema["enum"];
    if (Array.isArray(values)) return typeSet(values.map(letterOfLiteral));
    const types = typesOf(schema);
    return types === undefined ? "*" : typeSet(types.map(letterOf));
  }

  /** The shape of a schema outside any sensitive value. */
  guardedShape(schema: JsonObject, where: string): Shape {
    checkKeywords(schema, where);
    if (!this.reaches(schema)) return this.letters(schema);
    if (schema["x-sensitive"] === true) return { x: this.sensitiveShape(schema, where) };
    const ref = refName(schema);
    if (ref !== undefined) {
      this.guardedDefinition(ref);
      return { r: ref };
    }
    return this.structure(schema, where, (child, path) => this.guardedShape(child, path));
  }

  guardedDefinition(name: string): void {
    if (name in this.guarded || !this.reaching.has(name)) return;
    this.guarded[name] = "*";
    this.guarded[name] = this.guardedShape(this.definition(name), name);
  }

  /** The shape of a schema inside a sensitive value: its whole structure, checked to admit the markers. */
  private sensitiveShape(schema: JsonObject, where: string): Shape {
    checkKeywords(schema, where);
    const ref = refName(schema);
    if (ref !== undefined) {
      this.sensitiveDefinition(ref);
      return { f: ref };
    }
    const constant = schema["const"];
    const values = schema["enum"];
    if (constant !== undefined || Array.isArray(values)) {
      const literals = constant !== undefined ? [constant] : Array.isArray(values) ? values : [];
      if (!literals.every((literal) => literal === null || typeof literal !== "object")) throw new Error(`${where}: a constant that is not a scalar`);
      return { k: literals };
    }
    const pattern = schema["pattern"];
    if (typeof pattern === "string" && !new RegExp(pattern, "u").test(REDACTED_STRING)) throw new Error(`${where}: ${JSON.stringify(REDACTED_STRING)} does not match the pattern ${pattern}`);
    const minimum = schema["minimum"];
    const maximum = schema["maximum"];
    if ((typeof minimum === "number" && minimum > 0) || (typeof maximum === "number" && maximum < 0)) throw new Error(`${where}: the number marker 0 is out of bounds`);
    return this.structure(schema, where, (child, path) => this.sensitiveShape(child, path));
  }

  private sensitiveDefinition(name: string): void {
    if (name in this.sensitive) return;
    this.sensitive[name] = "*";
    this.sensitive[name] = this.sensitiveShape(this.definition(name), name);
  }

  /** Unions, objects and arrays, their parts shaped by `part`; other schemas by their JSON types. */
  private structure(schema: JsonObject, where: string, part: (schema: JsonObject, where: string) => Shape): Shape {
    const oneOf = listOf(schema, "oneOf");
    const discriminator = schema["discriminator"];
    if (oneOf.length > 0 && isObject(discriminator) && typeof discriminator["propertyName"] === "string") {
      const tag = discriminator["propertyName"];
      const variants: { [value: string]: Shape } = {};
      for (const [index, variant] of oneOf.entries()) variants[this.tagOf(variant, tag, `${where}/oneOf/${index}`)] = part(variant, `${where}/oneOf/${index}`);
      return { d: tag, v: variants };
    }
    const union = [...listOf(schema, "anyOf"), ...oneOf];
    if (union.length > 0) return { u: union.map((variant, index) => part(variant, `${where}/anyOf/${index}`)) };
    const types = typesOf(schema) ?? [];
    const shapes: Shape[] = [];
    const properties = propertiesOf(schema);
    const additional = schema["additionalProperties"];
    if (types.includes("object") || properties.length > 0 || additional !== undefined) {
      const fields: { [field: string]: Shape } = {};
      for (const [name, property] of properties) fields[name] = part(property, `${where}/properties/${name}`);
      if (additional === false || additional === undefined) shapes.push({ o: fields });
      else if (isObject(additional)) shapes.push({ o: fields, m: part(additional, `${where}/additionalProperties`) });
      else throw new Error(`${where}: unsupported additionalProperties`);
    }
    if (types.includes("array") || schema["items"] !== undefined) {
      const items = schema["items"];
      shapes.push({ a: isObject(items) ? part(items, `${where}/items`) : "*" });
    }
    const scalars = types.filter((type) => type !== "object" && type !== "array");
    if (scalars.length > 0 || types.length === 0) shapes.push(types.length === 0 && shapes.length === 0 ? "*" : typeSet(scalars.map(letterOf)));
    const [only] = shapes;
    return shapes.length === 1 && only !== undefined ? only : { u: shapes };
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
 * The redaction shapes of the bundle's `$defs`, for the contract types
 * `roots` (every params and result type of the method registry).
 */
export function redactionShapes(definitions: JsonObject, roots: readonly string[]): RedactionShapes {
  const builder = new Builder(definitions);
  for (const root of roots) builder.guardedDefinition(root);
  return { guarded: sortedKeys(builder.guarded), sensitive: sortedKeys(builder.sensitive) };
}

function sortedKeys<T>(record: { readonly [key: string]: T }): { readonly [key: string]: T } {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
