import { describe, expect, it } from "vitest";
import { validateClientMessage, validateType as validateMessageType } from "@app-server-protocol/validators";
import { validateServerMessage, validateType, type ProtocolTypeName } from "@app-server-protocol/validators/all";
import type { CompiledError } from "../src/compiled.js";
import { describeSchemaErrors } from "../src/schema-failure.js";
import { EXTERNAL_UNION_KEYWORD, UNTAGGED_UNION_KEYWORD } from "../src/union-keywords.js";

// How a value no variant of a union accepts is reported, for each way the
// protocol tells variants apart.

function failureOf(name: ProtocolTypeName, value: unknown) {
  const result = validateType(name, value);
  return result.ok ? undefined : { code: result.error.code, path: result.error.path };
}

const needsConfirmation = { context_percent_used: 91, threshold_percent: 90 };

describe("externally tagged unions", () => {
  it("report a string that names no unit variant as unknown_tag at the union", () => {
    expect(failureOf("CompactDecision", "proceed")).toEqual({ code: "unknown_tag", path: "" });
    expect(failureOf("SkillSource", "Builtin")).toEqual({ code: "unknown_tag", path: "" });
    expect(validateType("HookProvenance", "builtin")).toMatchObject({ ok: false, error: { message: 'unknown variant "builtin"', type: "HookProvenance" } });
  });

  it("report an object whose one key names no data variant as unknown_tag at the union", () => {
    expect(failureOf("CompactDecision", { Postpone: { turns: 3 } })).toEqual({ code: "unknown_tag", path: "" });
    expect(failureOf("CompactDecision", { kind: "Proceed" })).toEqual({ code: "unknown_tag", path: "" });
    expect(failureOf("HookProvenance", { policy: "managed" })).toEqual({ code: "unknown_tag", path: "" });
    expect(failureOf("AgentSource", { marketplace: { plugin_id: "p" } })).toEqual({ code: "unknown_tag", path: "" });
  });

  it("report the error inside a known data variant's data", () => {
    expect(failureOf("CompactDecision", { NeedsConfirmation: { ...needsConfirmation, threshold_percent: -1 } })).toEqual({ code: "invalid_value", path: "/NeedsConfirmation/threshold_percent" });
    expect(failureOf("CompactDecision", { NeedsConfirmation: { context_percent_used: 91 } })).toEqual({ code: "missing_field", path: "/NeedsConfirmation/threshold_percent" });
    expect(failureOf("CompactDecision", { NeedsConfirmation: "soon" })).toEqual({ code: "wrong_type", path: "/NeedsConfirmation" });
    expect(failureOf("HookValidationStatus", { invalid: 7 })).toEqual({ code: "wrong_type", path: "/invalid" });
  });

  it("report an object without exactly one key as invalid_value, and any other JSON type as wrong_type", () => {
    expect(failureOf("CompactDecision", {})).toEqual({ code: "invalid_value", path: "" });
    expect(failureOf("CompactDecision", { NeedsConfirmation: needsConfirmation, note: "x" })).toEqual({ code: "invalid_value", path: "" });
    expect(failureOf("CompactDecision", 7)).toEqual({ code: "wrong_type", path: "" });
    expect(failureOf("CompactDecision", null)).toEqual({ code: "wrong_type", path: "" });
    expect(failureOf("CompactDecision", ["Proceed"])).toEqual({ code: "wrong_type", path: "" });
  });

  it("report at the union's place in a message", () => {
    const response = { type: "response", id: "req-1", result: { status: "success", data: "proceed" } };
    expect(validateServerMessage(response, { methodOf: () => "session/compact_decision" })).toMatchObject({ ok: false, error: { code: "unknown_tag", path: "/result/data" } });
  });

  it("accept every variant", () => {
    for (const value of ["Proceed", { NeedsConfirmation: needsConfirmation }, { SkippedRecentManual: { turns_since_compact: 2 } }]) expect(validateType("CompactDecision", value).ok).toBe(true);
  });
});

describe("untagged unions", () => {
  it("report a value that is none of the variants as invalid_value at the union", () => {
    expect(failureOf("PermissionRequestResult", { decision: "allow_once" })).toEqual({ code: "invalid_value", path: "" });
    expect(failureOf("PermissionRequestResult", { request_id: "perm-1", decision: { decision: "maybe" } })).toEqual({ code: "invalid_value", path: "" });
    expect(failureOf("PermissionRequestResult", true)).toEqual({ code: "invalid_value", path: "" });
    expect(failureOf("McpTrustRequestResult", "Trust")).toEqual({ code: "invalid_value", path: "" });
    expect(failureOf("McpTrustRequestResult", { request_id: "trust-1", decision: "allow" })).toEqual({ code: "invalid_value", path: "" });
    expect(failureOf("StreamJsonResolution", { outcome: "maybe" })).toEqual({ code: "invalid_value", path: "" });
  });

  it("report at the union's place in a message, from either entry point", () => {
    const answer = { type: "response", id: "srv-perm-1", result: { status: "success", data: "approve" } };
    const expected = { ok: false, error: { code: "invalid_value", path: "/result/data", message: "/result/data: matches no variant of the union", type: "PermissionRequestResult" } };
    expect(validateClientMessage(answer, { methodOf: () => "permission/request" })).toEqual(expected);
    expect(validateMessageType("McpTrustRequestResult", { decision: "approve" })).toMatchObject({ ok: false, error: { code: "invalid_value", path: "" } });
  });

  it("accept every variant", () => {
    expect(validateType("PermissionRequestResult", { decision: "approve" }).ok).toBe(true);
    expect(validateType("PermissionRequestResult", { request_id: "perm-1", decision: { decision: "deny" } }).ok).toBe(true);
    expect(validateType("McpTrustRequestResult", "trust").ok).toBe(true);
    expect(validateType("McpTrustRequestResult", { request_id: "trust-1", decision: "deny" }).ok).toBe(true);
  });
});

