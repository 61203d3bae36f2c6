import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadScenarioFile, parseScenarioFile, ScenarioFileError } from "../src/index.js";
import { shippedSchema } from "./support/schemas.js";

// The scenario file format: the shipped JSON Schema and the loader agree on
// the shape, and the loader also checks the references a schema cannot.

const schema = shippedSchema("scenario.schema.json");
const SHIPPED = ["server", "client"].map((role) => new URL(`../scenarios/${role}/`, import.meta.url));
const work = mkdtempSync(join(tmpdir(), "conform-scenarios-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const init = { send: { initialize: {}, id: "i1" } };
const answered = { expect: { response: "i1" }, success: true, check: "server.handshake.initialize-answered" };
const file = (...steps: unknown[]) => ({ role: "server", scenarios: [{ id: "mine.one", title: "one", steps }] });
const clientInit = { expect: { request: "initialize" }, as: "init", check: "client.handshake.initialize-first" };
const clientFile = (...steps: unknown[]) => ({ role: "client", scenarios: [{ id: "mine.one", title: "one", steps }] });
const permission = { request: "permission/request", params: { request_id: "p1", session_id: "s", tool_use_id: "t", tool_name: "Bash", tool_input: "{}", requires_tools_permission: true, requires_network_permission: false } };

/** Documents both the schema and the loader refuse, with the loader's error. */
const INVALID_SHAPES: readonly (readonly [name: string, document: unknown, error: string])[] = [
  ["not an object", [], "x.json: the document: must be a scenario file (an object)"],
  ["no role", { scenarios: [] }, 'x.json: /role: must be one of "server", "client", not nothing'],
  ["no scenario", { role: "server", scenarios: [] }, "x.json: /scenarios: must hold at least 1 entry"],
  ["an unknown top-level field", { role: "server", scenarios: [], extra: 1 }, "x.json: /extra: is not a field of a scenario file (known: $schema, role, requirements, scenarios)"],
  ["a bad scenario id", { role: "server", scenarios: [{ id: "Mine One", title: "t", steps: [init] }] }, 'x.json: /scenarios/0/id: must be a scenario id (lowercase letters, digits, . _ -), not "Mine One"'],
  ["no steps", { role: "server", scenarios: [{ id: "mine.one", title: "t", steps: [] }] }, "x.json: /scenarios/0/steps: must hold at least 1 entry"],
  ["a step of two kinds", file({ ...init, ...answered }), "x.json: /scenarios/0/steps/0: a step has both send and expect: give one"],
  ["a step of no kind", file({ check: "server.handshake.initialize-answered" }), "x.json: /scenarios/0/steps/0: a step needs one of send, expect, assert"],
  ["a send of two forms", file({ send: { initialize: {}, request: "session/list", id: "i1" } }), "x.json: /scenarios/0/steps/0/send: a send has both initialize and request: give one"],
  ["an expect without check", file(init, { expect: { response: "i1" }, success: true }), "x.json: /scenarios/0/steps/1/check: must be a requirement id, not nothing"],
  ["two assertions", file(init, { ...answered, error: "invalid_request" }), "x.json: /scenarios/0/steps/1: a step's assertion has both error and success: give one"],
  ["an unknown error code", file(init, { expect: { response: "i1" }, error: "not_found", check: "server.handshake.initialize-answered" }), 'x.json: /scenarios/0/steps/1/error: must be one of the 14 ErrorCode values of spec 1.4, not "not_found"'],
  ["an unknown pick", { role: "server", scenarios: [{ id: "mine.one", title: "t", method: { pick: "any" }, steps: [init] }] }, 'x.json: /scenarios/0/method/pick: must be one of "empty-params", "session-id-params", "experimental", "goal", not "any"'],
  ["an unknown turn prompt", { role: "server", scenarios: [{ id: "mine.one", title: "t", requires: { turn_prompt: "shell" }, steps: [init] }] }, 'x.json: /scenarios/0/requires/turn_prompt: must be one of "ask_user", "permission", "mcp_trust", not "shell"'],
  ["a client step of the server role's vocabulary", clientFile(init), "x.json: /scenarios/0/steps/0/send/initialize: is not a field of a send (known: request, notification, event, resend, resolved, frame, params, params_extra, extra, subscription_id, validation_error)"],
  ["a client send of two forms", clientFile({ send: { ...permission, event: { event: "turn_finished" } } }), "x.json: /scenarios/0/steps/0/send: a send has both request and event: give one"],
  ["a client request without params", clientFile({ send: { request: "permission/request" } }), "x.json: /scenarios/0/steps/0/send/params: is required"],
  ["a client expect with a server assertion", clientFile({ ...clientInit, success: true }), "x.json: /scenarios/0/steps/0/success: is not a field of a step (known: send, as, invalid, note, expect, check, equals, answer, handshake, assert)"],
  ["an answer assertion that is not valid", clientFile(clientInit, { assert: "init", answer: "any", check: "client.permission.answer-valid" }), 'x.json: /scenarios/0/steps/1/answer: must be "valid"'],
  ["an unknown interactive_questions flag", { role: "client", scenarios: [{ id: "mine.one", title: "t", requires: { interactive_questions: ["voice"] }, steps: [clientInit] }] }, 'x.json: /scenarios/0/requires/interactive_questions/0: must be one of "single_select", "multi_select", "free_text", "previews", "annotations", "special_outcomes", not "voice"'],
  ["a method in a client scenario", { role: "client", scenarios: [{ id: "mine.one", title: "t", method: "session/list", steps: [clientInit] }] }, "x.json: /scenarios/0/method: is for scenarios of the server role"],
  ["a handshake rule that does not exist", file(init, { expect: { response: "i1" }, as: "r", check: "server.handshake.initialize-answered" }, { assert: "r", handshake: "all", check: "server.handshake.lists-in-registry" }), 'x.json: /scenarios/0/steps/2/handshake: must be one of "lists-in-registry", "experimental-filtered", "full-lists", not "all"'],
];

/** Documents of a valid shape that only the loader refuses: references, placeholders, requirement ids. */
const INVALID_REFERENCES: readonly (readonly [name: string, document: unknown, error: string])[] = [
  ["a response to a request never sent", file(init, { expect: { response: "i2" }, success: true, check: "server.handshake.initialize-answered" }), 'x.json: /scenarios/0/steps/1/expect/response: "i2" is not the id of a request an earlier step sends'],
  ["a capture made later", file(init, { assert: "r", success: true, check: "server.handshake.initialize-answered" }), 'x.json: /scenarios/0/steps/1/assert: names no capture of an earlier step: "r"'],
  ["a request id sent twice", file(init, { send: { request: "session/list", id: "i1" } }), 'x.json: /scenarios/0/steps/1/send/id: request id "i1" is sent by an earlier step'],
  ["$method without a method", file(init, { send: { request: "$method", id: "r1" } }), 'x.json: /scenarios/0/steps/1/send/request: "$method" needs the scenario\'s "method"'],
  ["a $from of no capture", file(init, { send: { request: "session/clear", id: "r1", params: { session_id: { $from: "boot", pointer: "/result" } } } }), 'x.json: /scenarios/0/steps/1/send/params/session_id/$from: names no capture of an earlier step: "boot"'],
  ["an unknown placeholder", file(init, { send: { request: "session/list", id: "r1", params: { $ref: "x" } } }), "x.json: /scenarios/0/steps/1/send/params/$ref: is not a placeholder ($from, $turn_prompt, $literal, $absent); wrap a literal key in {\"$literal\": ...}"],
  ["a turn prompt not required", file(init, { send: { request: "turn/submit", id: "r1", params: { session_id: "s", prompt: { $turn_prompt: "ask_user" } } } }), 'x.json: /scenarios/0/requires: the steps use the ask_user turn prompt: add "turn_prompt": "ask_user"'],
  ["an unknown requirement", file(init, { ...answered, check: "server.handshake.teleports" }), 'x.json: /scenarios/0/steps/1/check: is not a requirement of the registry or of this file: "server.handshake.teleports"'],
  ["a requirement of the registry redefined", { role: "server", requirements: [{ id: "server.handshake.initialize-answered", tier: "advisory", spec: ["1.6"], title: "t" }], scenarios: [{ id: "mine.one", title: "t", steps: [init] }] }, 'x.json: /requirements/0/id: "server.handshake.initialize-answered" is a requirement of the registry already'],
  ["a scenario id used twice", { role: "server", scenarios: [{ id: "mine.one", title: "t", steps: [init] }, { id: "mine.one", title: "t", steps: [init] }] }, 'x.json: /scenarios/1/id: scenario id "mine.one" is used twice'],
  ["a client response to no capture", clientFile(clientInit, { expect: { response: "ask" }, check: "client.permission.answered" }), 'x.json: /scenarios/0/steps/1/expect/response: names no capture of an earlier step: "ask"'],
  ["a turn prompt in a client scenario", clientFile({ send: { ...permission, params: { ...permission.params, tool_input: { $turn_prompt: "ask_user" } } } }), "x.json: /scenarios/0/steps: $turn_prompt is for scenarios of the server role"],
  ["a check of the other role", clientFile({ ...clientInit, check: "server.handshake.initialize-answered" }), 'x.json: /scenarios/0/steps/0/check: is not a requirement of the registry or of this file: "server.handshake.initialize-answered"'],
  ["a re-send of no capture", clientFile(clientInit, { send: { resend: "ask", validation_error: { code: "missing_answer", message: "m" } } }), 'x.json: /scenarios/0/steps/1/send/resend: names no capture of an earlier step: "ask"'],
];

describe("the shipped scenario files", () => {
  const files = SHIPPED.flatMap((folder) => readdirSync(folder).flatMap((name) => (name.endsWith(".json") ? [new URL(name, folder)] : [])));

  it.each(files.map((file) => [file.pathname.split("/scenarios/")[1] ?? "", file] as const))("%s is valid by the schema and the loader", (_name, file) => {
    const document: unknown = JSON.parse(readFileSync(file, "utf8"));
    expect(schema(document), JSON.stringify(schema.errors)).toBe(true);
    expect(loadScenarioFile(file.pathname).scenarios.length).toBeGreaterThan(0);
  });
});

describe("a scenario file", () => {
  it("of the client role loads with the interactive_questions flags its questions need added to those it names", () => {
    const ask = { request: "ask_user/request", params: { request_id: "a1", questions: [{ id: "q", question: "Which?", header: "", multi_select: true, options: [{ id: "a", label: "A", preview: "code" }], allow_free_text: false }] } };
    const document = { role: "client", scenarios: [{ id: "mine.one", title: "one", requires: { interactive_questions: ["special_outcomes"] }, steps: [clientInit, { send: ask, as: "ask" }, { expect: { response: "ask" }, as: "answer", check: "client.ask-user.answered" }, { assert: "answer", answer: "valid", check: "client.ask-user.answer-valid" }] }] };
    expect(schema(document), JSON.stringify(schema.errors)).toBe(true);
    const [scenario] = parseScenarioFile(JSON.stringify(document), "mine.json").scenarios;
    expect(scenario?.requires).toEqual({ methods: [], interactiveQuestions: ["multi_select", "previews", "special_outcomes"] });
    expect(scenario?.role === "client" ? scenario.steps.map((step) => step.kind) : []).toEqual(["expect", "send", "expect", "assert"]);
  });

  it("of the documented form loads, with its own requirement", () => {
    const document = { role: "server", requirements: [{ id: "server.mine.lists", tier: "advisory", spec: ["1.6"], title: "mine" }], scenarios: [{ id: "mine.one", title: "one", steps: [init, { ...answered, as: "r" }, { assert: "r", equals: { "/result/data/server_info/name": "mine" }, check: "server.mine.lists" }] }] };
    expect(schema(document)).toBe(true);
    const loaded = parseScenarioFile(JSON.stringify(document), "mine.json");
    expect(loaded.requirements).toEqual([{ id: "server.mine.lists", role: "server", tier: "advisory", spec: ["1.6"], title: "mine" }]);
    expect(loaded.scenarios[0]?.steps.map((step) => step.kind)).toEqual(["send", "expect", "assert"]);
  });

  it.each(INVALID_SHAPES)("with %s is refused by the schema and by the loader, which says where", (_name, document, error) => {
    expect(schema(document)).toBe(false);
    expect(() => parseScenarioFile(JSON.stringify(document), "x.json")).toThrow(new ScenarioFileError(error));
  });

  it.each(INVALID_REFERENCES)("with %s is refused by the loader, which says where", (_name, document, error) => {
    expect(() => parseScenarioFile(JSON.stringify(document), "x.json")).toThrow(new ScenarioFileError(error));
  });

  it("that is not JSON, cannot be read, or nests too deeply is refused with the file named", () => {
    expect(() => parseScenarioFile("{", "x.json")).toThrow(/^x\.json: the document: is not JSON \(/);
    expect(() => loadScenarioFile(join(work, "missing.json"))).toThrow(/missing\.json: the document: cannot be read: ENOENT/);
    const path = join(work, "deep.json");
    writeFileSync(path, JSON.stringify(file(init, { send: { request: "session/list", id: "r1", params: "DEEP" } })).replace('"DEEP"', `${"[".repeat(100_000)}${"]".repeat(100_000)}`));
    expect(() => loadScenarioFile(path)).toThrow(new ScenarioFileError(`${path}: the document is nested too deeply`));
  });
});
