import { isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { VECTOR_VALUES } from "./unions.js";

// The conformance vectors hold about 17,000 distinct values; holding each of
// 435 types to ajv on all of them costs minutes and mostly repeats one check
// (a string is not an object). A type gets every value of a JSON kind its
// schema can accept at the root, and a fixed sample of every other kind, so
// a matcher that wrongly accepts a kind still meets values of it.

type Kind = "null" | "boolean" | "number" | "string" | "array" | "object";

const KINDS: readonly Kind[] = ["null", "boolean", "number", "string", "array", "object"];
const SAMPLE_OF_OTHER_KINDS = 25;

function kindOf(value: unknown): Kind {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (isJsonObject(value)) return "object";
  if (typeof value === "boolean") return "boolean";
  return typeof value === "number" ? "number" : "string";
}

function schemaKind(type: unknown): Kind[] {
  if (type === "integer") return ["number"];
  return KINDS.filter((kind) => kind === type);
}

/** The kinds `schema` can accept at its root; all of them when it does not say. */
function rootKinds(schema: unknown, definitions: JsonObject, seen: ReadonlySet<string> = new Set()): Set<Kind> {
  if (!isJsonObject(schema)) return new Set(schema === false ? [] : KINDS);
  const ref = schema.$ref;
  if (typeof ref === "string") {
    const name = ref.replace("#/$defs/", "");
    return seen.has(name) ? new Set(KINDS) : rootKinds(definitions[name], definitions, new Set([...seen, name]));
  }
  if ("const" in schema) return new Set([kindOf(schema.const)]);
  if (Array.isArray(schema.enum)) return new Set(schema.enum.map(kindOf));
  if (typeof schema.type === "string" || Array.isArray(schema.type)) return new Set([schema.type].flat().flatMap(schemaKind));
  const variants = [schema.anyOf, schema.oneOf].find(Array.isArray);
  if (variants !== undefined) return new Set(variants.flatMap((variant) => [...rootKinds(variant, definitions, seen)]));
  return new Set(KINDS);
}

const BY_KIND = new Map(KINDS.map((kind) => [kind, VECTOR_VALUES.filter((value) => kindOf(value) === kind)]));

/** The vector values the type `name` of `definitions` is held to ajv on. */
export function vectorSamples(name: string, definitions: JsonObject): readonly unknown[] {
  const kinds = rootKinds(definitions[name], definitions);
  return KINDS.flatMap((kind) => {
    const values = BY_KIND.get(kind) ?? [];
    return kinds.has(kind) ? values : values.slice(0, SAMPLE_OF_OTHER_KINDS);
  });
}
