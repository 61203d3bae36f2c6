// ajv as the reference the generated validators are held to: the compiled
// schemas (union-forms.ts) compiled at run time with the options the package
// used to compile with ajv's standalone code. The tests compare the
// matchers' verdicts and the error reporter's errors with it.
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import { validateUnion } from "ajv/dist/vocabularies/code.js";
import type { JsonObject } from "@app-server-protocol/generator/json";
import { EXTERNAL_UNION_KEYWORD, UNTAGGED_UNION_KEYWORD } from "../src/union-keywords.js";

/** One error as the package reports it: ajv's error without the parts it never reads. */
export interface ReferenceError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: { readonly [key: string]: unknown };
}

export interface Reference {
  readonly ajv: Ajv2020;
  /** ajv's errors for `value` as a `name`, `[]` when it accepts the value. */
  errors(name: string, value: unknown): ReferenceError[];
}

export function referenceAjv(compiled: JsonObject): Reference {
  const ajv = new Ajv2020({
    strict: true,
    discriminator: true,
    allowUnionTypes: true,
    allErrors: false,
    messages: false,
    inlineRefs: true,
    loopEnum: Number.MAX_SAFE_INTEGER,
    loopRequired: Number.MAX_SAFE_INTEGER,
  });
  // Ajv2020 forces `unevaluated` on; no protocol schema uses those keywords.
  ajv.opts.unevaluated = false;
  for (const keyword of [EXTERNAL_UNION_KEYWORD, UNTAGGED_UNION_KEYWORD]) ajv.addKeyword({ keyword, schemaType: "array", trackErrors: true, code: validateUnion });
  ajv.addSchema(compiled);
  const id = String(compiled.$id);
  return {
    ajv,
    errors(name, value) {
      const validate = ajv.getSchema(`${id}#/$defs/${name}`);
      if (validate === undefined) throw new Error(`no definition ${name}`);
      if (validate(value) === true) return [];
      return (validate.errors ?? []).map(({ instancePath, keyword, params }: ErrorObject) => ({ instancePath, keyword, params }));
    },
  };
}
