import { EXPERIMENTAL_METHODS, SERVER_NOTIFICATION_METHODS, SERVER_REQUEST_METHODS, STABLE_METHODS } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { askUserAnswer } from "../src/roles/server/answers.js";
import { handshakeFailure } from "../src/roles/server/handshake.js";
import { pickMethod } from "../src/roles/server/picks.js";

const full = { streaming: true, stable_methods: [...STABLE_METHODS], experimental_methods: [...EXPERIMENTAL_METHODS], server_notification_methods: [...SERVER_NOTIFICATION_METHODS], server_request_methods: [...SERVER_REQUEST_METHODS] };
const result = (capabilities: object) => ({ protocol_version: "1.0", server_info: { name: "s", version: "1" }, capabilities: { ...full, ...capabilities } });
const declaring = (...methods: string[]) => ({ methods: new Set(methods), info: undefined });

describe("the handshake rules (spec 1.6)", () => {
  it("lists-in-registry refuses a method outside its list, a repeat, and a missing initialize", () => {
    expect(handshakeFailure("lists-in-registry", result({}), {})).toBeUndefined();
    expect(handshakeFailure("lists-in-registry", result({ stable_methods: ["initialize", "session/teleport"] }), {})).toBe('capabilities.stable_methods lists "session/teleport", which is not a stable client method of protocol 1.0');
    expect(handshakeFailure("lists-in-registry", result({ stable_methods: ["initialize", "background/list"] }), {})).toBe('capabilities.stable_methods lists "background/list", which is not a stable client method of protocol 1.0');
    expect(handshakeFailure("lists-in-registry", result({ server_request_methods: ["ask_user/request", "ask_user/request"] }), {})).toBe('capabilities.server_request_methods lists "ask_user/request" twice');
    expect(handshakeFailure("lists-in-registry", result({ stable_methods: ["session/list"] }), {})).toBe("capabilities.stable_methods does not list initialize");
    expect(handshakeFailure("lists-in-registry", { capabilities: "all" }, {})).toBe("capabilities.stable_methods is not a list");
  });

  it("experimental-filtered follows what the client declared", () => {
    expect(handshakeFailure("experimental-filtered", result({ experimental_methods: [] }), {})).toBeUndefined();
    expect(handshakeFailure("experimental-filtered", result({}), {})).toBe('capabilities.experimental_methods lists 28 methods ("session/acp_load_preflight" first), though the client did not declare experimental_methods');
    expect(handshakeFailure("experimental-filtered", result({}), { experimental_methods: true })).toBe('capabilities.experimental_methods lists "session/goal/get", though the client did not declare persistent_goals');
    expect(handshakeFailure("experimental-filtered", result({}), { experimental_methods: true, persistent_goals: true })).toBeUndefined();
  });

  it("full-lists wants every stable, notification and server-request method", () => {
    expect(handshakeFailure("full-lists", result({ experimental_methods: [] }), {})).toBeUndefined();
    expect(handshakeFailure("full-lists", result({ stable_methods: ["initialize"] }), {})).toBe('capabilities.stable_methods lacks 90 of the registry\'s 91 methods ("session/bootstrap" first)');
    expect(handshakeFailure("full-lists", {}, {})).toBe("the result has no capabilities");
  });
});

