import { linkSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runView, type ViewOptions } from "../src/commands/view.js";
import { askUser, answer, clientRequest, success } from "./support/messages.js";
import { run, transcript } from "./support/run.js";
import { secretMessages } from "./support/secret-messages.js";
import { SECRET_PIECE } from "./support/sensitive-schema.js";
import { ack, hostAnswer, questionRecord, RESULT, SYSTEM_INIT } from "./support/stream-json.js";
import { SAMPLE } from "./support/view-sample.js";

interface Viewed {
  readonly code: number;
  readonly page: string;
  readonly stdout: string;
  readonly stderr: string;
  readonly written: ReadonlyMap<string, string>;
}

async function view(input: string, options: Partial<ViewOptions> = {}): Promise<Viewed> {
  const written = new Map<string, string>();
  const out: string[] = [];
  const err: string[] = [];
  const settings: ViewOptions = { output: "report.html", framing: "auto", maxBytes: 1 << 20, strict: false, writeFile: (path, content) => written.set(path, content), ...options };
  const code = await runView("t.ndjson", settings, { stdin: [], stdout: { write: (text: string) => out.push(text) > 0 }, stderr: { write: (text: string) => err.push(text) > 0 }, openFile: () => [input] });
  return { code, page: written.get(settings.output) ?? "", stdout: out.join(""), stderr: err.join(""), written };
}

/** The class and the side label of each message card, in order. */
function sides(page: string): string[] {
  return [...page.matchAll(/<li class="message([^"]*)" id="line-\d+"><div class="head"><a[^>]*>\d+<\/a>(?: <span class="side">([^<]*)<\/span>)?/g)].map((match) => `${(match[1] ?? "").replace(" has-findings", "").trim()} ${match[2] ?? ""}`.trim());
}

