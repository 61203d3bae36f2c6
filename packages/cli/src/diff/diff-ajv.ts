import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import ajvFormats from "ajv-formats";
import type { JsonObject } from "../json-value.js";
import { canonical } from "./canonical.js";
import { linearRegExp } from "./linear-pattern.js";
import type { TypeTable } from "./minimal-instance.js";

/** How a set's instances are judged. */
export interface ValidatorOptions {
  /** Check `format` (ajv-formats' formats; an unknown format accepts every string); otherwise `format` is an annotation. */
  readonly assertFormats: boolean;
}

/** Where the hashed `enum` counts its look-ups: the work of the diff the ajv serves at the time. */
interface EnumCounter {
  count(): void;
}

/**
 * `enum` by a hash of each value's canonical JSON: the same values as
 * ajv's own keyword accepts (deep equality), one look-up per check instead
 * of one comparison per listed value, so a witness per removed value of a
 * huge enum stays linear.
 */
function addHashedEnum(ajv: Ajv2020, counter: EnumCounter): void {
  ajv.removeKeyword("enum");
  ajv.addKeyword({
    keyword: "enum",
    schemaType: "array",
    compile: (values: readonly unknown[]) => {
      const keys = new Set(values.map(canonical));
      return (data: unknown) => {
        counter.count();
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
function diffAjv(options: ValidatorOptions, counter: EnumCounter, validateSchema: boolean): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, discriminator: true, allowUnionTypes: true, logger: false, validateFormats: options.assertFormats, validateSchema, code: { regExp: linearRegExp, optimize: false } });
  ajv.addVocabulary(["x-protocol-version", "x-sensitive", "x-opaque"]);
  // `.default` is the plugin in every module system: ajv-formats sets it on its own export.
  if (options.assertFormats) ajvFormats.default(ajv);
  addHashedEnum(ajv, counter);
  return ajv;
}

// One ajv per reading of `format` checks every schema against the meta-schema, compiled once for the whole process.
const metaCheckers = new Map<boolean, Ajv2020>();

/** Throws as ajv's own `addSchema` and `compile` do when `schema` is no valid draft 2020-12 schema. */
function checkSchema(schema: JsonObject, options: ValidatorOptions): void {
  const checker = metaCheckers.get(options.assertFormats) ?? diffAjv(options, { count: () => {} }, true);
  metaCheckers.set(options.assertFormats, checker);
  if (checker.validateSchema(schema) !== true) throw new Error(`schema is invalid: ${checker.errorsText(checker.errors)}`);
}

/** One set's types in an ajv, and what was compiled from them: kept for the next diffs of the same set. */
export interface SetAjv {
  /** Compiles `schema` (whose `$ref`s may name the set's types) under an id of its own; throws when ajv cannot. */
  compile(schema: JsonObject): ValidateFunction;
  /** Each type's validator once compiled, `undefined` for a type that does not compile. */
  readonly types: Map<string, ValidateFunction | undefined>;
  /** Makes the `enum` look-ups count toward `count`, until the next call. */
  countEnumsWith(count: () => void): void;
}

// The last few sets, by their id, format reading and JSON text: a host or a test that diffs many sets against one
// baseline compiles the baseline's types once. Few, so that a long-lived process holds little.
const KEPT_SETS = 4;
const known = new Map<string, SetAjv>();

function newSetAjv(types: TypeTable, id: string, options: ValidatorOptions): SetAjv {
  let count = () => {};
  const ajv = diffAjv(options, { count: () => count() }, false);
  const set = { $id: id, $defs: Object.fromEntries(types) };
  try {
    checkSchema(set, options);
    ajv.addSchema(set);
  } catch {
    // A set ajv cannot take (a type that is no schema): what names its types does not compile.
  }
  let compiled = 0;
  return {
    compile: (schema) => {
      compiled += 1;
      const root = { ...schema, $id: `${id}:${String(compiled)}` };
      checkSchema(root, options);
      return ajv.compile(root);
    },
    types: new Map(),
    countEnumsWith: (counting) => {
      count = counting;
    },
  };
}

/** The ajv of the set `types` known by `id`: the one of an earlier diff of the same set, or a new one. */
export function setAjv(types: TypeTable, id: string, options: ValidatorOptions): SetAjv {
  const key = `${id} ${String(options.assertFormats)} ${JSON.stringify(Object.fromEntries(types))}`;
  const found = known.get(key) ?? newSetAjv(types, id, options);
  known.delete(key);
  known.set(key, found);
  for (const oldest of [...known.keys()].slice(0, -KEPT_SETS)) known.delete(oldest);
  return found;
}
