import type { CompiledTypes } from "./compiled.js";
import type { ProtocolTypeName } from "./generated/protocol-types.js";
import { pointerToken } from "./pointer.js";

// Producer-strict mode: after the tolerant validator accepted a value, walk
// it beside the generated table of the fields each type defines (see
// `CompiledTypes.shape`) and report the first field the protocol does not
// define. The table is data, parsed on first use, so the mode costs nothing
// to load when it is not used.

function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function own(record: { readonly [key: string]: unknown }, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Whether `value` could be the variant `shape` of an untagged union: by the
 * variant's validator when the set has one, else by its outline (a tagged
 * union whose tag the value carries, an object, an array).
 */
function fitsVariant(types: CompiledTypes<ProtocolTypeName>, shape: unknown, value: unknown): boolean {
  if (!isRecord(shape)) return false;
  const ref = shape.r;
  if (typeof ref === "string") return types.has(ref) ? types.matches(ref, value) : fitsVariant(types, types.shape(ref), value);
  if (typeof shape.d === "string") return isRecord(value) && isRecord(shape.v) && typeof value[shape.d] === "string" && Object.hasOwn(shape.v, String(value[shape.d]));
  return "a" in shape ? Array.isArray(value) : isRecord(value);
}

/** The JSON Pointer of the first field of `value` that `shape` does not define, if any. */
function firstUnknownField(types: CompiledTypes<ProtocolTypeName>, shape: unknown, value: unknown, path: string): string | undefined {
  if (!isRecord(shape)) return undefined;
  if (typeof shape.r === "string") return firstUnknownField(types, types.shape(shape.r), value, path);
  if (typeof shape.d === "string") {
    const variants = shape.v;
    const tag = isRecord(value) ? own(value, shape.d) : undefined;
    return isRecord(variants) && typeof tag === "string" ? firstUnknownField(types, own(variants, tag), value, path) : undefined;
  }
  if (Array.isArray(shape.u)) {
    const variant = shape.u.find((candidate) => fitsVariant(types, candidate, value));
    return firstUnknownField(types, variant, value, path);
  }
  if ("a" in shape) {
    if (!Array.isArray(value)) return undefined;
    for (let index = 0; index < value.length; index += 1) {
      const found = firstUnknownField(types, shape.a, value[index], `${path}/${index}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const fields = shape.o;
  if (!isRecord(fields) || !isRecord(value)) return undefined;
  for (const key of Object.keys(value)) {
    const known = Object.hasOwn(fields, key);
    if (!known && !("m" in shape)) return `${path}/${pointerToken(key)}`;
    const found = firstUnknownField(types, known ? fields[key] : shape.m, value[key], `${path}/${pointerToken(key)}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The first field of a valid `name` value that the protocol does not define, as a JSON Pointer under `prefix`. */
export function unknownFieldOf<N extends ProtocolTypeName>(types: CompiledTypes<N>, name: N, value: unknown, prefix: string): string | undefined {
  return firstUnknownField(types, { r: name }, value, prefix);
}
