// The package entry as a consumer imports it: client messages parsed by
// their method, with the validators' failure codes and paths, and the
// schemas and method table it exports.
import { describe, expect, it } from "vitest";
import { ClientMessageSchema, METHODS, check, isMethod, parseClientMessage, type ClientMessage, type MethodDirection } from "@app-server-protocol/zod";

const submit = { type: "request", id: "req-1", method: "turn/submit", params: { session_id: "s1", prompt: "Summarize the diff" } } as const;
const answer = { type: "response", id: "srv-ask-user-1", result: { status: "success", data: { request_id: "ask-1", outcome: { outcome: "rejected" } } } } as const;

function failureOf(verdict: ReturnType<typeof parseClientMessage>): { code: string; path: string } | "accepted" {
  return verdict.ok ? "accepted" : { code: verdict.error.code, path: verdict.error.path };
}

describe("parseClientMessage", () => {
  it("accepts a valid request and returns it as it arrived, unknown fields kept", () => {
    const message = { ...submit, trace: "kept" };
    const verdict = parseClientMessage(message);
    expect(verdict).toEqual({ ok: true, value: message });
  });

  it("rejects a request whose params miss a required field, at that field", () => {
    expect(failureOf(parseClientMessage({ ...submit, params: { session_id: "s1" } }))).toEqual({ code: "missing_field", path: "/params/prompt" });
  });

  it("rejects a params field of the wrong JSON type, and an envelope without its tag", () => {
    expect(failureOf(parseClientMessage({ ...submit, params: { session_id: 1, prompt: "" } }))).toEqual({ code: "wrong_type", path: "/params/session_id" });
    expect(failureOf(parseClientMessage({ id: "req-1", method: "turn/submit" }))).toEqual({ code: "missing_field", path: "/type" });
  });

  it("rejects a method the client may not send as unknown_method", () => {
    expect(failureOf(parseClientMessage({ type: "request", id: "req-1", method: "ask_user/request", params: {} }))).toEqual({ code: "unknown_method", path: "/method" });
  });

  it("checks a response's data against the result schema of the method it answers, only when told which", () => {
    expect(parseClientMessage(answer, "ask_user/request").ok).toBe(true);
    const bad = { ...answer, result: { status: "success", data: { outcome: { outcome: "rejected" } } } };
    expect(failureOf(parseClientMessage(bad, "ask_user/request"))).toEqual({ code: "missing_field", path: "/result/data/request_id" });
    expect(parseClientMessage(bad).ok).toBe(true);
  });

  it("never throws, also on a value that throws when read", () => {
    const hostile = new Proxy({}, { get: () => { throw new Error("no"); }, ownKeys: () => { throw new Error("no"); } });
    expect(() => parseClientMessage(hostile)).not.toThrow();
    expect(parseClientMessage(hostile).ok).toBe(false);
  });
});

describe("the exported schemas and method table", () => {
  it("ClientMessageSchema parses the envelope, and its type holds the parsed value", () => {
    const parsed: ClientMessage = ClientMessageSchema.parse(submit);
    expect(parsed).toEqual(submit);
    expect(ClientMessageSchema.safeParse({ ...submit, type: "event" }).success).toBe(false);
  });

  it("METHODS holds each method's direction and schemas, and isMethod knows every name in it", () => {
    const direction: MethodDirection = METHODS["turn/submit"].direction;
    expect(direction).toBe("client_request");
    expect(METHODS["turn/submit"].params.parse(submit.params)).toEqual(submit.params);
    expect(Object.keys(METHODS).every(isMethod)).toBe(true);
    expect(isMethod("turn/unknown")).toBe(false);
  });

  it("check gives any schema the parsers' verdict, with paths under a prefix", () => {
    expect(check(METHODS["turn/submit"].params, { session_id: "s1" }, "/params")).toMatchObject({ ok: false, error: { code: "missing_field", path: "/params/prompt" } });
  });
});
