import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { answer, askUser, SUBMIT, SUBMITTED, success } from "./support/messages.js";
import { validateReport } from "./support/report-schema.js";
import { run, transcript } from "./support/run.js";

const MANIFEST: { version: string } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));

const BROKEN = transcript(SUBMIT, "{oops", success("req-1", { subscription_id: 7 }), askUser("srv-ask-user-1"), answer("srv-ask-user-1", "nope"));

describe("validate output formats", () => {
  it("prints text findings as file:line: severity code path message, then a summary line", async () => {
    const { stdout, code } = await run(["validate", "a.ndjson"], "", { "a.ndjson": BROKEN });
    const [first, ...rest] = stdout.split("\n");
    // The parser's own explanation follows, in the engine's words.
    expect(first).toMatch(/^a\.ndjson:2: error invalid_json invalid JSON: \S/);
    expect(rest).toEqual([
      "a.ndjson:3: error wrong_type /result/data/subscription_id must be a string",
      'a.ndjson:5: error unknown_option /result/data unknown option `nope` for question `db`',
      'a.ndjson:4: warning unanswered_request request "srv-ask-user-1" (ask_user/request) is never answered',
      "1 file, 5 lines: 3 errors, 1 warning",
      "",
    ]);
    expect(code).toBe(1);
  });

  it("prints one JSON document that matches the shipped schema", async () => {
    const { stdout } = await run(["validate", "--format", "json", "a.ndjson", "b.ndjson"], "", { "a.ndjson": BROKEN, "b.ndjson": transcript(SUBMIT, SUBMITTED) });
    const report: unknown = JSON.parse(stdout);
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
    expect(report).toMatchObject({ summary: { files: 2, lines: 7, errors: 3, warnings: 1 } });
    expect(stdout.trimEnd().split("\n")).toHaveLength(1);
  });

  it("lists the files it could not read, with the reason, and still matches the schema", async () => {
    const { stdout, code } = await run(["validate", "--format", "json", "missing.ndjson", "a.ndjson"], "", { "a.ndjson": transcript(SUBMIT, SUBMITTED) });
    const report: unknown = JSON.parse(stdout);
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
    expect(report).toEqual({
      findings: [],
      unreadable: [{ file: "missing.ndjson", reason: "ENOENT: no such file or directory, open 'missing.ndjson'" }],
      summary: { files: 1, lines: 2, errors: 0, warnings: 0 },
    });
    expect(code).toBe(2);
  });

  it("the schema still accepts a report without the unreadable list, as earlier versions wrote it", () => {
    expect(validateReport({ findings: [], summary: { files: 1, lines: 0, errors: 0, warnings: 0 } })).toBe(true);
    expect(validateReport({ findings: [], unreadable: [{ file: "x" }], summary: { files: 1, lines: 0, errors: 0, warnings: 0 } })).toBe(false);
  });

  it("the schema refuses a report that breaks it", () => {
    expect(validateReport({ findings: [{ file: "-", line: 0, severity: "fatal", code: "nope", message: "" }], summary: { files: 0, lines: 0, errors: 0, warnings: 0 } })).toBe(false);
  });

  it("prints GitHub Actions annotations with workflow-command escaping", async () => {
    const { stdout } = await run(["validate", "--format", "github", "dir,x:y.ndjson"], "", { "dir,x:y.ndjson": transcript("{oops%\r", SUBMIT) });
    const [first, ...rest] = stdout.split("\n");
    expect(first).toMatch(/^::error file=dir%2Cx%3Ay\.ndjson,line=1::invalid_json invalid JSON: \S/);
    expect(rest).toEqual([
      '::warning file=dir%2Cx%3Ay.ndjson,line=2::unanswered_request request "req-1" (turn/submit) is never answered',
      "1 file, 2 lines: 1 error, 1 warning",
      "",
    ]);
  });

  it("escapes %, CR and LF in annotation messages", async () => {
    const { stdout } = await run(["validate", "--format", "github"], transcript({ type: "request", id: "a%b\nc", method: "session/list" }));
    expect(stdout.split("\n")[0]).toBe('::warning file=-,line=1::unanswered_request request "a%25b\\nc" (session/list) is never answered');
  });
});

