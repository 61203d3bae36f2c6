import { isJsonObject, type JsonObject } from "../json-value.js";
import { minimalInstance, resolved, type TypeTable } from "./minimal-instance.js";

/** One step into a schema: a field, the items, the additional properties, or a union variant. */
export type Step = { readonly into: "properties"; readonly name: string } | { readonly into: "items" | "additionalProperties" } | { readonly into: "oneOf" | "anyOf"; readonly index: number };

/** A witness key for an additional property, unlikely to be a declared field. */
export const EXTRA_KEY = "x_witness_extra";

/** The structural steps a change path starts with; a trailing keyword (`/minimum`, `/pattern`) is where they stop. */
export function stepsOf(segments: readonly string[]): Step[] {
  const steps: Step[] = [];
  for (let at = 0; at < segments.length; at++) {
    const segment = segments[at];
    const next = segments[at + 1];
    if (segment === "properties" && next !== undefined) steps.push({ into: "properties", name: next });
    else if ((segment === "oneOf" || segment === "anyOf") && next !== undefined && /^\d+$/.test(next)) steps.push({ into: segment, index: Number(next) });
    else if (segment === "items" || segment === "additionalProperties") {
      steps.push({ into: segment });
      continue;
    } else break;
    at++;
  }
  return steps;
}

function child(node: JsonObject, step: Step): unknown {
  if (step.into === "properties") return isJsonObject(node["properties"]) && Object.hasOwn(node["properties"], step.name) ? node["properties"][step.name] : undefined;
  if (step.into === "oneOf" || step.into === "anyOf") {
    const variants = node[step.into];
    return Array.isArray(variants) ? variants[step.index] : undefined;
  }
  return node[step.into];
}

/** The variant of a union (or member of an `allOf`) that has the place `step` leads into, when `node` itself has not. */
function holderOf(node: JsonObject, step: Step, types: TypeTable): JsonObject | undefined {
  if (step.into === "oneOf" || step.into === "anyOf" || child(node, step) !== undefined) return undefined;
  for (const keyword of ["anyOf", "oneOf", "allOf"]) {
    const members = node[keyword];
    if (!Array.isArray(members)) continue;
    const holder = members.map((member) => resolved(member, types)).find((member) => child(member, step) !== undefined || holderOf(member, step, types) !== undefined);
    if (holder !== undefined) return holder;
  }
  return undefined;
}

/** The schema at the end of `steps`, `$ref`s followed (through the variant that has a field, when a union is in the way); `undefined` when the schema has no such place. */
export function schemaAt(root: unknown, steps: readonly Step[], types: TypeTable): JsonObject | undefined {
  let node: unknown = root;
  for (const step of steps) {
    if (node === undefined) return undefined;
    const here = resolved(node, types);
    node = child(holderOf(here, step, types) ?? here, step);
  }
  return node === undefined ? undefined : resolved(node, types);
}

function withoutUnions(node: JsonObject): JsonObject {
  const { oneOf: _oneOf, anyOf: _anyOf, ...rest } = node;
  return rest;
}

/** `inner` over the simplest instance of the rest of `node`, when both are objects. */
function over(node: JsonObject, inner: unknown, types: TypeTable): unknown {
  const base = minimalInstance(withoutUnions(node), types);
  return isJsonObject(base) && isJsonObject(inner) ? { ...base, ...inner } : inner;
}

/** An instance of `root` built from its simplest instance, with `value` at the place `steps` lead to. */
export function embedded(root: unknown, steps: readonly Step[], value: unknown, types: TypeTable): unknown {
  const [step, ...rest] = steps;
  if (step === undefined) return value;
  const node = resolved(root, types);
  const holder = holderOf(node, step, types);
  if (holder !== undefined) return over(node, embedded(holder, steps, value, types), types);
  const inner = embedded(child(node, step), rest, value, types);
  if (step.into === "oneOf" || step.into === "anyOf") return over(node, inner, types);
  const base = minimalInstance(node, types);
  if (step.into === "items") return Array.isArray(base) && base.length > 0 ? [inner, ...base.slice(1)] : [inner];
  const object = isJsonObject(base) ? { ...base } : {};
  const key = step.into === "properties" ? step.name : EXTRA_KEY;
  // defineProperty, not assignment: a field named `__proto__` stays a field.
  Object.defineProperty(object, key, { value: inner, enumerable: true, writable: true, configurable: true });
  return object;
}
