import { isProtocolTypeName, matches } from "./compiled.js";
import { STRICT_SHAPES } from "./generated/strict-shapes.js";
import { pointerToken } from "./pointer.js";

// Producer-strict mode: after the tolerant validator accepted a value, walk
// it beside the generated table of the fields each type defines and report
// the first field the protocol does not define. The table is data, parsed on
// first use, so the mode costs nothing to load when it is not used.

let shapes: { readonly [key: string]: unknown } | undefined;

function shapeTable(): { readonly [key: string]: unknown } {
  if (shapes === undefined) {
    const parsed: unknown = JSON.parse(STRICT_SHAPES);
    shapes = isRecord(parsed) ? parsed : {};
  }
  return shapes;
}

function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function own(record: { readonly [key: string]: unknown }, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Whether `value` could be the variant `shape` of an untagged union. */
function fitsVariant(shape: unknown, value: unknown): boolean {
  if (!isRecord(shape)) return false;
  const ref = shape.r;
  if (typeof ref === "string") return isProtocolTypeName(ref) && matches(ref, value);
  return "a" in shape ? Array.isArray(value) : isRecord(value);
}

/** The JSON Pointer of the first field of `value` that `shape` does not define, if any. */
function firstUnknownField(shape: unknown, value: unknown, path: string): string | undefined {
  if (!isRecord(shape)) return undefined;
  if (typeof shape.r === "string") return firstUnknownField(own(shapeTable(), shape.r), value, path);
  if (typeof shape.d === "string") {
    const variants = shape.v;
    const tag = isRecord(value) ? own(value, shape.d) : undefined;
    return isRecord(variants) && typeof tag === "string" ? firstUnknownField(own(variants, tag), value, path) : undefined;
  }
  if (Array.isArray(shape.u)) {
    const variant = shape.u.find((candidate) => fitsVariant(candidate, value));
    return firstUnknownField(variant, value, path);
  }
  if ("a" in shape) {
    if (!Array.isArray(value)) return undefined;
    for (let index = 0; index < value.length; index += 1) {
      const found = firstUnknownField(shape.a, value[index], `${path}/${index}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const fields = shape.o;
  if (!isRecord(fields) || !isRecord(value)) return undefined;
  for (const key of Object.keys(value)) {
    const known = Object.hasOwn(fields, key);
    if (!known && !("m" in shape)) return `${path}/${pointerToken(key)}`;
    const found = firstUnknownField(known ? fields[key] : shape.m, value[key], `${path}/${pointerToken(key)}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The first field of a valid `name` value that the protocol does not define, as a JSON Pointer under `prefix`. */
export function unknownFieldOf(name: string, value: unknown, prefix: string): string | undefined {
  return firstUnknownField({ r: name }, value, prefix);
}
