import { METHOD_REGISTRY, type MethodDescriptor } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { validateClientMessage, validateServerMessage, type ValidationResult } from "@app-server-protocol/validators";
import * as everything from "@app-server-protocol/validators/all";

const initializeParams = { protocol_version: "1.0", client_info: { name: "editor", version: "1.2.3" } };
const askUser = { request_id: "ask-1", session_id: "s1", questions: [{ id: "q1", question: "Proceed?", header: "Go", options: [{ id: "y", label: "Yes" }] }] };

function failureOf<T>(result: ValidationResult<T>) {
  if (result.ok) throw new Error("expected a failure");
  return result.error;
}

describe("validateClientMessage", () => {
  it("accepts a request and returns it typed", () => {
    const message = { type: "request", id: "req-1", method: "initialize", params: initializeParams };
    const result = validateClientMessage(message);
    expect(result).toEqual({ ok: true, value: message });
    if (result.ok && result.value.type === "request") expect(result.value.method).toBe("initialize");
  });

  it("checks the envelope first: tag, then fields", () => {
    expect(failureOf(validateClientMessage({ type: "notification", method: "x", params: {} }))).toEqual({
      code: "unknown_tag",
      path: "/type",
      message: '/type: unknown value "notification"',
      type: "ClientMessage",
    });
    expect(failureOf(validateClientMessage({ id: "1", method: "session/list" }))).toMatchObject({ code: "missing_field", path: "/type" });
    expect(failureOf(validateClientMessage({ type: 7 }))).toMatchObject({ code: "wrong_type", path: "/type" });
    expect(failureOf(validateClientMessage({ type: "request", id: 1, method: "session/list" }))).toMatchObject({ code: "wrong_type", path: "/id" });
    expect(failureOf(validateClientMessage({ type: "response", id: "srv-1", result: { status: "ok" } }))).toMatchObject({
      code: "unknown_tag",
      path: "/result/status",
    });
    expect(failureOf(validateClientMessage({ type: "response", id: "srv-1", result: { status: "error", code: "teapot", message: "" } }))).toMatchObject({
      code: "invalid_value",
      path: "/result/code",
    });
    expect(failureOf(validateClientMessage([]))).toMatchObject({ code: "wrong_type", path: "", message: "must be an object" });
  });

  it("reports unknown methods, and server methods sent by a client, as unknown_method", () => {
    expect(failureOf(validateClientMessage({ type: "request", id: "1", method: "session/teleport" }))).toEqual({
      code: "unknown_method",
      path: "/method",
      message: '/method: unknown client request method "session/teleport"',
    });
    expect(failureOf(validateClientMessage({ type: "request", id: "1", method: "ask_user/request", params: askUser })).code).toBe("unknown_method");
    expect(failureOf(validateClientMessage({ type: "request", id: "1", method: "stream/event" })).code).toBe("unknown_method");
  });

  it("checks params against the type the registry names, with one precise error", () => {
    const result = validateClientMessage({ type: "request", id: "1", method: "initialize", params: { ...initializeParams, capabilities: { interactive_questions: { free_text: "yes" } } } });
    expect(failureOf(result)).toEqual({
      code: "wrong_type",
      path: "/params/capabilities/interactive_questions/free_text",
      message: "/params/capabilities/interactive_questions/free_text: must be a boolean",
      type: "InitializeParams",
    });
  });

  it("treats absent or null params of a client request as {}", () => {
    expect(failureOf(validateClientMessage({ type: "request", id: "1", method: "initialize" }))).toMatchObject({ code: "missing_field", path: "/params/protocol_version" });
    expect(failureOf(validateClientMessage({ type: "request", id: "1", method: "initialize", params: null }))).toMatchObject({ path: "/params/protocol_version" });
  });

  it("checks a response's data against the result type of the server request it answers", () => {
    const methodOf = (id: string) => (id.startsWith("srv-ask-user-") ? "ask_user/request" : undefined);
    const answer = (data: unknown) => ({ type: "response", id: "srv-ask-user-1", result: { status: "success", data } });
    expect(validateClientMessage(answer({ request_id: "ask-1", answer: "Yes" }), { methodOf }).ok).toBe(true);
    expect(failureOf(validateClientMessage(answer({ request_id: "ask-1", outcome: { outcome: "maybe" } }), { methodOf }))).toMatchObject({
      code: "unknown_tag",
      path: "/result/data/outcome/outcome",
      type: "AskUserQuestionResponse",
    });
    expect(failureOf(validateClientMessage(answer({ request_id: "ask-1", outcome: { outcome: "answered", answers: { q1: { kind: "selected" } } } }), { methodOf }))).toMatchObject({
      code: "missing_field",
      path: "/result/data/outcome/answers/q1/option_id",
    });
    // Without the lookup only the envelope is checked.
    expect(validateClientMessage(answer({ outcome: 1 })).ok).toBe(true);
  });

  it("accepts error results and success without data for any method", () => {
    const methodOf = () => "permission/request";
    expect(validateClientMessage({ type: "response", id: "srv-perm-1", result: { status: "success" } }, { methodOf }).ok).toBe(true);
    expect(validateClientMessage({ type: "response", id: "srv-perm-1", result: { status: "error", code: "internal_error", message: "no" } }, { methodOf }).ok).toBe(true);
    expect(validateClientMessage({ type: "response", id: "srv-perm-1", result: { status: "success", data: { decision: "approve" } } }, { methodOf }).ok).toBe(true);
    expect(failureOf(validateClientMessage({ type: "response", id: "srv-perm-1", result: { status: "success", data: "approve" } }, { methodOf })).path).toBe("/result/data");
  });

  it("reports a response lookup that names no server request", () => {
    expect(failureOf(validateClientMessage({ type: "response", id: "x", result: { status: "success" } }, { methodOf: () => "initialize" }))).toMatchObject({
      code: "unknown_method",
      path: "/id",
    });
  });
});

