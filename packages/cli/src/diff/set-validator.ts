import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { TypeTable } from "./minimal-instance.js";

/** Judges instances against the types of one schema set with ajv; `accepts` is `undefined` when the type is missing or does not compile. */
export interface SetValidator {
  accepts(type: string, instance: unknown): boolean | undefined;
}

/** The ajv options the diff's witnesses are checked with (README "Witnesses"). */
export function diffAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, discriminator: true, allowUnionTypes: true });
  ajv.addVocabulary(["x-protocol-version", "x-sensitive", "x-opaque"]);
  return ajv;
}

/** A validator over `types`, compiling each type the first time it is asked about. */
export function setValidator(types: TypeTable, id: string): SetValidator {
  // Built on first use: most diffs need no witness, and a set ajv cannot take (a type that is no schema) simply has none.
  let ajv: Ajv2020 | undefined;
  const ajvOf = () => {
    if (ajv === undefined) {
      ajv = diffAjv();
      ajv.addSchema({ $id: id, $defs: Object.fromEntries(types) });
    }
    return ajv;
  };
  const compiled = new Map<string, ValidateFunction | undefined>();
  const validatorOf = (type: string) => {
    if (!compiled.has(type)) {
      let validate: ValidateFunction | undefined;
      try {
        validate = types.has(type) ? ajvOf().compile({ $ref: `${id}#/$defs/${encodeURIComponent(type)}` }) : undefined;
      } catch {
        validate = undefined;
      }
      compiled.set(type, validate);
    }
    return compiled.get(type);
  };
  return {
    accepts: (type, instance) => {
      const validate = validatorOf(type);
      return validate === undefined ? undefined : validate(instance);
    },
  };
}
