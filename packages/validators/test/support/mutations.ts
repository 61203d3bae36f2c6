import fc from "fast-check";
import { isJsonObject } from "@app-server-protocol/generator/json";

// Single mutations of JSON values: one node replaced, or one field dropped.

type Step = string | number;

/** The path of every node of `value`, the value itself first. */
export function pathsOf(value: unknown, prefix: readonly Step[] = []): Step[][] {
  const here = [[...prefix]];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))];
  if (isJsonObject(value)) return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
  return here;
}

/** A marker replacement: drop the node (a field, or an array item) instead of replacing it. */
export const DROP = Symbol("drop");

/** A copy of `value` with the node at `path` replaced by `replacement`, or dropped. */
export function mutated(value: unknown, path: readonly Step[], replacement: unknown): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return replacement === DROP ? undefined : replacement;
  if (Array.isArray(value) && typeof step === "number") {
    const copy = [...value];
    if (rest.length === 0 && replacement === DROP) copy.splice(step, 1);
    else copy[step] = mutated(value[step], rest, replacement);
    return copy;
  }
  if (isJsonObject(value) && typeof step === "string") {
    const copy = { ...value };
    if (rest.length === 0 && replacement === DROP) delete copy[step];
    else copy[step] = mutated(value[step], rest, replacement);
    return copy;
  }
  return value;
}

/**
 * One mutation of one of `samples`: a node replaced by any JSON value, by one
 * of the `names` (or an object keyed by one), or dropped.
 */
export function mutationOf(samples: readonly unknown[], names: readonly string[]): fc.Arbitrary<unknown> {
  const anyValue = fc.jsonValue({ maxDepth: 2 });
  // A schema that names nothing (any JSON value) is mutated with values only.
  const name = names.length === 0 ? fc.string() : fc.constantFrom(...names, ...names.map((entry) => entry.toLowerCase()), ...names.map((entry) => entry.toUpperCase()));
  const replacement = fc.oneof(anyValue, name, fc.tuple(name, anyValue).map(([key, data]) => ({ [key]: data })), fc.constant(DROP));
  return fc
    .constantFrom(...samples)
    .chain((sample) => fc.tuple(fc.constant(sample), fc.constantFrom(...pathsOf(sample)), replacement))
    .map(([sample, path, value]) => mutated(sample, path, value));
}
