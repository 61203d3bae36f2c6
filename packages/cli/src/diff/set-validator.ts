import type { ValidateFunction } from "ajv/dist/2020.js";
import type { JsonObject } from "../json-value.js";
import { setAjv, type SetAjv, type ValidatorOptions } from "./diff-ajv.js";
import type { TypeTable } from "./minimal-instance.js";

export type { ValidatorOptions } from "./diff-ajv.js";

/** What the diff's checks cost, counted for the tests and the bench: candidates built, validator calls, enum look-ups. */
export interface DiffWork {
  candidates: number;
  validations: number;
  enumComparisons: number;
  changes: number;
  /** Checks that could not be judged: the type does not compile, or the instance reached a pattern beyond the engine. */
  unjudged: number;
}

export function noWork(): DiffWork {
  return { candidates: 0, validations: 0, enumComparisons: 0, changes: 0, unjudged: 0 };
}

/** Judges instances against the types of one schema set with ajv; `accepts` is `undefined` when the type is missing, does not compile, or the check needs a pattern the engine cannot run. */
export interface SetValidator {
  accepts(type: string, instance: unknown): boolean | undefined;
  /** Whether the set has a schema of `type` at all. */
  has(type: string): boolean;
  /** Judges `instance` against a schema of its own that refers to the set's types as `#/$defs/<Type>` (a method registry read as a schema). */
  acceptsSchema(key: string, schema: () => JsonObject, instance: unknown): boolean | undefined;
}

/** Runs `validate`, `undefined` (counted as unjudged) when there is none or it throws (a pattern beyond the engine, a stack too deep). */
function judged(validate: ValidateFunction | undefined, instance: unknown, work: DiffWork): boolean | undefined {
  try {
    if (validate !== undefined) return validate(instance);
  } catch {
    // Unknown, not false: the instance is no witness either way.
  }
  work.unjudged += 1;
  return undefined;
}

/** A validator over `types`, compiling each type the first time a diff of the set asks about it. */
export function setValidator(types: TypeTable, id: string, options: ValidatorOptions, work: DiffWork): SetValidator {
  // Found on first use: most diffs need no witness.
  let set: SetAjv | undefined;
  const setOf = () => {
    set ??= setAjv(types, id, options);
    set.countEnumsWith(() => {
      work.enumComparisons += 1;
    });
    return set;
  };
  const compiledType = (type: string) => {
    const { types: compiled, compile } = setOf();
    if (!compiled.has(type)) compiled.set(type, compiledOrUndefined(() => compile({ $ref: `${id}#/$defs/${encodeURIComponent(type)}` })));
    return compiled.get(type);
  };
  // A schema of the diff's own (the method registry's) is read from this diff's sets, so it is compiled for this diff only.
  const schemas = new Map<string, ValidateFunction | undefined>();
  const compiledSchema = (key: string, schema: () => JsonObject) => {
    if (!schemas.has(key)) schemas.set(key, compiledOrUndefined(() => setOf().compile(schema())));
    return schemas.get(key);
  };
  return {
    accepts: (type, instance) => {
      work.validations += 1;
      return types.has(type) ? judged(compiledType(type), instance, work) : undefined;
    },
    has: (type) => types.has(type),
    acceptsSchema: (key, schema, instance) => {
      work.validations += 1;
      return judged(compiledSchema(key, schema), instance, work);
    },
  };
}

function compiledOrUndefined(compile: () => ValidateFunction): ValidateFunction | undefined {
  try {
    return compile();
  } catch {
    return undefined;
  }
}
