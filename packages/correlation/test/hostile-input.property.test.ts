import type { StreamJsonControlResponseLine, StreamJsonStreamEventRecord } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AppServerQuestions,
  QuestionRegistry,
  StreamJsonQuestions,
  controlError,
  controlSuccess,
  encodeLine,
  questionRecord,
  resolutionRecord,
  type HostLineClass,
  type RecordStamp,
  type Resolution,
} from "@app-server-protocol/correlation";
import { anyValue, deepArray, deepJson, deepObject, revokedProxy, throwingGetters, throwingProxy, type Made } from "./support/hostile.js";
import { untyped } from "./support/untyped.js";

// Every entry point that takes data from outside, fed any JavaScript value:
// fast-check's values, getters and proxies that throw, a revoked proxy,
// values JSON cannot write, and nesting past the stack. None may throw;
// each gives a verdict of its type; every line the package builds can be
// written; and every question still ends exactly once.

const questions = [{ id: "q", question: "Proceed?", header: "", options: [{ id: "y", label: "Yes" }] }];
const stamp: RecordStamp = { sequence: 1, uuid: "0f8fad5b-d9cb-469f-a165-70867728950e", sessionId: "S1", timestamp: "2026-08-05T12:00:00Z" };
const CLASSES: readonly HostLineClass[] = ["accepted", "invalid_outcome", "undecodable_response", "invalid_envelope", "unknown_request", "unsupported_type", "invalid_json", "ignored", "control_request", "control_response", "passthrough"];
/** A warning or error text quotes previews, never a value whole. */
const TEXT_BOUND = 1_000;

/** Records which questions ended; an id that ends twice fails the test. */
class Journal {
  private readonly ended = new Set<string>();

  record(resolutions: readonly Resolution[]): void {
    for (const { requestId } of resolutions) {
      expect(this.ended.has(requestId), `${requestId} ended twice`).toBe(false);
      this.ended.add(requestId);
    }
  }

  has(requestId: string): boolean {
    return this.ended.has(requestId);
  }
}

function writable(line: StreamJsonStreamEventRecord | StreamJsonControlResponseLine): void {
  const text = encodeLine(line);
  expect(text.endsWith("\n")).toBe(true);
  expect(() => JSON.parse(text)).not.toThrow();
}

describe("QuestionRegistry, any value", () => {
  it("never throws, and ends each registered question at most once", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: 10 }), anyValue, anyValue, anyValue), { maxLength: 25 }), (calls) => {
        const registry = new QuestionRegistry();
        const journal = new Journal();
        expect(registry.register({ requestId: "known", sessionId: "s1", turnId: "t1", ownerId: "c1", questions, deadline: 5 })).toEqual({ ok: true });
        for (const [method, ...made] of calls) {
          const [a, b, c] = made.map((value) => value.make());
          switch (method) {
            case 0:
              expect(typeof registry.register(untyped(a)).ok).toBe("boolean");
              break;
            case 1: {
              const result = registry.resolve(untyped(a), b, untyped(c));
              if (result.ok) journal.record([result.resolution]);
              break;
            }
            case 2:
              journal.record(registry.cancel(untyped(a), untyped(b)));
              break;
            case 3:
              journal.record(registry.cancelRequests(untyped(a), untyped(b)));
              break;
            case 4:
              journal.record(registry.cancelSession(untyped(a), untyped(b)));
              break;
            case 5:
              journal.record(registry.cancelTurn(untyped(a), untyped(b)));
              break;
            case 6:
              journal.record(registry.cancelOwner(untyped(a), untyped(b)));
              break;
            case 7:
              journal.record(registry.cancelAll(untyped(a)));
              break;
            case 8:
              journal.record(registry.expire(untyped(a)));
              break;
            case 9:
              registry.get(untyped(a));
              registry.resolve("known", a);
              break;
            default:
              registry.pending();
              registry.nextDeadline();
          }
        }
        journal.record(registry.cancelAll("shutdown"));
        expect(journal.has("known")).toBe(true);
        expect(registry.size).toBe(0);
      }),
    );
  });
});