describe("the picks", () => {
  it("take the first declared method that fits, in registry order, with params it accepts", () => {
    expect(pickMethod("empty-params", declaring(...STABLE_METHODS))).toEqual({ name: "session/list", params: {} });
    expect(pickMethod("empty-params", declaring("initialize", "session/bootstrap"))).toEqual({ name: "session/bootstrap", params: {} });
    expect(pickMethod("session-id-params", declaring("initialize", "turn/cancel", "session/clear"))).toEqual({ name: "session/clear", params: { session_id: expect.any(String) } });
    expect(pickMethod("experimental", declaring(...EXPERIMENTAL_METHODS))).toEqual({ name: "background/list", params: {} });
    expect(pickMethod("experimental", declaring("session/goal/get", "session/control_state"))).toEqual({ name: "session/control_state", params: { session_id: expect.any(String) } });
    expect(pickMethod("goal", declaring("session/goal/clear", "session/goal/get"))).toMatchObject({ name: "session/goal/get" });
  });

  it("say why when nothing fits", () => {
    expect(pickMethod("empty-params", declaring("initialize"))).toEqual({ none: "the server declares no stable method but initialize whose params accept {}" });
    expect(pickMethod("experimental", declaring("session/goal/get"))).toEqual({ none: "the server declares no experimental method outside session/goal/*" });
    expect(pickMethod("goal", declaring())).toEqual({ none: "the server declares no session/goal/* method" });
  });
});

describe("the kit's answers to ask_user/request", () => {
  const params = { request_id: "ask-1", questions: [{ id: "db", question: "Which?", header: "", options: [{ id: "pg", label: "PostgreSQL" }] }, { id: "why", question: "Why?", header: "", multi_select: true, options: [{ id: "a", label: "A" }] }, { id: "note", question: "Anything else?", header: "" }] };

  it("refused answers no question, and the server must say missing_answer", () => {
    expect(askUserAnswer(params, "refused")).toEqual({ data: { request_id: "ask-1", outcome: { outcome: "answered", answers: {} } }, predicted: { code: "missing_answer", message: "answered outcome must contain exactly one answer for every question" } });
  });

  it("answered picks each question's first option, or writes text, and is valid", () => {
    expect(askUserAnswer(params, "answered")).toEqual({
      data: { request_id: "ask-1", outcome: { outcome: "answered", answers: { db: { kind: "selected", option_id: "pg" }, why: { kind: "selected_many", option_ids: ["a"] }, note: { kind: "text", text: "conform kit answer" } } } },
      predicted: null,
    });
    expect(askUserAnswer({ request_id: "ask-1", question: "Proceed?", options: ["Yes", "No"] }, "answered")?.data).toEqual({ request_id: "ask-1", outcome: { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-1" } } } });
  });

  it("keeps a question id __proto__ an own key", () => {
    const answer = askUserAnswer({ request_id: "ask-1", questions: [{ id: "__proto__", question: "Which?", header: "" }] }, "answered");
    const answers = answer?.data !== undefined && typeof answer.data === "object" && answer.data !== null && !Array.isArray(answer.data) ? answer.data["outcome"] : undefined;
    expect(JSON.stringify(answers)).toBe('{"outcome":"answered","answers":{"__proto__":{"kind":"text","text":"conform kit answer"}}}');
    expect(answer?.predicted).toBeNull();
  });

  it("cannot answer what is no AskUserQuestionRequest", () => {
    expect(askUserAnswer({ questions: [] }, "answered")).toBeUndefined();
  });
});

describe("comparing JSON values", () => {
  it("compares values nested deeper than a stack holds, and tells them apart", async () => {
    const { jsonEqual } = await import("../src/support/json.js");
    const nest = (depth: number, leaf: number) => {
      let value: unknown = leaf;
      for (let level = 0; level < depth; level += 1) value = { a: [value] };
      return JSON.parse(JSON.stringify(value) ?? "null");
    };
    expect(jsonEqual(nest(1000, 1), nest(1000, 1))).toBe(true);
    expect(jsonEqual(nest(1000, 1), nest(1000, 2))).toBe(false);
    // JSON.parse reads this deep a value; a recursive comparison would overflow the stack.
    const deep = (leaf: number) => JSON.parse(`${"[".repeat(50_000)}${leaf}${"]".repeat(50_000)}`);
    expect(jsonEqual(deep(1), deep(1))).toBe(true);
    expect(jsonEqual(deep(1), deep(2))).toBe(false);
    expect(jsonEqual({ a: 1, b: [2, { c: null }] }, { b: [2, { c: null }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
  });
});