describe("validateServerMessage", () => {
  it("checks server request params against their registry type", () => {
    expect(validateServerMessage({ type: "request", id: "srv-ask-user-1", method: "ask_user/request", params: askUser }).ok).toBe(true);
    expect(failureOf(validateServerMessage({ type: "request", id: "srv-ask-user-1", method: "ask_user/request", params: { ...askUser, request_id: undefined } }))).toEqual({
      code: "missing_field",
      path: "/params/request_id",
      message: "/params/request_id: missing required field",
      type: "AskUserQuestionRequest",
    });
    expect(failureOf(validateServerMessage({ type: "request", id: "srv-perm-1", method: "permission/request", params: { request_id: "p", tool_input: {} } })).type).toBe("PermissionRequest");
  });

  it("does not accept client methods as server requests", () => {
    expect(failureOf(validateServerMessage({ type: "request", id: "1", method: "initialize", params: initializeParams }))).toMatchObject({ code: "unknown_method" });
    expect(failureOf(validateServerMessage({ type: "notification", method: "turn/submit", params: {} }))).toMatchObject({
      code: "unknown_method",
      message: '/method: unknown server notification method "turn/submit"',
    });
  });

  it("checks a response's data, with /all, when the client request's method is known", () => {
    const methodOf = () => "initialize";
    const response = (data: unknown) => ({ type: "response", id: "req-1", result: { status: "success", data } });
    const capabilities = { streaming: true, stable_methods: [], experimental_methods: [], server_notification_methods: [], server_request_methods: [] };
    expect(everything.validateServerMessage(response({ protocol_version: "1.0", server_info: { name: "s", version: "1" }, capabilities }), { methodOf }).ok).toBe(true);
    expect(failureOf(everything.validateServerMessage(response({ protocol_version: "1.0", server_info: { name: "s" }, capabilities }), { methodOf })).path).toBe("/result/data/server_info/version");
    // The main entry point checks only the envelope of a response to a client request.
    expect(validateServerMessage(response({ protocol_version: "1.0", server_info: { name: "s" }, capabilities })).ok).toBe(true);
  });

  it("validates the params of every method whose contract names a params type, driven by the registry alone", () => {
    const typed = METHOD_REGISTRY.filter((entry): entry is MethodDescriptor & { params: string } => entry.params !== null);
    expect(typed.length).toBeGreaterThan(0);
    for (const entry of typed) {
      const message = { type: entry.direction === "client_request" ? "request" : entry.direction === "server_request" ? "request" : "notification", id: "x", method: entry.method, params: 42 };
      const result = entry.direction === "client_request" ? validateClientMessage(message) : validateServerMessage(message);
      expect(result.ok, entry.method).toBe(false);
      if (!result.ok) expect([result.error.path, result.error.type], entry.method).toEqual(["/params", entry.params]);
    }
  });
});

describe("producer-strict mode", () => {
  it("rejects unknown fields in the envelope and the payload, which the default accepts", () => {
    const extraEnvelope = { type: "request", id: "1", method: "initialize", params: initializeParams, trace: "abc" };
    expect(validateClientMessage(extraEnvelope).ok).toBe(true);
    expect(failureOf(validateClientMessage(extraEnvelope, { strict: true }))).toMatchObject({ code: "unknown_field", path: "/trace" });

    const extraParams = { type: "request", id: "1", method: "initialize", params: { ...initializeParams, client_info: { name: "a", version: "1", build: 7 } } };
    expect(validateClientMessage(extraParams).ok).toBe(true);
    expect(failureOf(validateClientMessage(extraParams, { strict: true }))).toMatchObject({ code: "unknown_field", path: "/params/client_info/build" });
  });

  it("still accepts every field the protocol defines, and any keys of maps and opaque payloads", () => {
    const message = {
      type: "response",
      id: "srv-ask-user-1",
      result: { status: "success", data: { request_id: "ask-1", outcome: { outcome: "answered", answers: { "any key": { kind: "text", text: "x" } }, annotations: { "any key": "note" } }, answer: null } },
    };
    expect(validateClientMessage(message, { strict: true, methodOf: () => "ask_user/request" }).ok).toBe(true);
    expect(validateServerMessage({ type: "response", id: "r", result: { status: "success", data: { anything: [1, { deep: true }] } } }, { strict: true }).ok).toBe(true);
  });

  it("finds unknown fields inside untagged unions, whichever variant the value is", () => {
    const methodOf = () => "permission/request";
    const answer = (data: unknown) => ({ type: "response", id: "srv-perm-1", result: { status: "success", data } });
    expect(validateClientMessage(answer({ decision: "approve" }), { strict: true, methodOf }).ok).toBe(true);
    expect(failureOf(validateClientMessage(answer({ decision: "approve", note: 1 }), { strict: true, methodOf })).path).toBe("/result/data/note");
    expect(failureOf(validateClientMessage(answer({ request_id: "p", decision: { decision: "deny", why: "no" } }), { strict: true, methodOf })).path).toBe("/result/data/decision/why");
  });

  it("escapes field names in JSON Pointers", () => {
    const message = { type: "request", id: "1", method: "initialize", params: { ...initializeParams, "a/b~c": 1 } };
    expect(failureOf(validateClientMessage(message, { strict: true })).path).toBe("/params/a~1b~0c");
  });
});