describe("a union tagged inside its variants, with a fallback for other tags", () => {
  it("checks the variant its tag names", () => {
    expect(failureOf("AgentHookCommand", { type: "command" })).toEqual({ code: "missing_field", path: "/command" });
    expect(failureOf("AgentHookCommand", { type: "command", command: 7 })).toEqual({ code: "wrong_type", path: "/command" });
    expect(validateType("AgentHookCommand", { type: "command", command: "./check.sh" }).ok).toBe(true);
  });

  it("reads any other tag as the fallback", () => {
    expect(validateType("AgentHookCommand", { type: "prompt", prompt: "anything" }).ok).toBe(true);
    expect(failureOf("AgentHookCommand", { type: 7 })).toEqual({ code: "wrong_type", path: "/type" });
    expect(failureOf("AgentHookCommand", {})).toEqual({ code: "missing_field", path: "/type" });
    expect(failureOf("AgentHookCommand", "command")).toEqual({ code: "wrong_type", path: "" });
  });
});

describe("a record tagged by a constant that is no union's variant", () => {
  const plugin = { kind: "plugin", plugin_id: "acme@1", plugin_name: "Acme", server_name: "docs", source: "marketplace" };

  it("checks its tag first", () => {
    expect(failureOf("McpServerSource", { kind: "registry", name: "docs" })).toEqual({ code: "unknown_tag", path: "/kind" });
    expect(failureOf("McpServerSource", { ...plugin, kind: "registry" })).toEqual({ code: "unknown_tag", path: "/kind" });
    expect(failureOf("McpServerSource", { name: "docs" })).toEqual({ code: "missing_field", path: "/kind" });
    expect(failureOf("McpServerSource", { ...plugin, kind: 1 })).toEqual({ code: "wrong_type", path: "/kind" });
    expect(failureOf("McpServerSource", { kind: "plugin" })).toEqual({ code: "missing_field", path: "/plugin_id" });
    expect(validateType("McpServerSource", plugin).ok).toBe(true);
  });

  it("reports its tag inside a nullable field", () => {
    const params = { id: "docs", transport: "stdio", endpoint: "npx", enabled: true, summary: "Docs", auth: { kind: "none" }, source: { kind: "registry" } };
    expect(validateClientMessage({ type: "request", id: "req-1", method: "mcp/upsert_server", params })).toMatchObject({ ok: false, error: { code: "unknown_tag", path: "/params/source/kind" } });
  });
});

describe("choosing among reported errors", () => {
  const error = (keyword: string, instancePath: string, params: CompiledError["params"] = {}): CompiledError => ({ instancePath, keyword, params });

  it("describes an externally tagged union nested in a value-or-null choice from its own rule", () => {
    const errors = [error("type", "/source", { type: "string" }), error("required", "/source", { missingProperty: "Plugin" }), error(EXTERNAL_UNION_KEYWORD, "/source"), error("type", "/source", { type: "null" }), error("anyOf", "/source")];
    expect(describeSchemaErrors(errors, { source: { Registry: {} } }, "/params", "T")).toMatchObject({ code: "unknown_tag", path: "/params/source" });
    expect(describeSchemaErrors(errors, { source: 3 }, "/params", "T")).toMatchObject({ code: "wrong_type", path: "/params/source" });
  });

  it("keeps only the known variant's errors for its data, and takes the deepest of them", () => {
    const errors = [error("type", "", { type: "string" }), error("required", "/Plugin/data", { missingProperty: "id" }), error("type", "/Plugin/data/deep/er", { type: "integer" }), error("required", "", { missingProperty: "Mcp" }), error(EXTERNAL_UNION_KEYWORD, "")];
    expect(describeSchemaErrors(errors, { Plugin: { data: {} } }, "", "T")).toMatchObject({ code: "wrong_type", path: "/Plugin/data/deep/er" });
  });

  it("reports an untagged union at its own path even when a variant failed deeper", () => {
    const errors = [error("required", "/decision", { missingProperty: "decision" }), error("type", "", { type: "string" }), error(UNTAGGED_UNION_KEYWORD, "")];
    expect(describeSchemaErrors(errors, { decision: {} }, "/result/data", "T")).toMatchObject({ code: "invalid_value", path: "/result/data" });
  });

  it("prefers the deepest error, the first reported among equals, and never a union's own error", () => {
    const errors = [error("type", "/a", { type: "string" }), error("type", "/b", { type: "null" }), error("anyOf", "/a/b/c")];
    expect(describeSchemaErrors(errors, {}, "", "T")).toMatchObject({ code: "wrong_type", path: "/a", message: "/a: must be a string" });
    expect(describeSchemaErrors([error("oneOf", "/a", { passingSchemas: [0, 1] })], {}, "/x", "T")).toMatchObject({ code: "invalid_value", path: "/x/a" });
    expect(describeSchemaErrors([], {}, "/x", "T")).toMatchObject({ code: "invalid_value", path: "/x" });
  });
});
