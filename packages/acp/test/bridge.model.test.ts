import type { ClientMessageResponse, ServerMessageRequest } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMPTY_BRIDGE, acceptAcpResponse, acceptServerRequest, cancelAcpSession, endAcpInput, type AcpBridgeState } from "@app-server-protocol/acp";

// Model-based: random interleavings of server requests (with colliding
// envelope ids), editor answers, session cancels and end of input, checked
// against a model of what is pending. An "issue" is one server request; an
// envelope id may be issued many times. Precisely: every response answers
// the newest issue of its id, which must still be pending (or is answered
// at once); each issue is answered at most once; an issue whose id is
// issued again while it is pending is superseded and never answered; by the
// end (after end of input) every other issue has been answered exactly once
// (the caller answers `unsupported` ones itself).

const IDS = ["srv-1", "srv-2", "srv-3"] as const;
const SESSIONS = [
  { id: "s1", promptActive: true },
  { id: "s2", promptActive: false },
];
const KINDS = ["permission", "trust", "question", "free_question", "broken_question", "undecodable", "other_method"] as const;
type Kind = (typeof KINDS)[number];

const EXPECTED_STEP: { readonly [kind in Kind]: string } = {
  permission: "ask_editor",
  trust: "ask_editor",
  question: "ask_editor",
  free_question: "answer_now",
  broken_question: "answer_now",
  undecodable: "unsupported",
  other_method: "unsupported",
};

type Operation =
  | { readonly op: "request"; readonly id: string; readonly kind: Kind; readonly session: string }
  | { readonly op: "editor"; readonly id: string; readonly answer: unknown }
  | { readonly op: "cancel"; readonly session: string }
  | { readonly op: "end" };

const editorAnswer = fc.oneof(
  fc.constant(undefined),
  fc.constant({ outcome: { outcome: "cancelled" } }),
  fc.constantFrom("allow_once", "reject_once", "trust_mcp_server", "ask_user_option_0", "ask_user_option_1", "ask_user_option_7").map((optionId) => ({ outcome: { outcome: "selected", optionId } })),
);

const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant("request" as const), id: fc.constantFrom(...IDS), kind: fc.constantFrom(...KINDS), session: fc.constantFrom("s1", "s2") }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("editor" as const), id: fc.constantFrom(...IDS, "srv-never"), answer: editorAnswer }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("cancel" as const), session: fc.constantFrom("s1", "s2", "s9") }) },
  { weight: 1, arbitrary: fc.constant({ op: "end" as const }) },
);

function serverRequest(id: string, kind: Kind, session: string, requestId: string): ServerMessageRequest {
  const request = (method: string, params: unknown): ServerMessageRequest => ({ type: "request", id, method, params });
  switch (kind) {
    case "permission":
      return request("permission/request", { request_id: requestId, session_id: session, tool_use_id: "t", tool_name: "Bash", tool_input: "{}", requires_tools_permission: true, requires_network_permission: false });
    case "trust":
      return request("mcp_trust/request", { request_id: requestId, session_id: session, server_id: "docs", tool_name: "search" });
    case "question":
      return request("ask_user/request", { session_id: session, request_id: requestId, question: "Which?", options: ["A", "B"] });
    case "free_question":
      return request("ask_user/request", { session_id: session, request_id: requestId, question: "Why?" });
    case "broken_question":
      return request("ask_user/request", { session_id: session, request_id: requestId, question: "Which?", options: ["A", "A"] });
    case "undecodable":
      return request("permission/request", { request_id: requestId });
    case "other_method":
      return request("elicitation/request", { request_id: requestId });
  }
}

interface Issue {
  readonly issue: number;
  readonly requestId: string;
  readonly session: string;
}

/** The model: what is pending, per envelope id, in arrival order (a Map keeps insertion order), and how often each issue was answered. */
class Model {
  readonly live = new Map<string, Issue>();
  readonly answers = new Map<number, number>();
  readonly superseded = new Set<number>();
  issued = 0;

  answer(issue: Issue, response: ClientMessageResponse): void {
    const data = response.result.status === "success" ? response.result.data : undefined;
    if (typeof data === "object" && data !== null && "request_id" in data) expect(data.request_id).toBe(issue.requestId);
    this.answers.set(issue.issue, (this.answers.get(issue.issue) ?? 0) + 1);
    expect(this.answers.get(issue.issue)).toBe(1);
  }

