import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CONTROL_SUBTYPES,
  LATE_PERMISSION_ERROR,
  REWIND_FILES_ERROR,
  StreamJsonQuestions,
  encodeLine,
  resolutionRecord,
  type RecordStamp,
} from "@app-server-protocol/correlation";

// Properties of the stream-JSON additions: the emitted form of outcomes
// (spec 2.4), control request replies and late can_use_tool answers (5.6),
// and the refusal of server requests the channel cannot carry (5.7).

const stamp: RecordStamp = { sequence: 3, uuid: "0f8fad5b-d9cb-469f-a165-70867728950e", sessionId: "S1", timestamp: "2026-08-05T12:00:00Z" };

/** Any well-formed string (no lone surrogate, which has no UTF-8 form), and keys that are special to JavaScript objects. */
const mapKey = fc.oneof(
  fc.string({ unit: "binary", maxLength: 8 }).filter((key) => !/\p{Cs}/u.test(key)),
  fc.constantFrom("__proto__", "constructor", "0", "9", "10", "-1", "Alpha", "alpha", "\u{1F600}", "\uFFFD"),
);
const entries = <T>(value: fc.Arbitrary<T>, minLength: number) => fc.uniqueArray(fc.tuple(mapKey, value), { minLength, maxLength: 6, selector: ([key]) => key });
const answerValue = fc.oneof(
  fc.record({ kind: fc.constant("text" as const), text: fc.string() }, { noNullPrototype: true }),
  fc.record({ kind: fc.constant("selected" as const), option_id: fc.string() }, { noNullPrototype: true }),
  fc.record({ kind: fc.constant("selected_many" as const), option_ids: fc.array(fc.string(), { maxLength: 3 }) }, { noNullPrototype: true }),
);

