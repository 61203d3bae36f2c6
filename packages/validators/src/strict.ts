import { typeErrors, type CompiledType, type CompiledTypes } from "./compiled.js";
import { EMITTED_FORMS } from "./generated/emitted-forms.js";
import type { ProtocolTypeName } from "./generated/protocol-types.js";
import { pointerToken } from "./pointer.js";
import { failure, preview, type ValidationFailure } from "./result.js";
import { describeSchemaErrors } from "./schema-failure.js";

// Producer-strict mode: after the tolerant validator accepted a value, walk
// it beside the generated table of the fields each type defines (see
// `CompiledTypes.shape`) and report the first field the protocol does not
// define, or the first value of a type that reads more than producers write
// (an input alias, a count the reference truncates: the schemas' `x-emitted`)
// that is not in the emitted form. The table is data, parsed on first use, so
// the mode costs nothing to load when it is not used.

/** A type that reads more than producers write, and the form they write (generated into `EMITTED_FORMS`). */
export interface EmittedForm {
  /** The matcher of the type itself: what a reader accepts. */
  readonly reads: (value: unknown) => boolean;
  /** The emitted form's type. */
  readonly name: ProtocolTypeName;
  /** The emitted form's generated code. */
  readonly type: CompiledType;
  /** When the emitted form is a string enumeration: its values, the canonical spellings. */
  readonly spellings?: readonly string[];
}

const STRICT_NOTE = "(producer-strict mode)";

function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function own(record: { readonly [key: string]: unknown }, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function emittedFormOf(name: string): EmittedForm | undefined {
  return Object.hasOwn(EMITTED_FORMS, name) ? EMITTED_FORMS[name] : undefined;
}

/**
 * Whether `value` could be the variant `shape` of an untagged union: by the
 * variant's validator when the set has one (or its reading, for a type with
 * an emitted form), else by its outline (a tagged union whose tag the value
 * carries, an object, an array).
 */
function fitsVariant(types: CompiledTypes<ProtocolTypeName>, shape: unknown, value: unknown): boolean {
  if (!isRecord(shape)) return false;
  const ref = shape.r;
  if (typeof ref === "string") {
    const form = emittedFormOf(ref);
    if (form !== undefined) return form.reads(value);
    return types.has(ref) ? types.matches(ref, value) : fitsVariant(types, types.shape(ref), value);
  }
  if (typeof shape.d === "string") return isRecord(value) && isRecord(shape.v) && typeof value[shape.d] === "string" && Object.hasOwn(shape.v, String(value[shape.d]));
  return "a" in shape ? Array.isArray(value) : isRecord(value);
}

/** Why a value its type reads is not in the type's emitted form, at `path`. */
function notEmitted(form: EmittedForm, value: unknown, path: string): ValidationFailure {
  if (form.spellings !== undefined && typeof value === "string") {
    const canonical = form.spellings.map((spelling) => JSON.stringify(spelling)).join(", ");
    return failure("invalid_value", path, `non-canonical spelling ${preview(value)}, accepted on input only: producers write one of ${canonical} ${STRICT_NOTE}`, form.name).error;
  }
  const errors = typeErrors(form.type, value);
  // Only a value whose getters answer differently each time gets here.
  if (errors.length === 0) return failure("unprocessable", "", "the value could not be validated (it changed while it was examined)").error;
  const reported = describeSchemaErrors(errors, value, path, form.name);
  return { ...reported, message: `${reported.message} ${STRICT_NOTE}` };
}

/** The first strict-mode failure of a value of type `name` (tolerantly valid) at `path`. */
function referencedFailure(types: CompiledTypes<ProtocolTypeName>, name: string, value: unknown, path: string): ValidationFailure | undefined {
  const form = emittedFormOf(name);
  if (form === undefined) return firstFailure(types, types.shape(name), value, path);
  if (!form.type.matches(value)) return notEmitted(form, value, path);
  return firstFailure(types, types.shape(form.name), value, path);
}

/** The first field of `value` that `shape` does not define, or the first value not in its emitted form, in document order. */
function firstFailure(types: CompiledTypes<ProtocolTypeName>, shape: unknown, value: unknown, path: string): ValidationFailure | undefined {
  if (!isRecord(shape)) return undefined;
  if (typeof shape.r === "string") return referencedFailure(types, shape.r, value, path);
  if (typeof shape.d === "string") {
    const variants = shape.v;
    const tag = isRecord(value) ? own(value, shape.d) : undefined;
    return isRecord(variants) && typeof tag === "string" ? firstFailure(types, own(variants, tag), value, path) : undefined;
  }
  if (Array.isArray(shape.u)) {
    const variant = shape.u.find((candidate) => fitsVariant(types, candidate, value));
    return firstFailure(types, variant, value, path);
  }
  if ("a" in shape) {
    if (!Array.isArray(value)) return undefined;
    for (let index = 0; index < value.length; index += 1) {
      const found = firstFailure(types, shape.a, value[index], `${path}/${index}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const fields = shape.o;
  if (!isRecord(fields) || !isRecord(value)) return undefined;
  for (const key of Object.keys(value)) {
    const known = Object.hasOwn(fields, key);
    const fieldPath = `${path}/${pointerToken(key)}`;
    if (!known && !("m" in shape)) return failure("unknown_field", fieldPath, `unknown field ${STRICT_NOTE}`).error;
    const found = firstFailure(types, known ? fields[key] : shape.m, value[key], fieldPath);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The first producer-strict failure of a valid `name` value, paths under
 * `prefix`: a field the protocol does not define (`unknown_field`), or a
 * value its type reads but producers do not write (`invalid_value`), in
 * document order. May throw on a hostile value.
 */
export function strictFailureOf<N extends ProtocolTypeName>(types: CompiledTypes<N>, name: N, value: unknown, prefix: string): ValidationFailure | undefined {
  const failed = referencedFailure(types, name, value, prefix);
  // An unknown field is reported for the type validated, as it always was.
  return failed?.code === "unknown_field" ? { ...failed, type: name } : failed;
}