const directory = mkdtempSync(join(tmpdir(), "asp-view-test-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("view", () => {
  it("writes every non-blank line, numbered as the validator numbers them", async () => {
    const { page } = await view(SAMPLE);
    for (const line of [1, 2, 4, 5, 6, 7]) expect(page).toContain(`id="line-${line}"`);
    expect(page).not.toContain('id="line-3"');
    expect(page.match(/<li class="message/g)?.length).toBe(6);
  });

  it("pairs each request with the line that answers it", async () => {
    const { page } = await view(SAMPLE);
    expect(page).toContain('<a class="answered" href="#line-2">answered at line 2</a>');
    expect(page).toContain('<a class="answered" href="#line-5">answered at line 5</a>');
  });

  it("links a request to its first answer, and marks a repeated answer as such", async () => {
    const { page } = await view(transcript(askUser("srv-1"), answer("srv-1", "pg"), answer("srv-1", "lite")));
    expect(page).toContain('<a class="answered" href="#line-2">answered at line 2</a>');
    expect(page).not.toContain("answered at line 3");
    expect(page).toMatch(/id="line-3"[^]*?<a class="repeated" href="#line-2">repeats the answer at line 2<\/a>/);
    expect(page).toMatch(/id="line-3"[^]*?<span class="code">unknown_response_id<\/span>/);
  });

  it("shows a question as a user sees it, and the answer by its option's label", async () => {
    const { page } = await view(SAMPLE);
    expect(page).toContain('<span class="question-header">Database</span>');
    expect(page).toContain('<p class="question-text">Which database?</p>');
    expect(page).toContain('<span class="option-label">PostgreSQL</span><span class="option-description">relational</span>');
    expect(page).toContain('<span class="answer-outcome">answered</span>');
    expect(page).toMatch(/<span class="answer-question">Which database\?<\/span> SQLite/);
  });

  it("puts every finding at its line and exits 1 on an error", async () => {
    const { code, page, stdout } = await view(SAMPLE);
    expect(code).toBe(1);
    expect(page).toMatch(/id="line-6"[^]*?<span class="code">unknown_response_id<\/span>/);
    expect(page).toMatch(/id="line-7"[^]*?<span class="code">invalid_json<\/span>/);
    expect(stdout).toBe("report.html: 2 findings on 6 lines\n");
  });

  it("escapes what the transcript says and loads nothing from outside", async () => {
    const { page } = await view(SAMPLE);
    expect(page).not.toContain("<script>");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).not.toMatch(/\b(?:src|href)="(?!#)/);
    expect(page).toContain("default-src 'none'");
  });

  it("reports an unreadable transcript with exit code 2", async () => {
    const out: string[] = [];
    const sink = { write: (text: string) => out.push(text) > 0 };
    const code = await runView("missing.ndjson", { output: "x.html", framing: "auto", maxBytes: 1024, strict: false, writeFile: () => {} }, {
      stdin: [],
      stdout: sink,
      stderr: sink,
      openFile: () => {
        throw new Error("ENOENT");
      },
    });
    expect(code).toBe(2);
    expect(out.join("")).toContain("cannot read missing.ndjson");
  });
});

describe("view redacts", () => {
  const { messages } = secretMessages();
  const SECRETS = transcript(...messages.map(({ message }) => message));

  it("every value the schemas mark sensitive, by default", async () => {
    expect(SECRETS).toMatch(SECRET_PIECE);
    const { page } = await view(SECRETS);
    expect(page).not.toMatch(SECRET_PIECE);
    expect(page).toContain("[redacted]");
  });

  it("a line it cannot read: shown withheld, its findings without their message", async () => {
    const leak = '{"type":"request","id":"r","method":"auth/login","params":{"provider":"anthropic","method":"api_key","token":"sk-LEAK","env_var":nul';
    const { page, code } = await view(`${leak}\n`);
    expect(code).toBe(1);
    expect(page).not.toContain("sk-LEAK");
    expect(page).toContain("withheld (not JSON)");
    expect(page).toContain('<span class="code">invalid_json</span> (not shown: the line is withheld)');
  });

  it("keeps them with --no-redact", async () => {
    const { page } = await view(SECRETS, { redact: false });
    expect(page).toMatch(SECRET_PIECE);
    const cli = await run(["view", "-", "-o", "-", "--no-redact"], transcript(clientRequest("r", "auth/login", { provider: "anthropic", method: "api_key", token: "sk-kept" })));
    expect(cli.stdout).toContain("sk-kept");
  });
});

describe("view output", () => {
  it("-o - writes the page to standard output and nothing else, and creates no file", async () => {
    const { stdout, stderr, written, code } = await view(SAMPLE, { output: "-" });
    expect(written.size).toBe(0);
    expect(stdout.startsWith("<!doctype html>")).toBe(true);
    expect(stdout.endsWith("</body></html>\n")).toBe(true);
    expect(stdout.match(/<li class="message/g)?.length).toBe(6);
    expect(stderr).toBe("standard output: 2 findings on 6 lines\n");
    expect(code).toBe(1);
  });

  it("refuses to write the page over the transcript, through a symlink or a hard link too (exit 2)", async () => {
    const file = join(directory, "t.ndjson");
    writeFileSync(file, SAMPLE);
    symlinkSync(file, join(directory, "link.html"));
    linkSync(file, join(directory, "hard.html"));
    for (const output of [file, join(directory, ".", "t.ndjson"), join(directory, "link.html"), join(directory, "hard.html")]) {
      const { code, stderr } = await run(["view", file, "-o", output]);
      expect(code).toBe(2);
      expect(stderr).toContain("is the transcript");
    }
    expect(readFileSync(file, "utf8")).toBe(SAMPLE);
    const sink = { write: () => true };
    const fine = await runView(file, { output: join(directory, "report.html"), framing: "auto", maxBytes: 1 << 20, strict: false }, { stdin: [], stdout: sink, stderr: sink });
    expect(fine).toBe(1);
    expect(readFileSync(join(directory, "report.html"), "utf8")).toContain("<!doctype html>");
  });

  it("refuses a second transcript, even a missing one (exit 2)", async () => {
    const { code, stderr, stdout } = await run(["view", "a.ndjson", "missing.ndjson", "-o", "-"], "", { "a.ndjson": SAMPLE });
    expect(code).toBe(2);
    expect(stderr).toMatch(/too many arguments/);
    expect(stdout).toBe("");
  });
});

describe("view sides", () => {
  it("puts each card on the side of who sent it: the client on the left, the server on the right", async () => {
    const { page } = await view(SAMPLE);
    expect(sides(page)).toEqual(["from-left client", "from-right server", "from-right server", "from-left client", "from-right server", ""]);
  });

  it("reads a direction wrapper and places a bare response at the peer of its request's sender", async () => {
    const wrapped = JSON.stringify({ direction: "server", message: clientRequest("w", "session/list") });
    const { page } = await view(transcript(askUser("srv-1"), answer("srv-1"), clientRequest("c-1", "session/list"), success("c-1", []), wrapped));
    expect(sides(page)).toEqual(["from-right server", "from-left client", "from-left client", "from-right server", "from-right server"]);
  });

  it("tells the host from the CLI in a stream-JSON transcript", async () => {
    const permission = { type: "control_request", request_id: "p1", request: { subtype: "can_use_tool", tool_name: "Bash", input: {}, tool_use_id: "T1" } };
    const allow = { type: "control_response", response: { subtype: "success", request_id: "p1", response: { behavior: "allow" } } };
    const lines = [SYSTEM_INIT, questionRecord("R1"), hostAnswer("R1"), ack("R1"), permission, allow, { type: "control_request", request_id: "i1", request: { subtype: "interrupt" } }, RESULT];
    const { page } = await view(transcript(...lines));
    expect(sides(page)).toEqual(["from-right CLI", "from-right CLI", "from-left host", "from-right CLI", "from-right CLI", "from-left host", "from-left host", "from-right CLI"]);
  });
});
