import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CORRELATION_CODES, FINDING_CODES, severityOf, type FindingCode } from "../src/index.js";
import { REPORT_SCHEMA, validateReport } from "./support/report-schema.js";
import { run } from "./support/run.js";

const README = readFileSync(new URL("../README.md", import.meta.url), "utf8");

/** The fenced blocks of a language in the README. */
function blocks(language: string): string[] {
  return [...README.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))].map((match) => match[1] ?? "");
}

describe("the README", () => {
  it("documents a direction-wrapper transcript that validates cleanly", async () => {
    const wrapped = blocks("json").find((block) => block.startsWith('{"direction"')) ?? "";
    expect(wrapped.split("\n").filter((line) => line !== "")).toHaveLength(2);
    expect(await run(["validate"], wrapped)).toEqual({ code: 0, stdout: "1 file, 2 lines: 0 errors, 0 warnings\n", stderr: "" });
  });

  it("documents a JSON report that matches the shipped schema", () => {
    const report = blocks("json").find((block) => block.includes('"findings"')) ?? "";
    expect(validateReport(JSON.parse(report))).toBe(true);
  });

  it("lists every finding code of the schema in its table, and every correlation code in the schema", () => {
    const tableCodes = [...README.matchAll(/^\| `([a-z_0-9]+)` \| (?:error|warning) \|/gm)].map((match) => match[1]);
    const schemaCodes = REPORT_SCHEMA.$defs.Finding.properties.code.enum;
    expect([...tableCodes].sort()).toEqual([...schemaCodes].sort());
    for (const code of CORRELATION_CODES) expect(schemaCodes).toContain(code);
    expect([...FINDING_CODES].sort()).toEqual([...schemaCodes].sort());
  });

  it("gives each code the severity its table row shows", () => {
    const rows = [...README.matchAll(/^\| `([a-z_0-9]+)` \| (error|warning) \|/gm)];
    const isCode = (code: string | undefined): code is FindingCode => FINDING_CODES.includes(code ?? "");
    for (const [, code, severity] of rows) if (isCode(code)) expect(severityOf(code), code).toBe(severity);
    expect(rows.length).toBe(FINDING_CODES.length);
  });
});
