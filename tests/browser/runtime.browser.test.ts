import { beforeAll, describe, expect, it } from "vitest";
import { assertPackagesBuilt, BUNDLED_PACKAGES, bundlePage, type PageBundle } from "./bundle.js";
import { runPage, type PageRun } from "./chromium.js";
import { runScenarios, type ScenarioResults } from "./scenarios.js";

// The validators, the legacy shim, correlation and the ACP bridge as a web
// view runs them: the built packages bundled for the browser, in headless
// Chromium. Assumes the packages are built (`npm run test:browser` runs after
// `npm test`, which builds them); assertPackagesBuilt says how otherwise.

let bundle: PageBundle = { code: "", inputs: [] };
let run: PageRun = { results: "", errors: [], foreignRequests: [] };
let onPage: ScenarioResults = {};

function isRecord(value: unknown): value is ScenarioResults {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

beforeAll(async () => {
  assertPackagesBuilt();
  bundle = await bundlePage();
  run = await runPage(bundle.code);
  const parsed: unknown = JSON.parse(run.results);
  if (!isRecord(parsed)) throw new Error(`the page's results are not an object: ${run.results.slice(0, 200)}`);
  onPage = parsed;
});

describe("the browser bundle", () => {
  it("takes no Node built-in: nothing external, no node: input, no require", () => {
    expect(bundle.inputs.filter((input) => input.startsWith("node:") || input.startsWith("(disabled):"))).toEqual([]);
    expect(bundle.code).not.toContain("require(");
    expect(bundle.code).not.toContain("process.getBuiltinModule");
  });

  it("is made of the packages' built entry points, not their sources", () => {
    const packageInputs = bundle.inputs.filter((input) => input.includes("packages/"));
    expect(packageInputs.filter((input) => !/packages\/[a-z-]+\/dist\/esm\//.test(input))).toEqual([]);
    const folders = BUNDLED_PACKAGES.map((name) => name.replace("@app-server-protocol/", ""));
    expect(folders.filter((folder) => !packageInputs.some((input) => input.includes(`packages/${folder}/dist/esm/`)))).toEqual([]);
  });
});

describe("the page in Chromium", () => {
  it("runs without console errors, uncaught exceptions or network requests", () => {
    expect(run.errors).toEqual([]);
    expect(run.foreignRequests).toEqual([]);
  });

  it("gives exactly the results Node gives", () => {
    // Node reads the packages' sources: a difference also means a stale dist/ (`npx turbo run build`).
    expect(onPage, "the built packages on the page disagree with their sources in Node").toEqual(JSON.parse(JSON.stringify(runScenarios())));
  });

  it("validates messages with the exact codes and paths", () => {
    expect(onPage["serverRequest"]).toEqual({ ok: true });
    expect(onPage["serverRequestWithoutLabel"]).toEqual({ ok: false, code: "missing_field", path: "/params/questions/0/options/0/label" });
    expect(onPage["serverUnknownMethod"]).toEqual({ ok: false, code: "unknown_method", path: "/method" });
    expect(onPage["clientAnswer"]).toEqual({ ok: true });
    expect(onPage["clientAnswerWithoutAnswers"]).toEqual({ ok: false, code: "missing_field", path: "/result/data/outcome/answers" });
    expect(onPage["clientAnswerUnknownKind"]).toEqual({ ok: false, code: "unknown_tag", path: "/result/data/outcome/answers/db/kind" });
    expect(onPage["clientStrictUnknownField"]).toEqual({ ok: false, code: "unknown_field", path: "/trace" });
    expect(onPage["textNotJson"]).toEqual({ ok: false, code: "invalid_json", path: "" });
    expect(onPage["textTooLarge"]).toEqual({ ok: false, code: "too_large", path: "" });
    expect(onPage["utf8Length"]).toBe(6);
  });

  it("applies the question and outcome rules", () => {
    expect(onPage["questions"]).toBeNull();
    expect(onPage["questionsDuplicateId"]).toEqual({ code: "duplicate_id", message: "duplicate question id `db`" });
    expect(onPage["questionsLongHeader"]).toEqual({ code: "header_too_long", message: "question `why` header exceeds 12 characters" });
    expect(onPage["outcome"]).toBeNull();
    expect(onPage["outcomeFreeText"]).toEqual({ code: "free_text_disabled", message: "question `db` does not allow free text" });
    expect(onPage["outcomeUnknownOption"]).toEqual({ code: "unknown_option", message: "unknown option `oracle` for question `db`" });
    expect(onPage["outcomeMissingAnswer"]).toEqual({ code: "missing_answer", message: "answered outcome must contain exactly one answer for every question" });
  });

  it("normalizes a legacy question and its answers", () => {
    expect(onPage["legacyRequest"]).toEqual({ ok: true });
    expect(onPage["legacyQuestions"]).toEqual([
      {
        id: "question-1",
        question: "Which database?",
        header: "Question",
        multi_select: false,
        options: [
          { id: "option-1", label: "PostgreSQL", description: "" },
          { id: "option-2", label: "SQLite", description: "" },
        ],
        allow_free_text: true,
        allow_annotation: false,
      },
    ]);
    expect(onPage["legacySelected"]).toEqual({ outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-2" } } });
    expect(onPage["legacySelectedCheck"]).toBeNull();
    expect(onPage["legacyFreeText"]).toEqual({ outcome: "answered", answers: { "question-1": { kind: "text", text: "MariaDB" } } });
    expect(onPage["legacyFreeTextCheck"]).toBeNull();
    expect(onPage["legacyMismatch"]).toEqual({ ok: false, error: { code: "request_id_mismatch", message: "response request id `ask-9` does not match `ask-2`" } });
  });

  it("correlates a question with its answers", () => {
    const freeTextDisabled = { code: "free_text_disabled", message: "question `db` does not allow free text" };
    expect(onPage["registered"]).toEqual({ ok: true });
    expect(onPage["duplicate"]).toEqual({ ok: false, reason: "duplicate", outcome: { outcome: "cancelled", reason: "delivery_failed" } });
    expect(onPage["sentId"]).toBe("srv-ask-user-1");
    expect(onPage["retryKind"]).toBe("retry");
    expect(onPage["retryError"]).toEqual(freeTextDisabled);
    expect(onPage["retryValidationError"]).toEqual(freeTextDisabled);
    expect(onPage["retryMessage"]).toEqual({ ok: true });
    expect(onPage["refusedByCore"]).toEqual({ ok: false, reason: "invalid", error: freeTextDisabled });
    expect(onPage["otherSession"]).toEqual({ ok: false, reason: "wrong_session", message: "AskUserQuestion request `ask-1` belongs to another session" });
    expect(onPage["stillPending"]).toEqual([{ requestId: "ask-1", validationError: freeTextDisabled }]);
    expect(onPage["resolved"]).toEqual({
      kind: "resolved",
      resolution: { requestId: "ask-1", outcome: { outcome: "answered", answers: { db: { kind: "selected", option_id: "pg" }, why: { kind: "text", text: "It is already running" } } } },
    });
    expect(onPage["late"]).toEqual({ kind: "dropped" });
    expect(onPage["pendingAtEnd"]).toBe(0);
  });

  it("maps ask_user to session/request_permission and back", () => {
    expect(onPage["acpStep"]).toBe("ask_editor");
    expect(onPage["acpParams"]).toEqual({
      sessionId: "s1",
      toolCall: { toolCallId: "ask-2", kind: "other", status: "pending", title: "Which database?", rawInput: { question: "Which database?", options: ["PostgreSQL", "SQLite"] }, name: "AskUserQuestion" },
      options: [
        { optionId: "ask_user_option_0", name: "PostgreSQL", kind: "allow_once" },
        { optionId: "ask_user_option_1", name: "SQLite", kind: "allow_once" },
      ],
    });
    expect(onPage["acpReply"]).toEqual({ type: "response", id: "srv-ask-user-2", result: { status: "success", data: { request_id: "ask-2", answer: "SQLite" } } });
    expect(onPage["acpReplyValid"]).toEqual({ ok: true });
    expect(onPage["acpReplyAnswer"]).toEqual({ ok: true, outcome: { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-2" } } } });
    expect(onPage["acpRepresentability"]).toEqual({ ok: false, reason: "no options" });
    expect(onPage["acpUnshowable"]).toEqual({ type: "response", id: "srv-ask-user-1", result: { status: "success", data: { request_id: "ask-1" } } });
    expect(onPage["acpCancelled"]).toEqual([{ type: "response", id: "srv-ask-user-3", result: { status: "success", data: { request_id: "ask-3" } } }]);
  });
});
