import { describe, expect, it } from "vitest";
import { definitionsOf, isJsonObject, propertiesOf, type JsonObject } from "../src/schema.js";
import { findUnions } from "../src/unions.js";
import { VIEW_ROOT, quicktypeView } from "../src/view.js";
import { bundle } from "./core-fixtures.js";

const definitions = definitionsOf(bundle);
const view = quicktypeView(definitions, findUnions(definitions));
const viewDefinitions = isJsonObject(view.schema.definitions) ? view.schema.definitions : {};

function viewed(name: string): JsonObject {
  const schema = viewDefinitions[name];
  if (!isJsonObject(schema)) throw new Error(`${name} is not in the view`);
  return schema;
}

describe("quicktypeView", () => {
  it("puts every type under definitions, with its name as title and its field order", () => {
    expect(view.schema.$defs).toBeUndefined();
    expect(viewed("SessionRecord")).toMatchObject({ title: "SessionRecord", quicktypePropertyOrder: Object.keys(propertiesOf(definitions.SessionRecord ?? {})) });
    expect(JSON.stringify(view.schema)).not.toContain("#/$defs/");
  });

  it("stands an empty record in for each union and moves the tag out of its variants", () => {
    expect(viewed("StreamEvent")).toMatchObject({ type: "object", title: "StreamEvent", properties: {}, additionalProperties: false });
    expect(Object.keys(propertiesOf(viewed("StreamEventAssistantDelta")))).toEqual(["session_id", "delta"]);
    expect(viewed("AgentHookCommandUnsupported")).toMatchObject({ properties: {}, additionalProperties: false });
  });

  it("drops the one-key wrappers of externally tagged unions and keeps their payloads", () => {
    expect(viewDefinitions.CompactDecisionNeedsConfirmation).toBeUndefined();
    expect(viewed("CompactDecisionNeedsConfirmationData").title).toBe("CompactDecisionNeedsConfirmationData");
  });

  it("declares aliases apart and points their references at the target", () => {
    expect(view.aliases).toEqual([
      { name: "McpServerSource", target: "McpServerSourcePlugin", description: expect.any(String) },
      { name: "SessionForkResult", target: "SessionRecord", description: expect.any(String) },
    ]);
    expect(viewDefinitions.SessionForkResult).toBeUndefined();
    expect(JSON.stringify(viewed("McpServerOverview"))).toContain("#/definitions/McpServerSourcePlugin");
  });

  it("reaches every type from one root whose fields are the types nothing else refers to", () => {
    expect(view.schema.title).toBe(VIEW_ROOT);
    const rootTargets = Object.values(propertiesOf(view.schema)).map((field) => String(field.$ref).replace("#/definitions/", ""));
    expect(rootTargets).toEqual(view.topLevels);
    expect(view.topLevels).toContain("ClientMessageRequest");
    expect(view.topLevels).not.toContain("SessionRecord");
    expect(view.topLevels).not.toContain("Uint32");
  });

  it("keeps a field's doc on a reference without copying the referenced type", () => {
    const session = propertiesOf(viewed("AcpLoadReplayPreflight")).session;
    expect(session).toEqual({ description: expect.any(String), anyOf: [{ $ref: "#/definitions/SessionRecord" }] });
  });

  it("refuses a variant record that another type also uses", () => {
    const shared = {
      U: { anyOf: [{ $ref: "#/$defs/UA" }, { $ref: "#/$defs/UB" }] },
      UA: { type: "object", properties: { kind: { const: "a" } }, required: ["kind"] },
      UB: { type: "object", properties: { kind: { const: "b" } }, required: ["kind"] },
      Holder: { type: "object", properties: { a: { $ref: "#/$defs/UA" } } },
    };
    expect(() => quicktypeView(shared, findUnions(shared))).toThrow(/UA is a variant of U and also used by Holder/);
  });
});
