// Straight-line matchers: one boolean function per definition of the
// compiled bundle, `matches<Name>(value)`, true exactly when ajv (with the
// options of compile-schemas.ts) accepts the value. They read each field once
// and build nothing (no error objects, no paths, no options objects), so a
// valid message costs a few comparisons per field; why a value is invalid is
// left to the error reporter, which reads the same schemas.
import { isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { EXTERNAL_UNION_KEYWORD, UNTAGGED_UNION_KEYWORD } from "../src/union-keywords.js";
import { acceptsAll } from "../src/schema-errors.js";
import { assertSupported, refName } from "./schema-keywords.js";

const UNION_KEYWORDS = ["anyOf", EXTERNAL_UNION_KEYWORD, UNTAGGED_UNION_KEYWORD];

/**
 * ajv's test of each JSON type, in fewer characters: ajv's number test with
 * `strictNumbers` (a number, and finite) is `Number.isFinite`, its integer
 * test (also not `x % 1`, not NaN) `Number.isInteger`; `isObject` is its
 * object test (not null, not an array).
 */
function typeTest(type: string, value: string): string {
  switch (type) {
    case "object":
      return `isObject(${value})`;
    case "array":
      return `Array.isArray(${value})`;
    case "null":
      return `${value} === null`;
    case "number":
      return `Number.isFinite(${value})`;
    case "integer":
      return `Number.isInteger(${value})`;
    case "string":
    case "boolean":
      return `typeof ${value} == "${type}"`;
    default:
      throw new Error(`unknown JSON type ${type}`);
  }
}

function typesOf(schema: JsonObject): string[] {
  const { type } = schema;
  if (type === undefined) return [];
  return (Array.isArray(type) ? type : [type]).map(String);
}

function literal(value: unknown): string {
  return JSON.stringify(value);
}

function member(object: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${object}.${key}` : `${object}[${literal(key)}]`;
}

const matcherName = (name: string) => `matches${name}`;
/** The matcher of a variant's fields but its tag, which the union's switch has already read. */
const variantMatcherName = (name: string) => `matches${name}$variant`;

/** What a check may leave out because its caller has checked it: the object type, and one field (a union's tag). */
interface Omitted {
  readonly type?: boolean;
  readonly property?: string;
}

/**
 * The variants whose tag a union's switch settles: an object type whose tag
 * field is a required string constant (or enum), by name, with the tag field.
 * Such a variant gets a second matcher without those checks.
 */
function taggedVariants(definitions: JsonObject): Map<string, string> {
  const tags = new Map<string, string>();
  const refused = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    if (!isJsonObject(node)) return;
    if (isJsonObject(node.discriminator) && Array.isArray(node.oneOf)) {
      const tag = String(node.discriminator.propertyName);
      for (const variant of node.oneOf) {
        const name = isJsonObject(variant) && Object.keys(variant).length === 1 ? refName(variant.$ref) : undefined;
        const target = name === undefined ? undefined : definitions[name];
        const tagSchema = isJsonObject(target) && isJsonObject(target.properties) ? target.properties[tag] : undefined;
        const settled =
          isJsonObject(target) &&
          target.type === "object" &&
          Array.isArray(target.required) &&
          target.required.includes(tag) &&
          isJsonObject(tagSchema) &&
          Object.keys(tagSchema).every((keyword) => keyword === "type" || keyword === "const" || keyword === "enum") &&
          tagSchema.type === "string";
        if (name === undefined) continue;
        if (!settled || (tags.has(name) && tags.get(name) !== tag)) refused.add(name);
        else tags.set(name, tag);
      }
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(definitions);
  for (const name of refused) tags.delete(name);
  return tags;
}

class MatcherEmitter {
  readonly helpers: string[] = [];
  readonly patterns = new Map<string, string>();
  private locals = 0;

  private readonly variantTags: Map<string, string>;

  constructor(private readonly definitions: JsonObject) {
    this.variantTags = taggedVariants(definitions);
  }

  private local(): string {
    this.locals += 1;
    return `v${this.locals}`;
  }

  /** The definition a variant names (through a `$ref`), or the variant itself. */
  private target(schema: unknown): unknown {
    const name = isJsonObject(schema) ? refName(schema.$ref) : undefined;
    return name === undefined ? schema : this.definitions[name];
  }

  /** A boolean expression: whether `value` matches `schema`. */
  test(schema: unknown, value: string, owner: string): string {
    if (acceptsAll(schema)) return "true";
    if (!isJsonObject(schema)) throw new Error(`${owner}: a schema must be an object`);
    const keywords = Object.keys(schema);
    const ref = refName(schema.$ref);
    if (ref !== undefined && keywords.length === 1) return `${matcherName(ref)}(${value})`;
    if (keywords.every((keyword) => keyword === "type")) return typesOf(schema).map((type) => typeTest(type, value)).join(" || ");
    const helper = `${matcherName(owner)}$${this.helpers.length + 1}`;
    this.helpers.push(this.func(helper, schema, owner, false));
    return `${helper}(${value})`;
  }

  /** Statements that return false unless `value` (a local) matches `schema`. */
  check(schema: unknown, value: string, owner: string, omitted: Omitted = {}): string[] {
    if (!isJsonObject(schema)) throw new Error(`${owner}: a schema must be an object`);
    assertSupported(schema, owner);
    if (acceptsAll(schema)) return [];
    const out: string[] = [];
    const types = typesOf(schema);
    const known = types.length === 1 ? types[0] : undefined;
    if (types.length > 0 && omitted.type !== true) out.push(`if (!(${types.map((type) => typeTest(type, value)).join(" || ")})) return false;`);
    const ref = refName(schema.$ref);
    if (ref !== undefined) out.push(`if (!${matcherName(ref)}(${value})) return false;`);
    if (schema.const !== undefined) out.push(`if (${value} !== ${literal(schema.const)}) return false;`);
    if (Array.isArray(schema.enum)) out.push(`if (${schema.enum.map((item) => `${value} !== ${literal(item)}`).join(" && ")}) return false;`);
    for (const keyword of UNION_KEYWORDS) {
      const variants = schema[keyword];
      if (!Array.isArray(variants) || variants.some(acceptsAll)) continue;
      out.push(`if (!(${variants.map((variant) => this.test(variant, value, owner)).join(" || ")})) return false;`);
    }
    if (isJsonObject(schema.if)) {
      out.push(`if (${this.test(schema.if, value, owner)}) {`, ...this.check(schema.then, value, owner), "} else {", ...this.check(schema.else, value, owner), "}");
    }
    out.push(...this.numberChecks(schema, value, known));
    if (typeof schema.pattern === "string") {
      const pattern = this.pattern(schema.pattern);
      out.push(known === "string" ? `if (!${pattern}.test(${value})) return false;` : `if (typeof ${value} == "string" && !${pattern}.test(${value})) return false;`);
    }
    if (schema.items !== undefined && !acceptsAll(schema.items)) {
      const item = this.local();
      const index = `${item}i`;
      // The length is read once, as ajv's code reads it: a getter cannot lengthen the walk.
      const loop = [`for (let ${index} = 0, ${item}n = ${value}.length; ${index} < ${item}n; ${index}++) {`, `const ${item} = ${value}[${index}];`, ...this.check(schema.items, item, owner), "}"];
      out.push(...(known === "array" ? loop : [`if (Array.isArray(${value})) {`, ...loop, "}"]));
    }
    const objectChecks = this.objectChecks(schema, value, owner, omitted.property);
    if (objectChecks.length > 0) out.push(...(known === "object" ? objectChecks : [`if (${typeTest("object", value)}) {`, ...objectChecks, "}"]));
    return out;
  }

  private numberChecks(schema: JsonObject, value: string, known: string | undefined): string[] {
    const failures: string[] = [];
    if (typeof schema.maximum === "number") failures.push(`${value} > ${schema.maximum}`);
    if (typeof schema.minimum === "number") failures.push(`${value} < ${schema.minimum}`);
    if (failures.length === 0) return [];
    const numeric = known === "integer" || known === "number" ? "" : `${typeTest("number", value)} && `;
    return [`if (${numeric}(${failures.join(" || ")})) return false;`];
  }

  private pattern(source: string): string {
    const existing = this.patterns.get(source);
    if (existing !== undefined) return existing;
    const name = `pattern${this.patterns.size + 1}`;
    this.patterns.set(source, name);
    return name;
  }

  private objectChecks(schema: JsonObject, value: string, owner: string, omittedProperty?: string): string[] {
    const out: string[] = [];
    if (typeof schema.maxProperties === "number") out.push(`if (Object.keys(${value}).length > ${schema.maxProperties}) return false;`);
    const properties = isJsonObject(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    for (const name of required) if (!Object.hasOwn(properties, name) && name !== omittedProperty) out.push(`if (${member(value, name)} === undefined) return false;`);
    for (const [name, property] of Object.entries(properties)) {
      // ajv skips a property named __proto__ (its properties keyword never sees one).
      if (name === "__proto__" || name === omittedProperty) continue;
      if (acceptsAll(property)) {
        if (required.has(name)) out.push(`if (${member(value, name)} === undefined) return false;`);
        continue;
      }
      const field = this.local();
      const fieldChecks = this.check(property, field, owner);
      const typed = isJsonObject(property) && property.type !== undefined;
      out.push(`const ${field} = ${member(value, name)};`);
      if (required.has(name)) out.push(...(typed ? [] : [`if (${field} === undefined) return false;`]), ...fieldChecks);
      else out.push(`if (${field} !== undefined) {`, ...fieldChecks, "}");
    }
    const additional = schema.additionalProperties;
    if (additional !== undefined && !acceptsAll(additional)) {
      const key = `${this.local()}k`;
      const known = Object.keys(properties).filter((name) => name !== "__proto__");
      const isAdditional = known.length === 0 ? "true" : known.map((name) => `${key} !== ${literal(name)}`).join(" && ");
      const item = this.local();
      const body = additional === false ? ["return false;"] : [`const ${item} = ${value}[${key}];`, ...this.check(additional, item, owner)];
      out.push(`for (const ${key} in ${value}) {`, `if (${isAdditional}) {`, ...body, "}", "}");
    }
    if (isJsonObject(schema.discriminator)) out.push(...this.discriminatorChecks(schema, value, owner));
    return out;
  }

  /** ajv's discriminator: the tag's value picks the one variant that is checked. */
  private discriminatorChecks(schema: JsonObject, value: string, owner: string): string[] {
    const tag = String(isJsonObject(schema.discriminator) ? schema.discriminator.propertyName : "");
    const variants = Array.isArray(schema.oneOf) ? schema.oneOf : [];
    const cases = variants.flatMap((variant) => {
      const target = this.target(variant);
      const tagSchema = isJsonObject(target) && isJsonObject(target.properties) ? target.properties[tag] : undefined;
      const values = isJsonObject(tagSchema) ? (tagSchema.const !== undefined ? [tagSchema.const] : Array.isArray(tagSchema.enum) ? tagSchema.enum : []) : [];
      if (values.length === 0) throw new Error(`${owner}: a discriminated variant without a constant ${tag}`);
      const name = isJsonObject(variant) && Object.keys(variant).length === 1 ? refName(variant.$ref) : undefined;
      const settled = name !== undefined && this.variantTags.get(name) === tag;
      const matched = settled ? `${variantMatcherName(name)}(${value})` : this.test(variant, value, owner);
      return [...values.map((tagValue) => `case ${literal(tagValue)}:`), `if (!(${matched})) return false;`, "break;"];
    });
    return [`switch (${member(value, tag)}) {`, ...cases, "default:", "return false;", "}"];
  }

  func(name: string, schema: unknown, owner: string, exported: boolean, omitted: Omitted = {}): string {
    const body = this.check(schema, "value", owner, omitted);
    return `${exported ? "export " : ""}function ${name}(value: unknown): boolean {\n${[...body, "return true;"].join("\n")}\n}`;
  }

  /** The matcher of a definition; a variant a switch settles is checked in two parts, its type and tag, then the rest. */
  definition(name: string): string {
    const schema = this.definitions[name];
    const tag = this.variantTags.get(name);
    if (tag === undefined || !isJsonObject(schema) || !isJsonObject(schema.properties)) return this.func(matcherName(name), schema, name, true);
    const tagOnly = { type: "object", properties: { [tag]: schema.properties[tag] }, required: [tag] };
    const head = this.check(tagOnly, "value", name);
    const whole = `export function ${matcherName(name)}(value: unknown): boolean {\n${[...head, `return ${variantMatcherName(name)}(value);`].join("\n")}\n}`;
    return `${whole}\n${this.func(variantMatcherName(name), schema, name, true, { type: true, property: tag })}`;
  }
}

/** The matchers module: `matches<Name>` for each of `names` and every definition they reach. */
export function matchersModule(definitions: JsonObject, names: readonly string[], header: string): string {
  const emitter = new MatcherEmitter(definitions);
  const functions = names.map((name) => emitter.definition(name));
  const patterns = [...emitter.patterns].map(([source, name]) => `const ${name} = /* @__PURE__ */ new RegExp(${literal(source)}, "u");`);
  return [header, "// @ts-nocheck", 'import { isObject } from "../is-object.js";', ...patterns, ...emitter.helpers, ...functions, ""].join("\n");
}
