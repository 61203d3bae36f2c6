import { describe, expect, it } from "vitest";
import { isThreeState, presenceOf } from "../src/presence.js";
import { definitionsOf, propertiesOf } from "../src/schema.js";
import { bundle } from "./core-fixtures.js";

const definitions = definitionsOf(bundle);

describe("presenceOf", () => {
  it("reads the spec's presence notation from the field docs", () => {
    const record = {
      type: "object",
      properties: {
        id: { type: "string", description: "Required." },
        hooks: { type: "array", description: "Optional, defaults to `[]`; always emitted." },
        turn_id: { type: ["string", "null"], description: "Omitted when absent; `null` means absent." },
        note: { type: "string", description: "Optional; the server leaves it out when empty." },
        token: { type: ["string", "null"], description: "Optional and nullable; absent and `null` both mean none." },
      },
      required: ["id"],
    };
    expect(Object.fromEntries(presenceOf(record))).toEqual({ id: "required", hooks: "always", turn_id: "when_set", note: "when_set", token: "always" });
  });

  it("classifies the ask_user request as spec 2.4 does", () => {
    const presence = Object.fromEntries(presenceOf(definitions.AskUserQuestionRequest ?? {}));
    expect(presence).toMatchObject({ request_id: "required", session_id: "when_set", turn_id: "when_set", deadline: "when_set", questions: "when_set", validation_error: "when_set" });
  });

  it("treats an optional Option field of a server record as always emitted", () => {
    expect(presenceOf(definitions.SessionRecord ?? {}).get("cwd")).toBe("always");
  });
});

describe("isThreeState", () => {
  it("finds the one field of the protocol whose absence and null differ", () => {
    const found = Object.entries(definitions).flatMap(([name, schema]) =>
      Object.entries(propertiesOf(schema)).flatMap(([field, property]) => (isThreeState(property) ? [`${name}.${field}`] : [])),
    );
    expect(found).toEqual(["SessionGoalSetParams.token_budget"]);
  });
});