describe("exit codes and usage", () => {
  it("exits 0 without errors, 1 with errors, 2 on usage and I/O errors", async () => {
    expect((await run(["validate"], transcript(SUBMIT, SUBMITTED))).code).toBe(0);
    expect((await run(["validate"], "{")).code).toBe(1);
    const unknown = await run(["validate", "--bogus"]);
    expect([unknown.code, unknown.stderr]).toEqual([2, "error: unknown option '--bogus'\n"]);
    expect((await run(["validate", "--framing", "xml"])).code).toBe(2);
    expect((await run(["validate", "--max-bytes", "-3"])).code).toBe(2);
    expect((await run(["frobnicate"])).code).toBe(2);
    const missing = await run(["validate", "missing.ndjson"]);
    expect([missing.code, missing.stderr]).toEqual([2, "app-server-protocol: cannot read missing.ndjson: ENOENT: no such file or directory, open 'missing.ndjson'\n"]);
    expect((await run(["redact", "missing.ndjson"])).code).toBe(2);
  });

  it("validates the other files when one cannot be read, and still exits 2", async () => {
    const { code, stdout } = await run(["validate", "missing.ndjson", "a.ndjson"], "", { "a.ndjson": "{\n" });
    expect(code).toBe(2);
    expect(stdout).toContain("a.ndjson:1: error invalid_json");
  });

  it("reads standard input for - and for no file", async () => {
    expect((await run(["validate", "-"], "{\n")).stdout).toContain("-:1: error invalid_json");
    expect((await run(["validate"], ["{\n", "\n", "{}\n"])).stdout).toContain("1 file, 2 lines: 2 errors, 0 warnings");
  });

  it.each([[["--help"]], [["validate", "--help"]], [["redact", "--help"]], [["help", "validate"]]])("prints help for %j and exits 0", async (argv) => {
    const { code, stdout } = await run(argv);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: app-server-protocol/);
  });

  it("validate --help lists every option", async () => {
    const { stdout } = await run(["validate", "--help"]);
    for (const option of ["--framing", "--format", "--max-bytes", "--strict", "--redact"]) expect(stdout).toContain(option);
  });

  it("--strict reports fields the protocol does not define", async () => {
    const extra = { type: "request", id: "req-1", method: "turn/submit", params: { session_id: "s1", prompt: "p", colour: "red" } };
    const input = transcript(extra, SUBMITTED);
    expect((await run(["validate"], input)).code).toBe(0);
    const strict = await run(["validate", "--strict"], input);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain("-:1: error unknown_field /params/colour");
  });
});

describe("--quiet and --max-warnings", () => {
  const WARNED = transcript(SUBMIT, "{oops", { type: "request", id: "req-2", method: "session/list" });

  it("--quiet writes errors only, in every format; the summary still counts the warnings", async () => {
    const text = await run(["validate", "--quiet"], WARNED);
    expect(text.stdout.split("\n")).toEqual([expect.stringMatching(/^-:2: error invalid_json /), "1 file, 3 lines: 1 error, 2 warnings", ""]);
    const github = await run(["validate", "-q", "--format", "github"], WARNED);
    expect(github.stdout).not.toContain("::warning");
    const json: { findings: { severity: string }[]; summary: { warnings: number } } = JSON.parse((await run(["validate", "--quiet", "--format", "json"], WARNED)).stdout);
    expect([json.findings.map(({ severity }) => severity), json.summary.warnings]).toEqual([["error"], 2]);
    expect(text.code).toBe(1);
  });

  it("--max-warnings N exits 1 when there are more than N warnings, and says so on stderr", async () => {
    const warned = transcript(SUBMIT, { type: "request", id: "req-2", method: "session/list" });
    expect((await run(["validate"], warned)).code).toBe(0);
    expect((await run(["validate", "--max-warnings", "2"], warned)).code).toBe(0);
    const over = await run(["validate", "--max-warnings", "1"], warned);
    expect([over.code, over.stderr]).toEqual([1, "app-server-protocol: 2 warnings, more than --max-warnings 1\n"]);
    expect((await run(["validate", "--quiet", "--max-warnings", "0"], warned)).code).toBe(1);
    expect((await run(["validate", "--max-warnings", "0"], transcript(SUBMIT, SUBMITTED))).code).toBe(0);
  });

  it.each([["-1"], ["1.5"], ["many"], [""]])("--max-warnings %j is a usage error", async (value) => {
    const { code, stderr } = await run(["validate", "--max-warnings", value]);
    expect(code).toBe(2);
    expect(stderr).toContain("must be a non-negative integer");
  });
});

describe("--version and --help", () => {
  it.each([["--version"], ["-V"]])("%s prints the package's version and exits 0", async (flag) => {
    expect(await run([flag])).toEqual({ code: 0, stdout: `${MANIFEST.version}\n`, stderr: "" });
  });

  it.each([[[]], [["validate"]], [["redact"]], [["diff"]], [["view"]]])("help %j shows the exit codes and examples", async (command) => {
    const { stdout, code } = await run([...command, "--help"]);
    const tail = stdout.slice(stdout.indexOf("\nExit codes:\n"));
    expect(tail).toMatch(/^\nExit codes:\n {2}0 {2}\S.*\n(?: {2}1 {2}\S.*\n)? {2}2 {2}\S.*\n\nExamples:\n(?: {2}\$ app-server-protocol \S.*\n)+$/);
    expect(code).toBe(0);
  });

  it("validate --help names the options that decide the exit code in its exit codes", async () => {
    const { stdout } = await run(["validate", "--help"]);
    expect(stdout).toContain("  1  an error found, or more warnings than --max-warnings\n");
    for (const option of ["--quiet", "--max-warnings <count>", "--follow-symlinks"]) expect(stdout).toContain(option);
  });
});

describe("--progress", () => {
  it("tells the count of lines on stderr every 10000 lines and at the end of each file", async () => {
    const line = JSON.stringify({ type: "notification", method: "stream/event", params: { subscription_id: "s", event: { event: "turn_started", turn_id: "t" } } });
    const input = `${line}\n`.repeat(10_001);
    const { stderr, stdout } = await run(["validate", "--progress"], input);
    expect(stderr).toBe("app-server-protocol: -: 10000 lines\napp-server-protocol: -: 10001 lines read\n");
    expect(stdout).toMatch(/^(?:.*\n)*1 file, 10001 lines: /);
    expect((await run(["validate"], input)).stderr).toBe("");
  });
});
