import { describe, expect, it } from "vitest";
import { main } from "../src/index.js";
import { validateReport } from "./support/report-schema.js";

// A JSON report longer than the longest string V8 makes (2^29 - 24 units):
// each finding names the file, and a file name of 37,009 characters over
// 16,000 findings is 594 million units (a long name, so that few lines make
// it). The report must come out whole and parse; the test keeps it with the
// name shortened, 2 MB.

/** The file name: a long run of one letter, then a short tail to search for (a search for the whole name builds tables of its length each time). */
const RUN = "x".repeat(37_000);
const TAIL = "/t.ndjson";
const LONG_NAME = `${RUN}${TAIL}`;
const SHORT_NAME = "t.ndjson";
const LINES = 16_000;

/** `text` with every whole long name replaced by the short one, and where the last one replaced ends. */
function shortened(text: string): { readonly text: string; readonly end: number } {
  const parts: string[] = [];
  let end = 0;
  for (let tail = text.indexOf(TAIL, RUN.length); tail !== -1; tail = text.indexOf(TAIL, tail + TAIL.length)) {
    const start = tail - RUN.length;
    if (start < end || !text.startsWith(RUN, start)) continue;
    parts.push(text.slice(end, start), SHORT_NAME);
    end = tail + TAIL.length;
  }
  return { text: parts.join(""), end };
}

/**
 * A sink that keeps what is written with every long name shortened,
 * holding at most one written piece of the raw text: the end of a piece
 * that may begin a name cut in two is kept back for the next.
 */
function shrinkingSink() {
  const kept: string[] = [];
  let carry = "";
  let units = 0;
  return {
    write(piece: string): boolean {
      units += piece.length;
      const text = carry + piece;
      const done = shortened(text);
      const keep = Math.max(done.end, text.length - (LONG_NAME.length - 1));
      kept.push(done.text, text.slice(done.end, keep));
      carry = text.slice(keep);
      return true;
    },
    text: () => kept.join("") + carry,
    units: () => units,
  };
}

describe("validate --format json on a report longer than a string can be", () => {
  it("streams one valid document with every finding", async () => {
    const stdout = shrinkingSink();
    const stderr: string[] = [];
    const io = { stdin: [], stdout, stderr: { write: (text: string) => stderr.push(text) > 0 }, openFile: () => ["{}\n".repeat(LINES)] };
    const code = await main(["validate", "--format", "json", LONG_NAME], io);
    expect(stderr).toEqual([]);
    expect(stdout.units()).toBeGreaterThan(2 ** 29);
    const report: { findings: { file: string; line: number }[]; summary: unknown } = JSON.parse(stdout.text());
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
    expect(report.findings).toHaveLength(LINES);
    expect(report.findings.every(({ file }, index) => file === SHORT_NAME && report.findings[index]?.line === index + 1)).toBe(true);
    expect(report.summary).toEqual({ files: 1, lines: LINES, errors: LINES, warnings: 0 });
    expect(code).toBe(1);
  });
});

describe("the report's backpressure", () => {
  it("waits for the stream's drain before reading on, once a write was refused", async () => {
    const listeners: (() => void)[] = [];
    let writes = 0;
    const stdout = {
      write: () => {
        writes += 1;
        return false;
      },
      once: (_event: "drain", listener: () => void) => listeners.push(listener),
    };
    const chunks = (async function* () {
      yield "{}\n".repeat(5_000);
      yield "{}\n";
    })();
    let finished = false;
    const running = main(["validate", "--format", "json", "t.ndjson"], { stdin: [], stdout, stderr: { write: () => true }, openFile: () => chunks }).then((code) => {
      finished = true;
      return code;
    });
    // Turns of the event loop, not time: a slow machine takes longer over each, never fewer of them.
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const until = async (done: () => boolean) => {
      while (!done() && !finished) await turn();
    };
    await until(() => listeners.length > 0);
    const refused = writes;
    for (let spin = 0; spin < 100; spin++) await turn();
    expect([finished, listeners.length, writes > 0, writes]).toEqual([false, 1, true, refused]);
    const before = writes;
    for (const listener of listeners.splice(0)) listener();
    await until(() => writes > before);
    expect(writes).toBeGreaterThan(before);
    while (!finished) {
      for (const listener of listeners.splice(0)) listener();
      await turn();
    }
    expect(await running).toBe(1);
  });
});
