import { EXPERIMENTAL_METHODS, PERSISTENT_GOAL_METHODS, STABLE_METHODS } from "@app-server-protocol/types";
import type { JsonValue } from "@app-server-protocol/validators";
import { describe, expect, it } from "vitest";
import { listConformance } from "../src/index.js";
import { readAnswer } from "../src/roles/client/answers.js";
import { clientDeclarationsOf, undeclaredFlag } from "../src/roles/client/declarations.js";
import { KitServer } from "../src/roles/client/kit-server.js";
import { flagsNeeded } from "../src/scenario/question-needs.js";

type JsonObject = { [key: string]: JsonValue };
const request = (id: string, method: string, params?: JsonValue): JsonObject => ({ type: "request", id, method, ...(params === undefined ? {} : { params }) });
const INIT = { protocol_version: "1.0", client_info: { name: "c", version: "1" } };

describe("the kit's server, answering a client's own requests (spec 1.6, 1.7)", () => {
  it("refuses a request before initialize, then answers initialize echoing the version with the registry's lists", () => {
    const server = new KitServer();
    expect(server.answer(request("c1", "session/list"))).toEqual({ type: "response", id: "c1", result: { status: "error", code: "invalid_request", message: "not initialized" } });
    const answer = server.answer(request("c2", "initialize", { ...INIT, protocol_version: "1.1-beta" }));
    expect(answer).toMatchObject({ id: "c2", result: { status: "success", data: { protocol_version: "1.1-beta", server_info: { name: "app-server-protocol-conform", version: "1.0" }, capabilities: { streaming: true, stable_methods: [...STABLE_METHODS], experimental_methods: [] } } } });
    expect(server.answer(request("c3", "session/list"))).toEqual({ type: "response", id: "c3", result: { status: "success", data: [] } });
  });

  it("declares experimental methods only as the client asked, and gates them so", () => {
    const goals: readonly string[] = PERSISTENT_GOAL_METHODS;
    const experimental = new KitServer().answer(request("i", "initialize", { ...INIT, capabilities: { experimental_methods: true } }));
    expect(experimental).toMatchObject({ result: { data: { capabilities: { experimental_methods: EXPERIMENTAL_METHODS.filter((method) => !goals.includes(method)) } } } });
    const both = new KitServer();
    expect(both.answer(request("i", "initialize", { ...INIT, capabilities: { experimental_methods: true, persistent_goals: true } }))).toMatchObject({ result: { data: { capabilities: { experimental_methods: [...EXPERIMENTAL_METHODS] } } } });
    const none = new KitServer();
    none.answer(request("i", "initialize", INIT));
    expect(none.answer(request("g", "session/goal/get", { session_id: "s" }))?.result).toEqual({ status: "error", code: "method_not_found", message: "persistent goal method 'session/goal/get' requires capabilities.experimental_methods = true and capabilities.persistent_goals = true" });
    expect(none.answer(request("b", "background/list"))?.result).toEqual({ status: "error", code: "method_not_found", message: "experimental method 'background/list' requires capabilities.experimental_methods = true" });
  });

  it("refuses an unknown method and params of the wrong type, answers a NoData method without data, and leaves alone what it cannot answer", () => {
    const server = new KitServer();
    server.answer(request("i", "initialize", INIT));
    expect(server.answer(request("u", "session/teleport"))?.result).toEqual({ status: "error", code: "method_not_found", message: "unknown method: session/teleport" });
    expect(server.answer(request("u", "ask_user/request", {}))?.result).toMatchObject({ code: "method_not_found" });
    expect(server.answer(request("p", "session/rename", { session_id: 7 }))?.result).toMatchObject({ status: "error", code: "invalid_params" });
    expect(server.answer(request("n", "turn/steer", { session_id: "s", prompt: "go" }))?.result).toEqual({ status: "success" });
    expect(server.answer({ type: "request", id: 3, method: "session/list" })).toBeUndefined();
    expect(server.answer({ type: "response", id: "srv-perm-1", result: { status: "success" } })).toBeUndefined();
    expect(new KitServer().answer(request("i", "initialize", { protocol_version: 1 }))?.result).toMatchObject({ status: "error", code: "invalid_params" });
  });
});