/** The oracle: a map's JSON text with its keys sorted as Node sorts their UTF-8 bytes. */
function byteSortedJson(pairs: readonly (readonly [string, unknown])[]): string {
  const sorted = [...pairs].sort(([a], [b]) => Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8")));
  return `{${sorted.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(",")}}`;
}

describe("resolution lines, property-based (spec 5.3, 2.4)", () => {
  it("write answers and annotations with keys in UTF-8 byte order, and annotations only when there are some", () => {
    fc.assert(
      fc.property(entries(answerValue, 1), entries(fc.string(), 0), (answers, annotations) => {
        const outcome = { outcome: "answered" as const, answers: Object.fromEntries(answers), annotations: Object.fromEntries(annotations) };
        const line = encodeLine(resolutionRecord("R1", outcome, stamp));
        const annotationsText = annotations.length > 0 ? `,"annotations":${byteSortedJson(annotations)}` : "";
        expect(line.endsWith(`"outcome":{"outcome":"answered","answers":${byteSortedJson(answers)}${annotationsText}}}}\n`)).toBe(true);
        const written = JSON.parse(line).event.outcome;
        // toEqual, as toStrictEqual reads an own `constructor` key as the object's class.
        expect(written).toEqual(annotations.length > 0 ? outcome : { outcome: "answered", answers: outcome.answers });
        expect(Object.hasOwn(written, "annotations")).toBe(annotations.length > 0);
      }),
    );
  });

  it("give the accepted verdict the outcome the resolution line writes", () => {
    const questionId = fc.stringMatching(/^[A-Za-z0-9]{1,6}$/);
    const ids = fc.uniqueArray(questionId, { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(ids, fc.string({ minLength: 1, maxLength: 20 }).filter((text) => text.trim() !== ""), fc.boolean(), fc.jsonValue(), (questionIds, text, annotate, extra) => {
        const cli = new StreamJsonQuestions();
        const questions = questionIds.map((id) => ({ id, question: `${id}?`, header: "", allow_annotation: true }));
        expect(cli.ask({ request_id: "R1", questions }, stamp).kind).toBe("forwarded");
        const answers = Object.fromEntries(questionIds.map((id) => [id, { kind: "text", text, extra }]));
        const annotations = annotate ? Object.fromEntries(questionIds.map((id) => [id, text])) : {};
        const verdict = cli.receive(JSON.stringify({ type: "server_response", request_id: "R1", response: { outcome: "answered", answers, annotations, extra } }));
        expect(verdict.class).toBe("accepted");
        const written = JSON.parse(encodeLine(resolutionRecord("R1", { outcome: "answered", answers: Object.fromEntries(questionIds.map((id) => [id, { kind: "text", text }])), annotations }, stamp))).event.outcome;
        expect(verdict.response).toStrictEqual({ request_id: "R1", outcome: written });
        expect(verdict.resolution?.outcome).toStrictEqual(written);
        expect(Object.hasOwn(written, "annotations")).toBe(annotate);
      }),
    );
  });
});

describe("control requests, property-based (spec 5.6)", () => {
  const subtype = fc.oneof(fc.constantFrom(...CONTROL_SUBTYPES, "rewind_files", "can_use_tool"), fc.string({ maxLength: 80 }));

  it("reply to every control request under its request_id, by subtype, and leave questions pending", () => {
    fc.assert(
      fc.property(fc.string(), subtype, (requestId, name) => {
        const cli = new StreamJsonQuestions({ control: () => ({ ok: true }) });
        expect(cli.ask({ request_id: "R1", question: "Go?", options: ["Yes"] }, stamp).kind).toBe("forwarded");
        const verdict = cli.receive(JSON.stringify({ type: "control_request", request_id: requestId, request: { subtype: name } }));
        expect(verdict.class).toBe("control_request");
        const reply = verdict.reply?.response;
        expect(reply?.request_id).toBe(requestId);
        const supported: readonly string[] = CONTROL_SUBTYPES;
        if (supported.includes(name)) expect(reply?.subtype).toBe("success");
        else if (name === "rewind_files") expect(reply).toStrictEqual({ subtype: "error", request_id: requestId, error: REWIND_FILES_ERROR });
        else expect(reply).toStrictEqual({ subtype: "error", request_id: requestId, error: `unsupported control request subtype \`${name.slice(0, 64)}\`` });
        expect(cli.size).toBe(1);
      }),
    );
  });

  it("hand each awaited can_use_tool answer back exactly once and refuse every other as late", () => {
    const ids = ["P1", "P2", "P3"];
    const step = fc.oneof(
      fc.record({ await: fc.constantFrom(...ids) }),
      fc.record({ answer: fc.constantFrom(...ids) }),
      fc.constant({ endTurn: true }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const cli = new StreamJsonQuestions();
        const awaited = new Set<string>();
        for (const next of steps) {
          if ("await" in next) {
            cli.awaitPermission(next.await);
            awaited.add(next.await);
          } else if ("answer" in next) {
            const line = { type: "control_response", response: { subtype: "success", request_id: next.answer, response: { behavior: "deny", message: "no" } } };
            const verdict = cli.receive(JSON.stringify(line));
            if (awaited.delete(next.answer)) expect(verdict).toStrictEqual({ class: "control_response", line });
            else expect(verdict.reply?.response).toStrictEqual({ subtype: "error", request_id: next.answer, error: LATE_PERMISSION_ERROR });
          } else {
            expect(cli.endTurn()).toStrictEqual([]);
            awaited.clear();
          }
        }
      }),
    );
  });
});

describe("server requests, property-based (spec 5.7)", () => {
  it("refuse every method other than ask_user/request and permission/request, naming it", () => {
    fc.assert(
      fc.property(
        fc.string().filter((method) => method !== "ask_user/request" && method !== "permission/request"),
        fc.jsonValue(),
        (method, params) => {
          const cli = new StreamJsonQuestions({ sessionId: "S1" });
          expect(cli.serverRequest(method, params, stamp)).toStrictEqual({ kind: "refused", message: `headless SDK control channel cannot handle server request \`${method}\`` });
          expect(cli.size).toBe(0);
        },
      ),
    );
  });
});
