import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonSnapshot } from "@app-server-protocol/validators";
import {
  AppServerQuestions,
  QuestionRegistry,
  StreamJsonQuestions,
  controlSuccess,
  encodeLine,
  questionRecord,
  resolutionRecord,
  type RecordStamp,
} from "@app-server-protocol/correlation";
import { anyValue, type Made } from "./support/hostile.js";
import { untyped } from "./support/untyped.js";

// What the package takes is read once into JSON data, and that is what is
// checked, kept and written: given a value that fights back (getters that
// answer differently each time, 2^32 - 1 long sparse arrays, proxies that
// throw, bigints and symbols), each entry point gives the verdict its
// snapshot gets, and everything it returns can be written.

const questions = [{ id: "q", question: "Proceed?", header: "", options: [{ id: "y", label: "Yes" }] }];
const stamp: RecordStamp = { sequence: 1, uuid: "0f8fad5b-d9cb-469f-a165-70867728950e", sessionId: "S1", timestamp: "2026-08-05T12:00:00Z" };

/** The snapshot of a fresh value made the same way, when there is one. */
function snapshotOf(made: Made): { readonly ok: true; readonly value: unknown } | { readonly ok: false } {
  return jsonSnapshot(made.make());
}

/** Whether a result can be written as it is, JSON data through and through. */
function isPlain(result: unknown): boolean {
  const read = jsonSnapshot(result);
  return read.ok && JSON.stringify(read.value) === JSON.stringify(result);
}

function registry(): QuestionRegistry {
  const fresh = new QuestionRegistry();
  fresh.register({ requestId: "ask-1", sessionId: "s1", ownerId: "c1", questions });
  return fresh;
}

const RUNS = { numRuns: 300 };

describe("the registry reads what it takes once", () => {
  it("resolves with the verdict of the outcome's snapshot, and holds its own copy", () => {
    fc.assert(
      fc.property(anyValue, (made) => {
        const result = registry().resolve("ask-1", made.make());
        const read = snapshotOf(made);
        if (read.ok) expect(result).toEqual(registry().resolve("ask-1", read.value));
        else expect(result).toMatchObject({ ok: false, reason: "invalid", error: { code: "malformed_response" } });
        expect(isPlain(result)).toBe(true);
      }),
      RUNS,
    );
  });

  it("registers questions as their snapshot is registered", () => {
    fc.assert(
      fc.property(anyValue, (made) => {
        const registration = (value: unknown) => untyped<Parameters<QuestionRegistry["register"]>[0]>({ requestId: "ask-2", sessionId: "s1", ownerId: "c1", questions: value });
        const result = registry().register(registration(made.make()));
        const read = snapshotOf(made);
        if (read.ok) expect(result).toEqual(registry().register(registration(read.value)));
        else expect(result).toMatchObject({ ok: false, reason: "invalid" });
      }),
      RUNS,
    );
  });

  it("cancels the ids of a list as it cancels those of its snapshot", () => {
    fc.assert(
      fc.property(anyValue, (made) => {
        const result = registry().cancelRequests(untyped(made.make()), "interrupt");
        const read = snapshotOf(made);
        if (read.ok && Array.isArray(read.value)) expect(result).toEqual(registry().cancelRequests(untyped(read.value), "interrupt"));
      }),
      RUNS,
    );
  });
});

describe("the app-server loop reads what it takes once", () => {
  it("sends what a request's snapshot sends, as a message of its own", () => {
    fc.assert(
      fc.property(anyValue, (made) => {
        const sent = new AppServerQuestions(registry()).send(made.make(), 0);
        const read = snapshotOf(made);
        if (read.ok) expect(sent).toEqual(new AppServerQuestions(registry()).send(read.value, 0));
        else expect(sent.type).toBe("refused");
        expect(isPlain(sent)).toBe(true);
      }),
      RUNS,
    );
  });

  it("answers a response as it answers its data's snapshot", () => {
    fc.assert(
      fc.property(anyValue, (made) => {
        const answer = (data: unknown) => {
          const loop = new AppServerQuestions(registry());
          const { id } = loop.send({ session_id: "s1", request_id: "ask-1", questions }, 0);
          return loop.receive({ type: "response", id, result: { status: "success", data } });
        };
        const verdict = answer(made.make());
        const read = snapshotOf(made);
        if (read.ok) expect(verdict).toEqual(answer(read.value));
        expect(isPlain(verdict)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe("the stream-JSON side reads what it takes once", () => {
  it("forwards, refuses or answers a question as its snapshot", () => {
    fc.assert(
      fc.property(anyValue, (made) => {
        const verdict = new StreamJsonQuestions({ sessionId: "S1" }).ask(made.make(), stamp);
        const read = snapshotOf(made);
        if (read.ok) expect(verdict).toEqual(new StreamJsonQuestions({ sessionId: "S1" }).ask(read.value, stamp));
        else expect(verdict.kind).toBe("refused");
        expect(isPlain(verdict)).toBe(true);
      }),
      RUNS,
    );
  });

  it("builds the records and lines of a value's snapshot, and every line can be written", () => {
    fc.assert(
      fc.property(anyValue, (made) => {
        const read = snapshotOf(made);
        const question = questionRecord(untyped(made.make()), stamp);
        const resolution = resolutionRecord("R1", untyped(made.make()), stamp);
        const success = controlSuccess("C1", made.make());
        for (const record of [question, resolution, success]) expect(encodeLine(record)).not.toBe("");
        if (read.ok) {
          expect(question).toEqual(questionRecord(untyped(read.value), stamp));
          expect(resolution).toEqual(resolutionRecord("R1", untyped(read.value), stamp));
          expect(encodeLine(untyped(made.make()))).toBe(encodeLine(untyped(read.value)));
        } else {
          expect(encodeLine(untyped(made.make()))).toBe("");
        }
      }),
      RUNS,
    );
  });
});

describe("options are read once, and one not of its type counts as its default", () => {
  it("AppServerQuestions and StreamJsonQuestions take any options, bigints and symbols included", () => {
    const odd = fc.oneof(anyValue, fc.constantFrom(10n, Symbol("s"), Number.NaN).map((value): Made => ({ make: () => value, toString: () => String(value) })));
    fc.assert(
      fc.property(odd, odd, odd, (waitMs, firstId, maxBytes) => {
        const loop = new AppServerQuestions(registry(), untyped({ waitMs: waitMs.make(), firstId: firstId.make() }));
        const sent = loop.send({ session_id: "s1", request_id: "ask-1", questions }, 0);
        expect(sent.type).toBe("request");
        expect(typeof loop.nextDeadline()).toBe("number");
        const cap = maxBytes.make();
        const cli = new StreamJsonQuestions(untyped({ sessionId: waitMs.make(), control: firstId.make(), maxBytes: cap }));
        expect(cli.ask({ session_id: "S1", request_id: "R1", questions }, stamp).kind).not.toBe("answered");
        // A cap that is a number is the cap, however small; any other value is the default, which the line is far below.
        const line = '{"type":"control_request","request_id":"C1","request":{"subtype":"initialize"}}';
        const expected = typeof cap === "number" && !Number.isNaN(cap) && line.length > cap ? "invalid_json" : "control_request";
        expect(cli.receive(line).class).toBe(expected);
      }),
      RUNS,
    );
  });
});
