import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import ajvFormats from "ajv-formats";
import type { JsonObject } from "../json-value.js";
import { canonical } from "./canonical.js";
import { linearRegExp } from "./linear-pattern.js";
import type { TypeTable } from "./minimal-instance.js";

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

/** How a set's instances are judged. */
export interface ValidatorOptions {
  /** Check `format` (ajv-formats' formats; an unknown format accepts every string); otherwise `format` is an annotation. */
  readonly assertFormats: boolean;
}

/** Judges instances against the types of one schema set with ajv; `accepts` is `undefined` when the type is missing, does not compile, or the check needs a pattern the engine cannot run. */
export interface SetValidator {
  accepts(type: string, instance: unknown): boolean | undefined;
  /** Whether the set has a schema of `type` at all. */
  has(type: string): boolean;
  /** Judges `instance` against a schema of its own that refers to the set's types as `#/$defs/<Type>` (a method registry read as a schema). */
  acceptsSchema(key: string, schema: () => JsonObject, instance: unknown): boolean | undefined;
}

/**
 * `enum` by a hash of each value's canonical JSON: the same values as
 * ajv's own keyword accepts (deep equality), one look-up per check instead
 * of one comparison per listed value, so a witness per removed value of a
 * huge enum stays linear.
 */
function addHashedEnum(ajv: Ajv2020, work: DiffWork): void {
  ajv.removeKeyword("enum");
  ajv.addKeyword({
    keyword: "enum",
    schemaType: "array",
    compile: (values: readonly unknown[]) => {
      const keys = new Set(values.map(canonical));
      return (data: unknown) => {
        work.enumComparisons += 1;
        return keys.has(canonical(data));
      };
    },
  });
}

/**
 * The ajv the diff's witnesses are checked with (README "Witnesses"): draft
 * 2020-12, patterns in linear time, no log output. `validateSchema: false`
 * leaves the meta-schema check to `checkSchema`: each ajv compiles the
 * meta-schema again, which costs more than a whole diff of two small sets.
 * The optimizer's pass over the generated code is left out: it costs a
 * third of a compile and changes no verdict.
 */
function diffAjv(options: ValidatorOptions, work: DiffWork, validateSchema: boolean): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, discriminator: true, allowUnionTypes: true, logger: false, validateFormats: options.assertFormats, validateSchema, code: { regExp: linearRegExp, optimize: false } });
  ajv.addVocabulary(["x-protocol-version", "x-sensitive", "x-opaque"]);
  // `.default` is the plugin in every module system: ajv-formats sets it on its own export.
  if (options.assertFormats) ajvFormats.default(ajv);
  addHashedEnum(ajv, work);
  return ajv;
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

// One ajv per reading of `format` checks every schema against the meta-schema, compiled once for the whole process.
const metaCheckers = new Map<boolean, Ajv2020>();

/** Throws as ajv's own `addSchema` and `compile` do when `schema` is no valid draft 2020-12 schema. */
function checkSchema(schema: JsonObject, options: ValidatorOptions): void {
  const checker = metaCheckers.get(options.assertFormats) ?? diffAjv(options, noWork(), true);
  metaCheckers.set(options.assertFormats, checker);
  if (checker.validateSchema(schema) !== true) throw new Error(`schema is invalid: ${checker.errorsText(checker.errors)}`);
}

/** A validator over `types`, compiling each type the first time it is asked about. */
export function setValidator(types: TypeTable, id: string, options: ValidatorOptions, work: DiffWork): SetValidator {
  // Built on first use: most diffs need no witness, and a set ajv cannot take (a type that is no schema) simply has none.
  let ajv: Ajv2020 | undefined;
  const ajvOf = () => {
    if (ajv === undefined) {
      ajv = diffAjv(options, work, false);
      const set = { $id: id, $defs: Object.fromEntries(types) };
      checkSchema(set, options);
      ajv.addSchema(set);
    }
    return ajv;
  };
  const compiled = new Map<string, ValidateFunction | undefined>();
  const compiledOnce = (key: string, schema: () => JsonObject) => {
    if (!compiled.has(key)) {
      let validate: ValidateFunction | undefined;
      try {
        const root = { ...schema(), $id: `${id}:${key}` };
        checkSchema(root, options);
        validate = ajvOf().compile(root);
      } catch {
        validate = undefined;
      }
      compiled.set(key, validate);
    }
    return compiled.get(key);
  };
  return {
    accepts: (type, instance) => {
      work.validations += 1;
      return types.has(type) ? judged(compiledOnce(`type:${type}`, () => ({ $ref: `${id}#/$defs/${encodeURIComponent(type)}` })), instance, work) : undefined;
    },
    has: (type) => types.has(type),
    acceptsSchema: (key, schema, instance) => {
      work.validations += 1;
      return judged(compiledOnce(`schema:${key}`, schema), instance, work);
    },
  };
}
