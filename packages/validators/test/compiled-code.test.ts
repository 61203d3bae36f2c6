import { describe, expect, it } from "vitest";
import * as messageValidators from "../src/generated/message-validators.js";
import * as allValidators from "../src/generated/all-validators.js";

// The build trims ajv's standalone code, because parsing it is most of the
// package's cold start; these checks keep the trimmed code what the package
// relies on.
const modules = { "message-validators": messageValidators, "all-validators": allValidators };

function validatorsOf(module: object): [string, unknown][] {
  return Object.entries(module).filter(([, value]) => typeof value === "function");
}

describe("compiled validator code", () => {
  it.each(Object.entries(modules))("%s reports errors by instance path, keyword and params only", (_name, module) => {
    const validate: unknown = Reflect.get(module, "AskUserQuestionRequest");
    if (typeof validate !== "function") throw new Error("no AskUserQuestionRequest validator");
    expect(validate({ request_id: "q1", session_id: "s1", questions: [{ id: "db", question: 7 }] })).toBe(false);
    const errors: unknown = Reflect.get(validate, "errors");
    expect(Array.isArray(errors) && errors.length > 0).toBe(true);
    for (const error of Array.isArray(errors) ? errors : []) expect(Object.keys(error).sort()).toEqual(["instancePath", "keyword", "params"]);
  });

  it.each(Object.entries(modules))("%s tracks no evaluated properties", (_name, module) => {
    const validators = validatorsOf(module);
    expect(validators.length).toBeGreaterThan(50);
    for (const [name, validate] of validators) expect(Reflect.get(Object(validate), "evaluated"), name).toBeUndefined();
  });
});
