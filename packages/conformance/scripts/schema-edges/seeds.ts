// A valid value of each schema node, built from the schema alone: every
// field of a record (optional ones too, so that each can be mutated), one
// item per list and one entry per map, the first member of a union, the
// first value of an enumeration. Deeper than a few records, only required
// fields are filled and lists stay empty, so recursive types end.
import type { WireValue } from "@app-server-protocol/codegen/emission";
import { isJsonObject, propertiesOf, refName, requiredOf, unionMembers, type JsonObject } from "@app-server-protocol/codegen/schema";
import type { SchemaView } from "./schema-view.js";

/** Below this depth a record has only its required fields, and lists and maps are empty. */
const FULL_DEPTH = 2;
/** A schema this deep is recursive without end. */
const MAX_DEPTH = 12;
/** Strings tried, in order, for a string a pattern constrains. */
const PATTERN_CANDIDATES = ["text", "dark", "normal"];

export class Seeds {
  constructor(readonly view: SchemaView) {}

  /** A valid value of the protocol type `name`; of a union, of its first variant. */
  of(name: string, depth = 0): WireValue {
    const union = this.view.union(name);
    if (union === undefined) return this.node(this.view.definition(name), depth);
    if (union.kind === "internal") return this.of(union.variants[0]?.type ?? fail(`${name} has no variant`), depth);
    if (union.kind === "external") {
      const unit = union.units[0];
      if (unit !== undefined) return unit;
      const variant = union.variants[0] ?? fail(`${name} has no variant`);
      return this.of(variant.wrapper, depth);
    }
    return this.of(union.variants[0] ?? fail(`${name} has no variant`), depth);
  }

  /** A valid value of a schema node. */
  node(schema: JsonObject, depth: number): WireValue {
    if (depth > MAX_DEPTH) throw new Error("a schema without a finite value");
    const ref = refName(schema);
    if (ref !== undefined) return this.of(ref, depth + 1);
    if (schema.const !== undefined) return constant(schema.const);
    if (Array.isArray(schema.enum)) return constant(schema.enum[0]);
    const members = unionMembers(schema);
    if (members !== undefined) {
      const member = members.find((candidate) => candidate.type !== "null") ?? members[0];
      return member === undefined ? null : this.node(member, depth);
    }
    const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== "null") : schema.type;
    switch (type) {
      case "string":
        return typeof schema.pattern === "string" ? matching(schema.pattern) : "text";
      case "integer":
        return integer(schema);
      case "number":
        return 2.5;
      case "boolean":
        return true;
      case "null":
        return null;
      case "array":
        return depth < FULL_DEPTH && isJsonObject(schema.items) ? [this.node(schema.items, depth + 1)] : [];
      case "object":
        return this.object(schema, depth);
      default:
        // A payload the schema leaves open.
        return { opaque: ["any", 1] };
    }
  }

  /** A record with every field (only the required ones deep down), or a map with one entry. */
  object(schema: JsonObject, depth: number): WireValue {
    const properties = propertiesOf(schema);
    const required = requiredOf(schema);
    const value: { [key: string]: WireValue } = {};
    for (const [field, property] of Object.entries(properties)) {
      if (depth < FULL_DEPTH || required.has(field)) value[field] = this.node(property, depth + 1);
    }
    const extra = schema.additionalProperties;
    if (Object.keys(properties).length === 0 && isJsonObject(extra) && depth < FULL_DEPTH) value.key = this.node(extra, depth + 1);
    return value;
  }
}

function fail(message: string): never {
  throw new Error(message);
}

function constant(value: unknown): WireValue {
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  throw new Error(`a constant the generator cannot write: ${JSON.stringify(value)}`);
}

function matching(pattern: string): string {
  const expression = new RegExp(pattern, "u");
  return PATTERN_CANDIDATES.find((candidate) => expression.test(candidate)) ?? fail(`no candidate string matches ${pattern}`);
}

function integer(schema: JsonObject): number {
  const minimum = typeof schema.minimum === "number" ? schema.minimum : undefined;
  const maximum = typeof schema.maximum === "number" ? schema.maximum : undefined;
  if ((minimum === undefined || minimum <= 3) && (maximum === undefined || maximum >= 3)) return 3;
  return minimum ?? maximum ?? 3;
}
