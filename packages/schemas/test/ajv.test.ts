// addSchemas on a real ajv 2020 instance: every per-type schema registered
// under its $id, messages validated by id, ids and keywords already known
// left alone, and the annotation keywords those of the generator.
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ANNOTATION_KEYWORDS as GENERATOR_KEYWORDS } from "@app-server-protocol/generator/schema-tools";
import { ANNOTATION_KEYWORDS, addSchemas, schemaId, schemaNames } from "@app-server-protocol/schemas";

const IDS = schemaNames().map(schemaId);
const request = { type: "request", id: "req-1", method: "session/list" };

/** An ajv as strict as a consumer's; `validateSchema: false` spares the meta-schema check where a test adds the set many times. */
function strictAjv(validateSchema = true): Ajv2020 {
  return new Ajv2020({ strict: true, discriminator: true, validateSchema });
}

describe("addSchemas", () => {
  const ajv = addSchemas(strictAjv());

  it("registers every per-type schema under its $id", () => {
    expect(IDS.filter((id) => ajv.schemas[id] === undefined)).toEqual([]);
  });

  it("validates a client message by the ClientMessage $id: a valid one passes, a wrong type or an unknown tag fails", () => {
    const validate = ajv.getSchema(schemaId("ClientMessage"));
    if (validate === undefined) throw new Error("ClientMessage is not registered");
    expect(validate(request)).toBe(true);
    expect(validate({ type: "response", id: "srv-ask-user-1", result: { status: "success", data: {} } })).toBe(true);
    expect(validate({ ...request, id: 1 })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: "/id", keyword: "type" });
    expect(validate({ ...request, type: "event" })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: "discriminator" });
  });

  it("returns the instance it was given, and a second call on it changes nothing and does not throw", () => {
    const before = Object.keys(ajv.schemas).length;
    expect(addSchemas(ajv)).toBe(ajv);
    expect(Object.keys(ajv.schemas).length).toBe(before);
  });

  it("adds the annotation keywords as a vocabulary, so strict mode compiles every schema", () => {
    for (const keyword of ANNOTATION_KEYWORDS) expect(ajv.RULES.keywords[keyword], keyword).toBe(true);
    expect(ajv.getSchema(schemaId("AskUserQuestionRequest"))).toBeTypeOf("function");
  });

  it("keeps a keyword ajv already defines", () => {
    const own = strictAjv(false);
    own.addKeyword({ keyword: "x-sensitive", schemaType: "boolean" });
    const definition = own.getKeyword("x-sensitive");
    addSchemas(own);
    expect(own.getKeyword("x-sensitive")).toBe(definition);
  });

  it("annotates with the keywords the generator writes into the files", () => {
    expect([...ANNOTATION_KEYWORDS]).toEqual([...GENERATOR_KEYWORDS]);
  });
});

describe("addSchemas over ids already registered", () => {
  it("leaves any set of taken ids as they were and registers every other", () => {
    fc.assert(
      fc.property(fc.subarray(IDS, { maxLength: 20 }), (taken) => {
        const ajv = strictAjv(false);
        for (const id of taken) ajv.addSchema({ $id: id, type: "string" });
        expect(() => addSchemas(ajv)).not.toThrow();
        expect(IDS.filter((id) => ajv.schemas[id] === undefined)).toEqual([]);
        for (const id of taken) expect(ajv.getSchema(id)?.("a string"), id).toBe(true);
      }),
      { numRuns: 20 },
    );
  });
});
