import { describe, expect, it } from "vitest";
import { definitionsOf } from "../src/schema.js";
import { findUnions, variantName, type Union } from "../src/unions.js";
import { bundle } from "./core-fixtures.js";

const unions = findUnions(definitionsOf(bundle));
const byName = new Map(unions.map((union) => [union.name, union]));

function union(name: string): Union {
  const found = byName.get(name);
  if (found === undefined) throw new Error(`no union ${name}`);
  return found;
}

describe("findUnions on the protocol", () => {
  it("finds every tagged union of the spec as internally tagged, with its tag", () => {
    const internal = Object.fromEntries(unions.flatMap((entry) => (entry.kind === "internal" ? [[entry.name, entry.tag]] : [])));
    expect(internal).toMatchObject({
      ClientMessage: "type",
      ServerMessage: "type",
      ResponseResult: "status",
      AskUserResponseOutcome: "outcome",
      AskUserAnswerValue: "kind",
      PermissionDecisionWire: "decision",
      StreamEvent: "event",
      TranscriptBlock: "kind",
      SessionStatus: "kind",
      StreamJsonControlReply: "subtype",
      StreamJsonQuestionEvent: "type",
      AgentHookCommand: "type",
    });
  });

  it("keeps each variant's tag value and record, in source order", () => {
    const outcome = union("AskUserResponseOutcome");
    expect(outcome.kind === "internal" && outcome.variants.map((variant) => variant.value)).toEqual(["answered", "rejected", "clarify", "finish_plan_interview", "cancelled"]);
    const events = union("StreamEvent");
    expect(events.kind === "internal" && events.variants.length).toBe(31);
  });

  it("reads the free-tag variant of AgentHookCommand as the fallback, emitted as Unsupported", () => {
    expect(union("AgentHookCommand")).toMatchObject({ kind: "internal", variants: [{ value: "command", type: "AgentHookCommandCommand" }], fallback: { type: "AgentHookCommandUnsupported", emitted: "Unsupported" } });
  });

  it("reads Rust's default enum encoding as externally tagged: string units and one-key wrappers", () => {
    expect(union("CompactDecision")).toEqual({
      kind: "external",
      name: "CompactDecision",
      description: expect.any(String),
      units: ["Proceed"],
      variants: [
        { key: "NeedsConfirmation", wrapper: "CompactDecisionNeedsConfirmation", data: { ref: "CompactDecisionNeedsConfirmationData" } },
        { key: "SkippedRecentManual", wrapper: "CompactDecisionSkippedRecentManual", data: { ref: "CompactDecisionSkippedRecentManualData" } },
      ],
    });
    expect(union("HookValidationStatus")).toMatchObject({ units: ["valid"], variants: [{ key: "invalid", data: { primitive: "string" } }] });
  });

  it("leaves the unions without a tag untagged, in member order", () => {
    expect(union("PermissionRequestResult")).toMatchObject({ kind: "untagged", variants: ["PermissionResponseParams", "PermissionDecisionWire"] });
    expect(union("StreamJsonResolution")).toMatchObject({ kind: "untagged", variants: ["AskUserResponseOutcome", "StreamJsonLegacyAnswer"] });
  });

  it("does not count nullable values or string enumerations as unions", () => {
    expect(byName.has("LastProviderRequestResult")).toBe(false);
    expect(byName.has("ErrorCode")).toBe(false);
    expect(byName.has("BootstrapTheme")).toBe(false);
  });
});

describe("findUnions on other shapes", () => {
  const record = (tag: object, extra: object = {}) => ({ type: "object", properties: { kind: tag, ...extra }, required: ["kind"] });

  it("refuses an anonymous union inside a property", () => {
    const definitions = { A: { type: "object", properties: { value: { anyOf: [{ type: "string" }, { type: "object" }] } } } };
    expect(() => findUnions(definitions)).toThrow(/A\.value: an anonymous union/);
  });

  it("accepts a nullable property", () => {
    expect(findUnions({ A: { type: "object", properties: { value: { anyOf: [{ $ref: "#/$defs/B" }, { type: "null" }] } } }, B: { type: "object" } })).toEqual([]);
  });

  it("requires the fallback record to be named after the union and its emitted tag", () => {
    const definitions = {
      U: { anyOf: [{ $ref: "#/$defs/UA" }, { $ref: "#/$defs/Other" }] },
      UA: record({ type: "string", const: "a" }),
      Other: record({ type: "string" }),
    };
    expect(() => findUnions(definitions)).toThrow(/must be named U<EmittedTag>/);
  });

  it("falls back to untagged when two variants share a tag value", () => {
    const definitions = { U: { anyOf: [{ $ref: "#/$defs/A" }, { $ref: "#/$defs/B" }] }, A: record({ const: "x" }), B: record({ const: "x" }, { b: { type: "string" } }) };
    expect(findUnions(definitions)).toEqual([{ kind: "untagged", name: "U", description: undefined, variants: ["A", "B"] }]);
  });

  it("refuses a union of an object and a primitive it cannot name", () => {
    expect(() => findUnions({ U: { anyOf: [{ type: "string" }, { type: "object" }] } })).toThrow(/U: a union the bindings cannot express/);
  });
});

describe("variantName", () => {
  it("spells tags and keys in PascalCase", () => {
    expect(["session_started", "approve_always", "NeedsConfirmation", "built_in", "mcp_trust/request", "Unsupported"].map(variantName)).toEqual([
      "SessionStarted",
      "ApproveAlways",
      "NeedsConfirmation",
      "BuiltIn",
      "McpTrustRequest",
      "Unsupported",
    ]);
  });
});
