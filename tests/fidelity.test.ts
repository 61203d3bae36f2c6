import { describe, expect, it } from "vitest";
import { cloneJson, isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { fidelityMismatches } from "./support/fidelity.js";
import { typeSchemas } from "./support/schemas.js";

const schemas = typeSchemas();

function mutate(name: string, change: (schema: JsonObject) => void): [string, JsonObject] {
  const schema = cloneJson(schemas.get(name) ?? {});
  change(schema);
  return [name, schema];
}

function properties(schema: JsonObject): JsonObject {
  if (!isJsonObject(schema.properties)) throw new Error("no properties");
  return schema.properties;
}

describe("schema fidelity", () => {
  it("every schema re-derives to exactly its hand-written type", async () => {
    expect(Object.fromEntries(await fidelityMismatches(schemas))).toEqual({});
  });

  it("notices a schema that lost an optional field, a null, a map value type or a union member", async () => {
    const mutated = new Map([
      mutate("AskUserOption", (schema) => {
        delete properties(schema).preview;
      }),
      mutate("AskUserQuestionResponse", (schema) => {
        properties(schema).answer = { type: "string" };
      }),
      mutate("AskUserOutcomeAnswered", (schema) => {
        properties(schema).annotations = { type: "object" };
      }),
      mutate("McpTrustDecisionWire", (schema) => {
        schema.enum = ["trust"];
      }),
      mutate("ClientCapabilities", (schema) => schema),
    ]);
    const mismatches = await fidelityMismatches(mutated);
    expect([...mismatches.keys()].sort()).toEqual(["AskUserOption", "AskUserOutcomeAnswered", "AskUserQuestionResponse", "McpTrustDecisionWire"]);
  });
});