describe("AppServerQuestions, any value", () => {
  it("never throws on a response, pending or not, and answers each envelope at most once", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), anyValue), { maxLength: 12 }), (responses) => {
        const registry = new QuestionRegistry();
        const loop = new AppServerQuestions(registry);
        const journal = new Journal();
        registry.register({ requestId: "ask-1", sessionId: "s1", ownerId: "c1", questions });
        const sent = loop.send({ session_id: "s1", request_id: "ask-1", questions }, 0);
        for (const [wrapped, made] of responses) {
          const value = made.make();
          const verdict = loop.receive(wrapped ? { type: "response", id: sent.id, result: value } : value);
          expect(["dropped", "retry", "resolved", "refused"]).toContain(verdict.kind);
          if (verdict.kind === "resolved") journal.record([verdict.resolution]);
          if (verdict.kind === "retry") expect(verdict.error.message.length).toBeLessThan(TEXT_BOUND);
          const data = loop.receive({ type: "response", id: sent.id, result: { status: "success", data: value } });
          if (data.kind === "resolved") journal.record([data.resolution]);
        }
        journal.record([...loop.close(), ...registry.cancelAll("shutdown")]);
        expect(journal.has("ask-1")).toBe(true);
      }),
    );
  });

  it("never throws on send, and sends only what decodes", () => {
    fc.assert(
      fc.property(anyValue, anyValue, (request, now) => {
        const loop = new AppServerQuestions(new QuestionRegistry());
        const verdict = loop.send(request.make(), now.make());
        expect(["request", "refused"]).toContain(verdict.type);
        expect(loop.size).toBe(verdict.type === "request" ? 1 : 0);
        if (verdict.type === "request") expect(() => JSON.stringify(verdict)).not.toThrow();
      }),
    );
  });
});

describe("StreamJsonQuestions, any value", () => {
  it("never throws on a host line of any value, and replies with lines it can write", () => {
    const text = fc.oneof(fc.string(), fc.json(), fc.constantFrom(deepJson(20_000), `{"type":${deepJson(20_000)}}`, `\uFEFF{"type":"keep_alive"}`));
    const line = fc.oneof(anyValue, text.map((value): Made => ({ make: () => value, toString: () => JSON.stringify(value) })));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 10 }), (lines) => {
        const cli = new StreamJsonQuestions({ sessionId: "S1" });
        expect(cli.ask({ session_id: "S1", request_id: "R1", questions }, stamp).kind).toBe("forwarded");
        for (const made of lines) {
          const verdict = cli.receive(made.make());
          expect(CLASSES).toContain(verdict.class);
          if (verdict.reply !== undefined) writable(verdict.reply);
          expect((verdict.warning ?? "").length).toBeLessThan(TEXT_BOUND);
        }
        expect(cli.close().length).toBeLessThanOrEqual(1);
        expect(cli.pendingRequestIds()).toEqual([]);
      }),
    );
  });

  it("never throws on a server request, a permission id or a control handler's answer", () => {
    fc.assert(
      fc.property(anyValue, anyValue, anyValue, anyValue, (...made) => {
        const [method, params, given, answer] = made.map((value) => value.make());
        const cli = new StreamJsonQuestions({ sessionId: "S1", control: () => untyped(answer) });
        const verdicts = [cli.serverRequest(untyped(method), params, untyped(given)), cli.serverRequest("ask_user/request", params, untyped(given)), cli.ask(params, untyped(given))];
        for (const verdict of verdicts) {
          expect(["forwarded", "answered", "refused", "permission"]).toContain(verdict.kind);
          if (verdict.kind === "forwarded") writable(verdict.record);
          if (verdict.kind === "refused") expect(verdict.message.length).toBeLessThan(TEXT_BOUND);
        }
        cli.awaitPermission(untyped(method));
        const control = cli.receive('{"type":"control_request","request_id":"C1","request":{"subtype":"interrupt"}}');
        expect(control.class).toBe("control_request");
        if (control.reply !== undefined) writable(control.reply);
        expect(cli.size).toBe(verdicts.filter((verdict) => verdict.kind === "forwarded").length);
      }),
    );
  });
});

describe("the record builders, any value", () => {
  it("never throw, and build records encodeLine can write", () => {
    fc.assert(
      fc.property(anyValue, anyValue, anyValue, (...made) => {
        const [request, outcome, given] = made.map((value) => value.make());
        writable(questionRecord(untyped(request), untyped(given)));
        writable(resolutionRecord(untyped(request), untyped(outcome), untyped(given)));
        writable(controlError(untyped("R1"), "x"));
      }),
    );
  });

  it("encodeLine writes nothing, and never throws, for a value JSON cannot write", () => {
    fc.assert(
      fc.property(anyValue, (made) => {
        const line = encodeLine(untyped(made.make()));
        if (line !== "") expect(() => JSON.parse(line)).not.toThrow();
      }),
    );
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    const unwritable = [throwingProxy(), revokedProxy(), throwingGetters("type"), { toJSON: () => JSON.parse("x") }, cyclic, { big: 10n }, deepArray(20_000), { type: "control_response", response: { deep: deepObject(20_000) } }, null, undefined, 42, "line"];
    for (const value of unwritable) expect(encodeLine(untyped(value))).toBe("");
    // The builders read what they are given, so their lines can be written: data with no snapshot is left out.
    expect(encodeLine(controlSuccess("C1", { deep: deepObject(20_000) }))).toBe('{"type":"control_response","response":{"subtype":"success","request_id":"C1"}}\n');
  });
});