describe("how the server reads a client's answer", () => {
  const ask = request("srv-ask-user-1", "ask_user/request", { session_id: "s", request_id: "a1", questions: [{ id: "db", question: "Which?", header: "", options: [{ id: "pg", label: "PostgreSQL" }], allow_free_text: false }] });
  const answer = (result: JsonValue): JsonValue => ({ type: "response", id: "srv-ask-user-1", result });
  const success = (data: JsonValue) => answer({ status: "success", data });

  it("of an ask_user/request is the correlation's: resolved, refused with the code of spec 4.3 and 4.4, or unreadable", () => {
    expect(readAnswer(ask, success({ request_id: "a1", outcome: { outcome: "answered", answers: { db: { kind: "selected", option_id: "pg" } } } }))).toEqual({ ok: true, message: "the server takes the outcome answered", resolution: { requestId: "a1", outcome: { outcome: "answered", answers: { db: { kind: "selected", option_id: "pg" } } } } });
    expect(readAnswer(ask, success({ request_id: "a1", answer: "PostgreSQL" }))).toMatchObject({ ok: true, resolution: { outcome: { outcome: "answered", answers: { db: { kind: "selected", option_id: "pg" } } } } });
    expect(readAnswer(ask, success({ request_id: "a1", outcome: { outcome: "answered", answers: { db: { kind: "text", text: "MySQL" } } } }))).toEqual({ ok: false, message: "the server refuses the answer with free_text_disabled: question `db` does not allow free text" });
    expect(readAnswer(ask, success({ request_id: "a2", outcome: { outcome: "rejected" } }))).toMatchObject({ ok: false, message: expect.stringMatching(/^the server refuses the answer with request_id_mismatch: /) });
    expect(readAnswer(ask, success("yes"))).toMatchObject({ ok: false, message: expect.stringMatching(/^the server refuses the answer with malformed_response: /) });
    expect(readAnswer(ask, answer({ status: "error", code: "internal_error", message: "no" }))).toMatchObject({ ok: true, message: "the server takes the outcome cancelled (client_closed)" });
    expect(readAnswer(ask, { type: "response", id: "srv-ask-user-1" })).toEqual({ ok: false, message: "the response has no result the server can read" });
  });

  it("of a permission or MCP trust request is a decision of the method's shapes, for the request's request_id", () => {
    const permission = request("srv-perm-1", "permission/request", { request_id: "p1", session_id: "s", tool_use_id: "t", tool_name: "Bash", tool_input: "{}", requires_tools_permission: true, requires_network_permission: false });
    const trust = request("srv-mcp-trust-2", "mcp_trust/request", { request_id: "m1", session_id: "s", server_id: "docs", tool_name: "search" });
    const reply = (data: JsonValue): JsonValue => ({ type: "response", id: "x", result: { status: "success", data } });
    expect(readAnswer(permission, reply({ request_id: "p1", decision: { decision: "approve" } }))).toEqual({ ok: true, message: 'the server takes the decision "approve"' });
    expect(readAnswer(permission, reply({ decision: "approve_always", rules: ["Bash(ls)"] }))).toEqual({ ok: true, message: 'the server takes the decision "approve_always"' });
    expect(readAnswer(permission, reply({ request_id: "p2", decision: { decision: "deny" } }))).toEqual({ ok: false, message: 'the answer names request_id "p2", not the request\'s "p1": the server routes it elsewhere' });
    expect(readAnswer(permission, reply({ decision: "maybe" }))).toMatchObject({ ok: false, message: expect.stringMatching(/^the data is no PermissionRequestResult \(/) });
    expect(readAnswer(permission, { type: "response", id: "x", result: { status: "error", code: "permission_denied", message: "no" } })).toEqual({ ok: true, message: "an error result: the server denies" });
    expect(readAnswer(permission, { type: "response", id: "x", result: { status: "success" } })).toEqual({ ok: true, message: "a success without data: the server denies" });
    expect(readAnswer(trust, reply("trust"))).toEqual({ ok: true, message: 'the server takes the decision "trust"' });
    expect(readAnswer(trust, reply({ request_id: "m1", decision: "deny" }))).toEqual({ ok: true, message: 'the server takes the decision "deny"' });
    expect(readAnswer(trust, reply("always"))).toMatchObject({ ok: false });
    expect(readAnswer(request("srv-request-3", "conform/ask", {}), reply({}))).toEqual({ ok: false, message: 'the kit has no rule for answers to "conform/ask"' });
    expect(readAnswer(request("x", "toString", {}), reply({}))).toMatchObject({ ok: false });
  });
});

describe("the capability a client declares (spec 4.6)", () => {
  it("decides which questions it is sent: the flags each question needs, by the validators' completability rule", () => {
    const question = (fields: JsonObject): JsonValue => ({ request_id: "a", questions: [{ id: "q", question: "Q?", header: "", ...fields }] });
    expect(flagsNeeded(question({ options: [{ id: "a", label: "A" }], allow_free_text: false }))).toEqual(["single_select"]);
    expect(flagsNeeded(question({ options: [{ id: "a", label: "A" }] }))).toEqual(["single_select", "free_text"]);
    expect(flagsNeeded(question({ multi_select: true, options: [{ id: "a", label: "A", preview: "p" }], allow_free_text: false, allow_annotation: true }))).toEqual(["multi_select", "previews", "annotations"]);
    expect(flagsNeeded({ request_id: "a", question: "Go?", options: ["Yes"] })).toEqual(["single_select", "free_text"]);
    expect(flagsNeeded({ questions: "none" })).toEqual([]);
  });

  it("is read from the client's initialize leniently, and names the first flag missing", () => {
    const init = (capabilities: JsonValue) => request("c1", "initialize", { ...INIT, capabilities });
    const declared = clientDeclarationsOf(init({ interactive_questions: { single_select: true, free_text: true } }));
    expect(declared).toEqual({ questions: { single_select: true, free_text: true }, info: { name: "c", version: "1" } });
    expect(undeclaredFlag(declared, ["single_select", "multi_select", "previews"])).toBe("multi_select");
    expect(undeclaredFlag(declared, ["free_text"])).toBeUndefined();
    expect(clientDeclarationsOf(init({ interactive_questions: { single_select: "yes" } })).questions).toBeUndefined();
    expect(clientDeclarationsOf({ type: "request" })).toEqual({ questions: undefined, info: undefined });
  });

  it("gates the shipped scenarios that send questions, as --list shows", () => {
    const listing = listConformance("client");
    const needs = Object.fromEntries(listing.scenarios.map((scenario) => [scenario.id, scenario.requires.interactive_questions ?? []]));
    expect(needs).toMatchObject({
      "client.handshake.default": [],
      "client.permission.request": [],
      "client.ask-user.single-select": ["single_select"],
      "client.ask-user.multi-select": ["multi_select"],
      "client.ask-user.free-text": ["single_select", "free_text"],
      "client.ask-user.annotations": ["single_select", "annotations"],
      "client.ask-user.previews": ["single_select", "previews"],
      "client.ask-user.special-outcomes": ["single_select", "free_text", "special_outcomes"],
      "client.ask-user.legacy": ["single_select", "free_text"],
      "client.compat.unknown-event": [],
    });
    expect(listing.requirements.every((requirement) => requirement.role === "client")).toBe(true);
  });
});
