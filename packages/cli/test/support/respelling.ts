import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { REPO_SCHEMAS, type Node } from "./schema-sets.js";

/**
 * Respells our `schemas/` set the way the reference (Rust schemars, draft
 * 2020-12) spells schemas, without changing which messages any type
 * accepts: per-type root files `<Type>.json`, each with its own `$defs`
 * holding every type it reaches; and, where the chosen respellings apply,
 * nullable fields as `anyOf` with `null`, a `$ref` with a `description`
 * (or a `type` that repeats the target's) beside it, enums as a `oneOf` of
 * `const`s each with a description, `format: "uint32"` on counters,
 * `allOf` wrappers, a `const` as a one-value `enum`, renamed definitions,
 * and union variants reordered.
 */
export interface Respellings {
  readonly nullableAsAnyOf: boolean;
  readonly refSiblings: boolean;
  readonly enumsAsOneOf: boolean;
  readonly formats: boolean;
  readonly allOfWrappers: boolean;
  readonly constAsEnum: boolean;
  readonly renames: boolean;
  readonly reorderVariants: boolean;
}

export const RESPELLINGS: readonly (keyof Respellings)[] = ["nullableAsAnyOf", "refSiblings", "enumsAsOneOf", "formats", "allOfWrappers", "constAsEnum", "renames", "reorderVariants"];

/** Our bundle's types by name, parsed afresh. */
export function ourTypes(): { [name: string]: unknown } {
  const bundle: { $defs: { [name: string]: unknown } } = JSON.parse(readFileSync(join(REPO_SCHEMAS, "protocol.schema.json"), "utf8"));
  return bundle.$defs;
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A seeded coin: the same seed makes the same choices. */
export function coin(seed: number): () => boolean {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % 2 === 0;
  };
}

const REF = /^#\/\$defs\/(.+)$/;

class Respeller {
  constructor(
    private readonly types: { readonly [name: string]: unknown },
    private readonly chosen: Respellings,
    private readonly flip: () => boolean,
    readonly renamed: ReadonlyMap<string, string>,
  ) {}

  private on(respelling: keyof Respellings): boolean {
    return this.chosen[respelling] && this.flip();
  }

  nameOf(type: string): string {
    return this.renamed.get(type) ?? type;
  }

  /** A `$ref` to a type, renamed, maybe with a `description` or a repeated `type` beside it, maybe wrapped in `allOf`. */
  private ref(schema: Node): Node {
    const target = REF.exec(String(schema["$ref"]))?.[1];
    if (target === undefined) return schema;
    const ref: Node = { ...schema, $ref: `#/$defs/${this.nameOf(target)}` };
    const written = this.types[target];
    if (this.on("refSiblings")) {
      if (isNode(written) && typeof written["type"] === "string" && this.flip()) ref["type"] = written["type"];
      else ref["description"] = isNode(written) && typeof written["description"] === "string" ? written["description"] : "See the type.";
    }
    if (this.on("allOfWrappers")) {
      const { $ref, ...beside } = ref;
      return { ...beside, allOf: [{ $ref }] };
    }
    return ref;
  }

  private enumAsOneOf(schema: Node): Node {
    const values = schema["enum"];
    if (!Array.isArray(values) || !values.every((value) => typeof value === "string") || !this.on("enumsAsOneOf")) return schema;
    const { enum: _enum, type: _type, ...rest } = schema;
    return { ...rest, oneOf: values.map((value) => ({ description: `The value ${value}.`, type: "string", const: value })) };
  }

  private nullable(schema: Node): Node {
    const type = schema["type"];
    if (!Array.isArray(type) || type.length !== 2 || !type.includes("null") || !this.on("nullableAsAnyOf")) return schema;
    const { type: _type, description, default: fallback, ...rest } = schema;
    const other = { ...rest, type: type.find((entry) => entry !== "null") };
    const variants = this.flip() ? [other, { type: "null" }] : [{ type: "null" }, other];
    return { ...(description === undefined ? {} : { description }), ...(fallback === undefined ? {} : { default: fallback }), anyOf: variants };
  }

  private formatted(schema: Node): Node {
    if (schema["type"] !== "integer" || schema["minimum"] !== 0 || schema["format"] !== undefined || !this.on("formats")) return schema;
    return { ...schema, format: typeof schema["maximum"] === "number" && schema["maximum"] > 4294967295 ? "uint64" : "uint32" };
  }

  private constant(schema: Node): Node {
    if (!Object.hasOwn(schema, "const") || !this.on("constAsEnum")) return schema;
    const { const: value, ...rest } = schema;
    return { ...rest, enum: [value] };
  }

