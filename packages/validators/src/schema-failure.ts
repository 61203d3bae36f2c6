import type { CompiledError } from "./compiled.js";
import { pointerToken } from "./pointer.js";
import { failure, preview, type ValidationFailure } from "./result.js";

function describeType(expected: unknown): string {
  const names = Array.isArray(expected) ? expected.map(String) : String(expected).split(",");
  const article = (name: string) => (name === "null" ? "null" : `${/^[aeiou]/.test(name) ? "an" : "a"} ${name}`);
  return `must be ${names.map(article).join(" or ")}`;
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
      return failure("invalid_value", path, `must be ${String(params.comparison)} ${String(params.limit)}`, type).error;
    default:
      return failure("invalid_value", path, "matches none of the allowed shapes", type).error;
  }
}

const UNION_KEYWORDS = new Set(["anyOf", "oneOf"]);

/**
 * The most precise of the errors a compiled validator reported: a failure
 * inside a union's variant rather than the union's own "no variant matched",
 * and the deepest path among those.
 */
export function describeSchemaErrors(errors: readonly CompiledError[] | null | undefined, prefix: string, type: string): ValidationFailure {
  const all = errors ?? [];
  const specific = all.filter((error) => !UNION_KEYWORDS.has(error.keyword));
  const candidates = specific.length > 0 ? specific : all;
  let best = candidates[0];
  for (const error of candidates) if (best === undefined || error.instancePath.length > best.instancePath.length) best = error;
  return best === undefined ? failure("invalid_value", prefix, "does not match the schema", type).error : fromError(best, prefix, type);
}
