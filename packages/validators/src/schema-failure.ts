import type { CompiledError } from "./compiled.js";
import { exactBound } from "./generated/integer-bounds.js";
import { pointerToken } from "./pointer.js";
import { failure, preview, type ValidationFailure, type ValidationFailureCode } from "./result.js";
import { EXTERNAL_UNION_KEYWORD, UNTAGGED_UNION_KEYWORD } from "./union-keywords.js";

function describeType(expected: unknown): string {
  const names = Array.isArray(expected) ? expected.map(String) : String(expected).split(",");
  const article = (name: string) => (name === "null" ? "null" : `${/^[aeiou]/.test(name) ? "an" : "a"} ${name}`);
  return `must be ${names.map(article).join(" or ")}`;
}

/** A schema's bound as the schema writes it: JSON.parse reads u64's 18446744073709551615 as 2^64, which prints as 18446744073709552000. */
function boundText(limit: unknown): string {
  return (typeof limit === "number" ? exactBound(limit) : undefined) ?? String(limit);
}

function field(base: string, name: unknown): string {
  return `${base}/${pointerToken(String(name))}`;
}

function fromError(error: CompiledError, prefix: string, type: string): ValidationFailure {
  const path = `${prefix}${error.instancePath}`;
  const { params } = error;
  switch (error.keyword) {
    case "required":
      return failure("missing_field", field(path, params.missingProperty), "missing required field", type).error;
    case "type":
      return failure("wrong_type", path, describeType(params.type), type).error;
    case "discriminator": {
      const tagPath = field(path, params.tag);
      if (params.tagValue === undefined) return failure("missing_field", tagPath, "missing required field", type).error;
      if (typeof params.tagValue !== "string") return failure("wrong_type", tagPath, "must be a string", type).error;
      return failure("unknown_tag", tagPath, `unknown value ${preview(params.tagValue)}`, type).error;
    }
    case "const":
      return failure("invalid_value", path, `must be ${preview(params.allowedValue)}`, type).error;
    case "enum": {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues : [];
      const listed = allowed.slice(0, 8).map(preview).join(", ");
      return failure("invalid_value", path, `must be one of ${listed}${allowed.length > 8 ? ", …" : ""}`, type).error;
    }
    case "minimum":
    case "maximum":
      return failure("invalid_value", path, `must be ${String(params.comparison)} ${boundText(params.limit)}`, type).error;
    default:
      return failure("invalid_value", path, "matches none of the allowed shapes", type).error;
  }
}

/** Keywords whose own error only says that no subschema matched: the subschemas' errors say why. */
const COMBINATOR_KEYWORDS = new Set(["anyOf", "oneOf", "if"]);

/** A failure the errors support, with the length of the instance path it was found at (longer is more precise). */
interface Finding {
  readonly failure: ValidationFailure;
  readonly depth: number;
}

interface Context {
  readonly value: unknown;
  readonly prefix: string;
  readonly type: string;
}

function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value at a JSON Pointer the compiled validator reported, read as the validator read it. */
function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const token of pointer.split("/").slice(1)) {
    const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(value)) value = value[Number(key)];
    else if (isRecord(value) && Object.hasOwn(value, key)) value = value[key];
    else return undefined;
  }
  return value;
}

function within(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}

function finding(code: ValidationFailureCode, path: string, text: string, context: Context): Finding {
  return { failure: failure(code, `${context.prefix}${path}`, text, context.type).error, depth: path.length };
}

/**
 * An externally tagged union no variant accepted: a string is a unit
 * variant's name and an object's one key a data variant's name, so either
 * names an unknown variant unless the key's data is what failed (only the
 * variant named by that key validates below it), which is then described.
 */
function externalUnionFinding(union: CompiledError, variantErrors: readonly CompiledError[], context: Context): Finding {
  const path = union.instancePath;
  const value = valueAt(context.value, path);
  if (typeof value === "string") return finding("unknown_tag", path, `unknown variant ${preview(value)}`, context);
  if (!isRecord(value)) return finding("wrong_type", path, "must be a string or an object", context);
  const keys = Object.keys(value);
  const [key] = keys;
  if (key === undefined || keys.length > 1) return finding("invalid_value", path, "must be an object with exactly one key, the variant's name", context);
  const data = `${path}/${pointerToken(key)}`;
  const inside = mostPrecise(variantErrors.filter((error) => within(error.instancePath, data)), context);
  return inside ?? finding("unknown_tag", path, `unknown variant ${preview(key)}`, context);
}

/** Unions whose error says which of the tagless kinds failed (see `union-keywords.ts`). */
const TAGLESS_UNION_KEYWORDS = new Set([EXTERNAL_UNION_KEYWORD, UNTAGGED_UNION_KEYWORD]);

function taglessUnionFinding(union: CompiledError, variantErrors: readonly CompiledError[], context: Context): Finding {
  if (union.keyword === EXTERNAL_UNION_KEYWORD) return externalUnionFinding(union, variantErrors, context);
  return finding("invalid_value", union.instancePath, "matches no variant of the union", context);
}

/**
 * The most precise finding among errors in the order the compiled code
 * reported them, where each union's error follows its variants' errors. A
 * tagless union is described by its own rule, from the errors of its
 * variants (the run of errors before it at or below its path); otherwise a
 * failure inside a variant is preferred over a union's own "no variant
 * matched", the deepest path wins, and the first reported among equals.
 */
function mostPrecise(errors: readonly CompiledError[], context: Context): Finding | undefined {
  let best: Finding | undefined;
  let index = errors.length - 1;
  while (index >= 0) {
    const error = errors[index];
    index -= 1;
    if (error === undefined || COMBINATOR_KEYWORDS.has(error.keyword)) continue;
    let found: Finding;
    if (TAGLESS_UNION_KEYWORDS.has(error.keyword)) {
      const end = index + 1;
      while (index >= 0 && within(errors[index]?.instancePath ?? "", error.instancePath)) index -= 1;
      found = taglessUnionFinding(error, errors.slice(index + 1, end), context);
    } else {
      found = { failure: fromError(error, context.prefix, context.type), depth: error.instancePath.length };
    }
    // Walking backwards, `>=` lets the first reported of equally deep findings win.
    if (best === undefined || found.depth >= best.depth) best = found;
  }
  return best;
}

/**
 * The most precise of the errors a compiled validator reported for `value`:
 * a failure inside a union's variant rather than the union's own "no
 * variant matched", and the deepest path among those; a union told apart
 * without a tag field is reported in the protocol's terms (`unknown_tag` for
 * an externally tagged union's unknown variant, `invalid_value` for a value
 * that is none of an untagged union's variants).
 */
export function describeSchemaErrors(errors: readonly CompiledError[] | null | undefined, value: unknown, prefix: string, type: string): ValidationFailure {
  const all = errors ?? [];
  const found = mostPrecise(all, { value, prefix, type });
  if (found !== undefined) return found.failure;
  // Only unions' own errors (several variants of a `oneOf` matched, say): the outermost one.
  const outermost = all[all.length - 1];
  return outermost === undefined ? failure("invalid_value", prefix, "does not match the schema", type).error : fromError(outermost, prefix, type);
}