  private reordered(schema: Node): Node {
    for (const keyword of ["oneOf", "anyOf"]) {
      const variants = schema[keyword];
      if (Array.isArray(variants) && variants.length > 1 && this.on("reorderVariants")) return { ...schema, [keyword]: [...variants].reverse() };
    }
    return schema;
  }

  private wrapped(schema: Node): Node {
    if (Object.hasOwn(schema, "$ref") || Object.hasOwn(schema, "allOf") || !this.on("allOfWrappers")) return schema;
    const { description, ...rest } = schema;
    return { ...(description === undefined ? {} : { description }), allOf: [rest] };
  }

  /** A schema respelled, its subschemas first. */
  schema(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((entry) => this.schema(entry));
    if (!isNode(value)) return value;
    const node: Node = {};
    for (const [keyword, child] of Object.entries(value)) {
      // schemars writes no `discriminator`: its variants carry their tags (and ajv's `discriminator` cannot read a tag beside a `$ref`).
      if (keyword === "discriminator") continue;
      if (keyword === "properties" && isNode(child)) node[keyword] = Object.fromEntries(Object.entries(child).map(([name, field]) => [name, this.schema(field)]));
      else if (["items", "additionalProperties", "anyOf", "oneOf", "allOf"].includes(keyword)) node[keyword] = this.schema(child);
      else node[keyword] = child;
    }
    if (Object.hasOwn(node, "$ref")) return this.ref(node);
    return this.wrapped(this.reordered(this.constant(this.formatted(this.nullable(this.enumAsOneOf(node))))));
  }
}

function refsIn(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const entry of value) refsIn(entry, into);
  else if (isNode(value)) {
    const target = REF.exec(String(value["$ref"]))?.[1];
    if (target !== undefined) into.add(target);
    for (const child of Object.values(value)) refsIn(child, into);
  }
}

/** Every type `name` reaches through `$ref`s, itself excluded. */
function reached(name: string, types: { readonly [name: string]: unknown }): string[] {
  const found = new Set<string>();
  const pending = [name];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const refs = new Set<string>();
    refsIn(types[next], refs);
    for (const ref of refs) {
      if (found.has(ref) || ref === name) continue;
      found.add(ref);
      pending.push(ref);
    }
  }
  return [...found].sort();
}

/** A respelled set: its files by name, and which types it renamed. */
export interface RespelledSet {
  readonly files: Map<string, string>;
  readonly renamed: ReadonlyMap<string, string>;
  /** Each type's respelled schema, by its new name. */
  readonly schemas: ReadonlyMap<string, unknown>;
}

/** `types` respelled in the reference's layout, the respellings `chosen` applied where the seeded coin says; `keep` is never renamed. */
export function respelled(types: { readonly [name: string]: unknown }, chosen: Respellings, seed: number, keep: readonly string[] = []): RespelledSet {
  const flip = coin(seed);
  const renamed = new Map<string, string>();
  if (chosen.renames) for (const name of Object.keys(types).sort()) if (!keep.includes(name) && flip() && flip()) renamed.set(name, `${name}Renamed`);
  const respeller = new Respeller(types, chosen, flip, renamed);
  const schemas = new Map(Object.keys(types).map((name) => [respeller.nameOf(name), respeller.schema(types[name])]));
  const files = new Map<string, string>();
  for (const name of Object.keys(types)) {
    const own = respeller.nameOf(name);
    const defs = Object.fromEntries(reached(name, types).map((inner) => [respeller.nameOf(inner), schemas.get(respeller.nameOf(inner))]));
    const schema = schemas.get(own);
    const root = { $schema: "https://json-schema.org/draft/2020-12/schema", title: own, ...(isNode(schema) ? schema : {}), ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}) };
    files.set(`${own}.json`, JSON.stringify(root, null, 2));
  }
  return { files, renamed, schemas };
}

/** Whether the respelled root file of `type` (as written: its own `$defs`) accepts `instance`, by an ajv with the diff's options. */
export function respelledAccepts(set: RespelledSet, type: string, instance: unknown): boolean {
  const text = set.files.get(`${set.renamed.get(type) ?? type}.json`);
  if (text === undefined) throw new Error(`no file for ${type}`);
  const ajv = new Ajv2020({ strict: false, discriminator: true, allowUnionTypes: true, logger: false, validateFormats: false });
  ajv.addVocabulary(["x-protocol-version", "x-sensitive", "x-opaque"]);
  return ajv.compile(JSON.parse(text))(instance) === true;
}
