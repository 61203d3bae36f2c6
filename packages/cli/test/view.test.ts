import { describe, expect, it } from "vitest";
import { runView } from "../src/commands/view.js";
import { SAMPLE } from "./support/view-sample.js";

async function view(input: string): Promise<{ code: number; page: string; stdout: string }> {
  const written = new Map<string, string>();
  const out: string[] = [];
  const sink = { write: (text: string) => out.push(text) > 0 };
  const code = await runView("t.ndjson", { output: "report.html", framing: "auto", maxBytes: 1 << 20, strict: false, writeFile: (path, content) => written.set(path, content) }, { stdin: [], stdout: sink, stderr: sink, openFile: () => [input] });
  return { code, page: written.get("report.html") ?? "", stdout: out.join("") };
}

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
