// The projects the release test installs the published packages into: the
// TypeScript consumers of consumers.ts compiled under each module setting a
// user may have, one CommonJS program that `require`s every package, and an
// ES module that imports schema files by package path as JSON modules.

export const REGISTRY_CONSUMERS = [
  { label: "TypeScript, module node16", type: "module", compilerOptions: { module: "node16", moduleResolution: "node16" } },
  { label: "TypeScript, moduleResolution bundler", type: "module", compilerOptions: { module: "esnext", moduleResolution: "bundler" } },
] as const;

export const CJS_CONSUMER = `"use strict";
const assert = require("node:assert/strict");
const { PROTOCOL_VERSION } = require("@app-server-protocol/types");
const { validateServerMessage, checkQuestions } = require("@app-server-protocol/validators");
const { readResponse } = require("@app-server-protocol/validators/all");
const { canonicalQuestions, outcomeFromLegacyAnswer } = require("@app-server-protocol/legacy-shim");
const { QuestionRegistry } = require("@app-server-protocol/correlation");
const { askUserRequestToAcp } = require("@app-server-protocol/acp");
const { main } = require("@app-server-protocol/cli");

assert.equal(PROTOCOL_VERSION, "1.0");
const params = { request_id: "ask-1", questions: [{ id: "q1", question: "Proceed?", header: "" }] };
assert.equal(validateServerMessage({ type: "request", id: "srv-ask-user-1", method: "ask_user/request", params }).ok, true);
assert.equal(validateServerMessage({ type: "request", id: "srv-ask-user-1", method: "ask_user/request", params: { request_id: 1 } }).ok, false);
assert.equal(checkQuestions(params.questions), null);
assert.equal(readResponse("turn/submit", { type: "response", id: "req-1", result: { status: "success", data: { subscription_id: "sub-1" } } }).ok, true);
const questions = canonicalQuestions({ request_id: "ask-1", question: "Which?", options: ["A", "B"] });
assert.equal(outcomeFromLegacyAnswer(questions, "B").outcome, "answered");
const registry = new QuestionRegistry();
registry.register({ requestId: "a", sessionId: "s", ownerId: "o", questions: params.questions });
assert.equal(registry.cancelAll("shutdown").length, 1);
assert.equal(askUserRequestToAcp({ request_id: "ask-1", question: "Which?", options: ["A", "B"] }, "s1").options[1].optionId, "ask_user_option_1");
assert.equal(typeof main, "function");
const { parseClientMessage } = require("@app-server-protocol/zod");
assert.equal(parseClientMessage({ type: "request", id: "req-1", method: "session/list" }).ok, true);
const { schemaId } = require("@app-server-protocol/schemas");
const methods = require("@app-server-protocol/schemas/methods.json");
assert.equal(methods.protocol_version, "1.0");
assert.equal(require("@app-server-protocol/schemas/AskUserQuestionRequest.json").$id, schemaId("AskUserQuestionRequest"));
const vectors = require("@app-server-protocol/conformance/vectors/messages/envelopes.json");
assert.equal(vectors.suite, "messages");
console.log("ok");
`;

export const ESM_JSON_CONSUMER = `import assert from "node:assert/strict";
import request from "@app-server-protocol/schemas/AskUserQuestionRequest.json" with { type: "json" };
import methods from "@app-server-protocol/schemas/methods.json" with { type: "json" };
import bundle from "@app-server-protocol/schemas/protocol.schema.json" with { type: "json" };
import { Ajv2020 } from "ajv/dist/2020.js";
import { addSchemas, schemaId } from "@app-server-protocol/schemas";

assert.equal(request.$id, schemaId("AskUserQuestionRequest"));
assert.ok(methods.methods.some((entry) => entry.method === "ask_user/request"));
assert.ok("ClientMessage" in bundle.$defs);
const ajv = addSchemas(new Ajv2020({ strict: true, discriminator: true }));
const validate = ajv.getSchema(schemaId("ClientMessage"));
assert.equal(validate({ type: "request", id: "req-1", method: "session/list" }), true);
assert.equal(validate({ type: "request", id: 1, method: "session/list" }), false);
console.log("ok");
`;
