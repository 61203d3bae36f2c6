// The zod forms of wire rules zod has no single schema for: integers of any
// size, maps that also check a `__proto__` key, and the unions whose variant
// the value names (by its tag, its one key, or by being a bare string) or
// that are told apart by trying each variant. Each union reports a value the
// way the protocol's decoder reads it: the variant the value names, or why
// it names none.
import * as z from "zod";
import type { FailureCode } from "./verdict.js";

/**
 * Any JSON integer. `z.int()` stops at ±(2^53 - 1), but a 64-bit or
 * machine-size field may carry a larger integer on the wire, which the schema
 * accepts (JavaScript reads it with lost precision).
 */
export function wireInteger() {
  return z.number().check((payload) => {
    if (!Number.isInteger(payload.value)) payload.issues.push({ code: "invalid_type", expected: "int", input: payload.value, continue: false });
  });
}

/**
 * A JSON object used as a map from any key to `values`. `z.record` passes
 * over a `__proto__` key without checking its value; the wire allows that key
 * like any other, so its value is checked here. The parsed map leaves the key
 * out, as `z.record` does, so that it never replaces an object's prototype.
 */
export function jsonMap<Values extends z.ZodType>(values: Values) {
  return z.preprocess((input, context) => {
    const own = typeof input === "object" && input !== null ? Object.getOwnPropertyDescriptor(input, "__proto__") : undefined;
    const checked = own === undefined ? undefined : values.safeParse(own.value);
    for (const issue of checked?.error?.issues ?? []) context.addIssue({ ...issue, path: ["__proto__", ...issue.path] });
    return input;
  }, z.record(z.string(), values));
}

/** Why a value names no variant of a union, as a failure of the verdict vocabulary. */
interface Rejection {
  readonly failure: FailureCode;
  readonly message: string;
}

type Union = z.ZodUnion<readonly z.core.SomeType[]>;

/**
 * `union`, parsed as its decoder reads it: `choose` names the variant the
 * value is (only that variant's issues are reported) or says why it is none.
 */
function chosen<U extends Union>(union: U, choose: (input: unknown) => z.ZodType | Rejection) {
  return z.preprocess((input, context) => {
    const choice = choose(input);
    if ("failure" in choice) {
      context.addIssue({ code: "custom", message: choice.message, params: { failure: choice.failure }, input });
    } else {
      for (const issue of choice.safeParse(input).error?.issues ?? []) context.addIssue({ ...issue });
    }
    return input;
  }, union);
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function quoted(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

/** The options of a union, each a schema of the classic API (as every generated schema is). */
function optionsOf(union: Union): z.ZodType[] {
  return union.options.filter((option) => option instanceof z.ZodType);
}

/** The string constants a variant's tag schema allows. */
function constantsOf(schema: z.core.SomeType | undefined): string[] {
  if (schema instanceof z.ZodLiteral) return [...schema.values].filter((value): value is string => typeof value === "string");
  if (schema instanceof z.ZodEnum) return schema.options.filter((value): value is string => typeof value === "string");
  return [];
}

/**
 * A union in Rust's default enum encoding: a unit variant is a bare string, a
 * data variant an object whose one key names it. Another string or key is an
 * unknown tag; an object with no key or several is an invalid value.
 */
export function externalUnion<U extends Union>(union: U) {
  const units = new Set<string>();
  const keyed = new Map<string, z.ZodType>();
  for (const option of optionsOf(union)) {
    const constants = constantsOf(option);
    for (const unit of constants) units.add(unit);
    if (constants.length === 0 && option instanceof z.ZodObject) for (const key of Object.keys(option.shape)) keyed.set(key, option);
  }
  const unitSchema = optionsOf(union).find((option) => constantsOf(option).length > 0);
  return chosen(union, (input): z.ZodType | Rejection => {
    if (typeof input === "string") return units.has(input) && unitSchema !== undefined ? unitSchema : { failure: "unknown_tag", message: `unknown variant ${quoted(input)}` };
    if (!isRecord(input)) return { failure: "wrong_type", message: "must be a string or an object" };
    const keys = Object.keys(input);
    const [key] = keys;
    if (key === undefined || keys.length > 1) return { failure: "invalid_value", message: "must be an object with exactly one key, the variant's name" };
    return keyed.get(key) ?? { failure: "unknown_tag", message: `unknown variant ${quoted(key)}` };
  });
}

/**
 * An internally tagged union with a fallback variant: the variant whose
 * constant tag the value's `tag` field holds, else the fallback (the option
 * whose tag is not a constant), which takes any other tag.
 */
export function taggedUnionWithFallback<U extends Union>(tag: string, union: U) {
  const byTag = new Map<string, z.ZodType>();
  let fallback: z.ZodType | undefined;
  for (const option of optionsOf(union)) {
    const constants = option instanceof z.ZodObject ? constantsOf(option.shape[tag]) : [];
    for (const value of constants) byTag.set(value, option);
    if (constants.length === 0) fallback = option;
  }
  if (fallback === undefined) throw new Error(`a union with a fallback variant needs a variant whose ${tag} is not a constant`);
  const otherwise = fallback;
  return chosen(union, (input) => {
    const value = isRecord(input) ? input[tag] : undefined;
    return (typeof value === "string" ? byTag.get(value) : undefined) ?? otherwise;
  });
}

/** A union without a tag: the first variant that accepts the value; a value none accepts is an invalid value of the union. */
export function untaggedUnion<U extends Union>(union: U) {
  return chosen(union, (input) => (union.safeParse(input).success ? union : { failure: "invalid_value", message: "matches no variant of the union" }));
}
