// One verdict per parse, in the vocabulary of @app-server-protocol/validators:
// a code and a JSON Pointer to the first problem, picked from zod's issues
// the way the validators pick theirs (a required field before the values
// beside it), so both report the same failure for the same message.
import type * as z from "zod";

const FAILURE_CODES = ["missing_field", "wrong_type", "unknown_tag", "invalid_value", "unknown_method", "unprocessable", "invalid_json"] as const;

export type FailureCode = (typeof FAILURE_CODES)[number];

function isFailureCode(value: unknown): value is FailureCode {
  return FAILURE_CODES.some((code) => code === value);
}

/** The first thing wrong with a value, and where. */
export interface Failure {
  readonly code: FailureCode;
  /** JSON Pointer to the offending value (`""` is the whole value). */
  readonly path: string;
  /** One line for people, starting with the path. */
  readonly message: string;
  /** Every issue zod reported, with paths relative to the checked value. */
  readonly issues: readonly z.core.$ZodIssue[];
}

/** The parsed value, or the first failure. */
export type Verdict<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: Failure };

type Path = readonly PropertyKey[];

function pointer(prefix: string, path: Path): string {
  return prefix + path.map((key) => `/${String(key).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
}

/** Builds a failure whose message starts with its path. */
export function failure(code: FailureCode, path: string, text: string, issues: readonly z.core.$ZodIssue[] = []): { readonly ok: false; readonly error: Failure } {
  return { ok: false, error: { code, path, message: `${path === "" ? "(value)" : path}: ${text}`, issues } };
}

/** The value at `path` of `root`, reading own properties only; `undefined` when absent. */
function valueAt(root: unknown, path: Path): unknown {
  let current = root;
  for (const key of path) {
    if (typeof current !== "object" || current === null || typeof key === "symbol") return undefined;
    current = Object.getOwnPropertyDescriptor(current, key)?.value;
  }
  return current;
}

type Issue = z.core.$ZodIssue;

/** An issue about a field that is not there, whatever the field's schema (a missing tag or enum is reported as a bad value). */
function isMissing(issue: Issue, root: unknown): boolean {
  return issue.path.length > 0 && valueAt(root, issue.path) === undefined;
}

function isPrefix(prefix: Path, path: Path): boolean {
  return prefix.length <= path.length && prefix.every((key, index) => key === path[index]);
}

/**
 * Where the validators meet an issue: at an object, while checking its key
 * count (an unknown key of a closed record), its required fields, or the
 * values inside it, in that order.
 */
interface Step {
  readonly object: Path;
  readonly phase: 0 | 1 | 2;
}

function stepOf(issue: Issue, issues: readonly Issue[], root: unknown): Step {
  if (issue.code === "unrecognized_keys") {
    // A closed record (a one-key wrapper) has its field count capped: the count is over only when
    // the unknown keys outnumber the missing fields; otherwise a missing field is what fails.
    const missing = issues.filter((other) => isMissing(other, root) && other.path.length === issue.path.length + 1 && isPrefix(issue.path, other.path)).length;
    return { object: issue.path, phase: issue.keys.length > missing ? 0 : 2 };
  }
  return { object: issue.path.slice(0, -1), phase: isMissing(issue, root) ? 1 : 2 };
}

/** Whether the validators meet `first` before `second`: in the same object at an earlier phase, or in an enclosing object before they go into its values. */
function precedes(first: Step, second: Step): boolean {
  if (first.phase === 2 || !isPrefix(first.object, second.object)) return false;
  return first.object.length < second.object.length || first.phase < second.phase;
}

/**
 * The issue the validators would report first. zod lists issues in field
 * order, as the validators walk fields, but the validators check an object's
 * field count and required fields before the values inside it. (A union
 * reports only the variant the value names, or why it names none: see
 * wire.ts.)
 */
function firstOf(issues: readonly Issue[], root: unknown): Issue | undefined {
  let chosen = issues[0];
  for (const candidate of issues) if (chosen !== undefined && precedes(stepOf(candidate, issues, root), stepOf(chosen, issues, root))) chosen = candidate;
  return chosen;
}

function jsonType(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}

function codeOf(issue: Issue, root: unknown): FailureCode {
  if (isMissing(issue, root)) return "missing_field";
  const found = valueAt(root, issue.path);
  switch (issue.code) {
    case "invalid_type":
      return "wrong_type";
    case "invalid_union":
      // A discriminated union's tag that names no variant.
      if (issue.discriminator !== undefined) return typeof found === "string" ? "unknown_tag" : "wrong_type";
      return "invalid_value";
    case "invalid_value":
      // An enum or constant of another JSON type is a type error on the wire.
      return issue.values.some((allowed) => jsonType(allowed) === jsonType(found)) ? "invalid_value" : "wrong_type";
    case "custom":
      // A union of wire.ts says in its own terms why the value is none of its variants.
      return isFailureCode(issue.params?.failure) ? issue.params.failure : "invalid_value";
    default:
      return "invalid_value";
  }
}

/** The failure zod's issues describe, with paths under `prefix`. */
export function describeIssues(issues: readonly Issue[], root: unknown, prefix = ""): Failure {
  const first = firstOf(issues, root);
  if (first === undefined) return failure("invalid_value", prefix, "does not match the schema", issues).error;
  return failure(codeOf(first, root), pointer(prefix, first.path), first.message, issues).error;
}

/** Parses `value` with `schema`, reporting paths under `prefix`. Never throws. */
export function check<S extends z.ZodType>(schema: S, value: unknown, prefix = ""): Verdict<z.output<S>> {
  try {
    const result = schema.safeParse(value);
    return result.success ? { ok: true, value: result.data } : { ok: false, error: describeIssues(result.error.issues, value, prefix) };
  } catch (error) {
    // A value that cannot be examined at all, such as a proxy that throws.
    return failure("unprocessable", prefix, `the value could not be examined (${error instanceof Error ? error.name : "error"})`);
  }
}
