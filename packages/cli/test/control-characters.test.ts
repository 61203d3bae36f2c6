// Every text-like output quotes its inputs (file names, keys and methods of
// a transcript, type names of a peer's schemas) with their control
// characters written as \uXXXX: none reaches the terminal, but the newline
// each format writes itself.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDiff } from "../src/diff/diff-output.js";
import { diffSchemaSets } from "../src/diff/schema-diff.js";
import { shown, shownKeepingLineBreaks } from "../src/report/control-characters.js";
import { run } from "./support/run.js";

/** Controls a line of output may hold: only the newline that ends it. */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
const HOSTILE = "\u001b]0;owned\u0007\u001b[2J\r\u009b31m\u0085";
const HOSTILE_ESCAPED = "\\u001b]0;owned\\u0007\\u001b[2J\\u000d\\u009b31m\\u0085";

function expectNoControl(output: string): void {
  expect(output).not.toMatch(CONTROL);
  expect(output.split("\n").every((line) => !line.includes("\r"))).toBe(true);
}

describe("control characters in text outputs", () => {
  it("shown writes every C0 and C1 control and DEL as \\uXXXX, and nothing else", () => {
    expect(shown(`a${HOSTILE}\n\tz\u007f`)).toBe(`a${HOSTILE_ESCAPED}\\u000a\\u0009z\\u007f`);
    expect(shownKeepingLineBreaks("a\r\n\u001bb")).toBe("a\r\n\\u001bb");
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(shown(text)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
        expect(shown(text).replace(/\\u00(?:[01][0-9a-f]|7f|[89][0-9a-f])/g, "")).toBe(text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ""));
      }),
      { numRuns: 500 },
    );
  });

  it("validate's text and GitHub reports escape the file name, the path and the message", async () => {
    const name = `t${HOSTILE}.ndjson`;
    const line = JSON.stringify({ type: "request", id: `r${HOSTILE}`, method: `m${HOSTILE}`, params: { [`k${HOSTILE}`]: 1 } });
    for (const format of ["text", "github"]) {
      const { stdout } = await run(["validate", "--strict", "--format", format, name], [], { [name]: `${line}\n` });
      expectNoControl(stdout);
      expect(stdout).toContain(format === "text" ? `t${HOSTILE_ESCAPED}.ndjson:1:` : "\\u001b]0;owned\\u0007");
      expect(stdout).toContain("unknown_method");
    }
  });

  it("validate and redact escape the names of files they cannot read or whose lines they withhold", async () => {
    const name = `missing${HOSTILE}.ndjson`;
    expectNoControl((await run(["validate", name])).stderr);
    const withheld = await run(["redact", `w${HOSTILE}`], [], { [`w${HOSTILE}`]: "not json\n" });
    expect(withheld.stderr).toBe(`w${HOSTILE_ESCAPED}:1: withheld: not JSON\n`);
    expectNoControl((await run(["redact", name])).stderr);
  });

  it("diff's text, markdown and GitHub reports escape the names and values a peer's schemas give", () => {
    const type = `Theme${HOSTILE}`;
    const before = { types: new Map([[type, { type: "object", properties: { [`mode${HOSTILE}`]: { type: "string", enum: ["a", `b${HOSTILE}`] } } }]]), methods: new Map() };
    const after = { types: new Map([[type, { type: "object", properties: { [`mode${HOSTILE}`]: { type: "string", enum: ["a"] } } }]]), methods: new Map() };
    const report = diffSchemaSets(before, after);
    expect(report.changes.length).toBeGreaterThan(0);
    for (const format of ["text", "markdown", "github"] as const) {
      const output = formatDiff(report, format);
      expectNoControl(output);
      expect(output).toContain("\\u001b]0;owned");
    }
  });
});
