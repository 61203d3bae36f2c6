import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FINDING_CODES, severityOf, type Finding, type FindingCode } from "../src/index.js";
import { BufferedSink } from "../src/report/buffered-sink.js";
import { reportWriter } from "../src/report/writers.js";
import { validateReport } from "./support/report-schema.js";

const isCode = (code: string): code is FindingCode => FINDING_CODES.includes(code);

const finding: fc.Arbitrary<Finding> = fc
  .record({
    file: fc.string({ unit: "binary" }),
    line: fc.integer({ min: 1, max: 2 ** 40 }),
    code: fc.constantFrom(...FINDING_CODES.filter(isCode)),
    path: fc.option(fc.string({ unit: "binary" }), { nil: undefined }),
    message: fc.string({ unit: "binary" }),
  })
  .map(({ file, line, code, path, message }) => (path === undefined ? { file, line, severity: severityOf(code), code, message } : { file, line, severity: severityOf(code), code, path, message }));

const unreadable = fc.array(fc.record({ file: fc.string({ unit: "binary" }), reason: fc.string({ unit: "binary" }) }), { maxLength: 3 });
const count = fc.nat({ max: 1000 });
const summary = fc.record({ files: count, lines: count, errors: count, warnings: count });

describe("the streamed JSON report", () => {
  it("is one line of JSON that holds exactly what was written, in order, and matches the schema", () => {
    fc.assert(
      fc.property(fc.array(finding, { maxLength: 40 }), unreadable, summary, (findings, files, totals) => {
        const pieces: string[] = [];
        const writer = reportWriter("json", { write: (text: string) => pieces.push(text) });
        for (const each of findings) writer.finding(each);
        writer.finish(totals, files);
        const text = pieces.join("");
        expect(text.indexOf("\n")).toBe(text.length - 1);
        const report: unknown = JSON.parse(text);
        expect(report).toEqual({ findings, unreadable: files, summary: totals });
        expect(validateReport(report)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe("the buffered sink", () => {
  it("hands on every text, in order, by the last flush, whatever the stream answers", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ maxLength: 40_000 }), { maxLength: 12 }), fc.array(fc.boolean(), { minLength: 1 }), async (texts, answers) => {
        const received: string[] = [];
        let writes = 0;
        const listeners: (() => void)[] = [];
        const stream = {
          write: (text: string) => {
            received.push(text);
            writes += 1;
            return answers[writes % answers.length];
          },
          once: (_event: "drain", listener: () => void) => listeners.push(listener),
        };
        const sink = new BufferedSink(stream);
        for (const text of texts) sink.write(text);
        const flushed = sink.flush();
        // The stream drains whatever it refused.
        for (const listener of listeners.splice(0)) listener();
        await flushed;
        expect(received.join("")).toBe(texts.join(""));
        expect(received.every((text) => text !== "")).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