  /** Every response must answer a live issue; it is then no longer live. */
  settle(responses: readonly ClientMessageResponse[], expectedIds: readonly string[]): void {
    expect(responses.map((response) => response.id)).toEqual(expectedIds);
    for (const response of responses) {
      const issue = this.live.get(response.id);
      if (issue === undefined) throw new Error(`answered ${response.id}, which is not pending`);
      this.answer(issue, response);
      this.live.delete(response.id);
    }
  }
}

function run(operations: readonly Operation[]): void {
  const model = new Model();
  let state: AcpBridgeState = EMPTY_BRIDGE;
  for (const operation of operations) {
    if (operation.op === "request") {
      const issue: Issue = { issue: model.issued, requestId: `${operation.id}#${model.issued}`, session: operation.session };
      model.issued += 1;
      const step = acceptServerRequest(state, serverRequest(operation.id, operation.kind, operation.session, issue.requestId), SESSIONS);
      expect(step.kind).toBe(EXPECTED_STEP[operation.kind]);
      const replaced = model.live.get(operation.id);
      if (replaced !== undefined) model.superseded.add(replaced.issue);
      model.live.delete(operation.id);
      if (step.kind === "ask_editor") model.live.set(operation.id, issue);
      else if (step.kind === "answer_now") model.answer(issue, step.response);
      else model.answer(issue, { type: "response", id: operation.id, result: { status: "error", code: "method_not_found", message: "unsupported" } });
      state = step.state;
    } else if (operation.op === "editor") {
      const settled = acceptAcpResponse(state, operation.id, operation.answer);
      model.settle(settled.responses, model.live.has(operation.id) ? [operation.id] : []);
      state = settled.state;
    } else if (operation.op === "cancel") {
      const settled = cancelAcpSession(state, operation.session);
      model.settle(settled.responses, [...model.live].filter(([, issue]) => issue.session === operation.session).map(([id]) => id));
      state = settled.state;
    } else {
      const settled = endAcpInput(state);
      model.settle(settled.responses, [...model.live.keys()]);
      state = settled.state;
    }
    expect(state.pending.map((entry) => entry.id)).toEqual([...model.live.keys()]);
  }
  const ended = endAcpInput(state);
  model.settle(ended.responses, [...model.live.keys()]);
  for (let issue = 0; issue < model.issued; issue += 1) expect(model.answers.get(issue), `issue ${issue}`).toBe(model.superseded.has(issue) ? undefined : 1);
}

describe("ACP bridge against a model of its pending requests", () => {
  it("answers every issue of an envelope id exactly once, the newest request only, whatever the interleaving", () => {
    fc.assert(fc.property(fc.array(operation, { maxLength: 40 }), run), { numRuns: 500 });
  });

  it("keeps the same order and answers when a later state is built from an earlier one twice (states are values)", () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 20 }), fc.array(operation, { maxLength: 20 }), (prefix, suffix) => {
        let state: AcpBridgeState = EMPTY_BRIDGE;
        for (const [index, operation] of prefix.entries()) {
          if (operation.op === "request") state = acceptServerRequest(state, serverRequest(operation.id, operation.kind, operation.session, `r${index}`), SESSIONS).state;
        }
        const before = state.pending.map((entry) => entry.id);
        const replay = (): unknown[] => {
          let branch = state;
          const seen: unknown[] = [];
          for (const [index, operation] of suffix.entries()) {
            if (operation.op === "request") branch = acceptServerRequest(branch, serverRequest(operation.id, operation.kind, operation.session, `s${index}`), SESSIONS).state;
            else if (operation.op === "editor") {
              const settled = acceptAcpResponse(branch, operation.id, operation.answer);
              seen.push(settled.responses);
              branch = settled.state;
            } else if (operation.op === "cancel") {
              const settled = cancelAcpSession(branch, operation.session);
              seen.push(settled.responses);
              branch = settled.state;
            }
          }
          seen.push(branch.pending.map((entry) => entry.id));
          return seen;
        };
        expect(replay()).toEqual(replay());
        expect(state.pending.map((entry) => entry.id)).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });
});
