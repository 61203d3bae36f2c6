import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readConformCommandLine } from "../src/commands/conform.js";
import { CONFORM_PACKAGE } from "./support/conform-fixture.js";
import { validateConformReport } from "./support/conform-schema.js";

// The example CI job of the README (packages/conform/examples/conformance.yml):
// the command line it runs is one `conform` accepts, and the report it
// writes is the file it uploads.

const WORKFLOW = readFileSync(join(CONFORM_PACKAGE, "examples/conformance.yml"), "utf8");

/** The folded (`>-`) `run:` block that runs the kit, as one line. */
function kitCommandLine(): string {
  const block = /^( *)- name: Run the conformance kit[^\n]*\n\1 {2}run: >-\n((?:\1 {4}[^\n]*\n)+)/m.exec(WORKFLOW);
  if (block === null) throw new Error("the workflow has no folded run block for the kit");
  return (block[2] ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join(" ");
}

/** Shell words: double- and single-quoted parts joined to their word, unquoted. */
function words(line: string): string[] {
  return [...line.matchAll(/(?:"[^"]*"|'[^']*'|[^\s"']+)+/g)].map((match) => match[0].replace(/"([^"]*)"|'([^']*)'/g, "$1$2"));
}

describe("the example CI job", () => {
  const line = words(kitCommandLine());
  const redirect = line.indexOf(">");
  const argv = line.slice(0, redirect === -1 ? line.length : redirect);

  it("installs the command and runs it through npx", () => {
    expect(WORKFLOW).toContain("npm install --no-save @app-server-protocol/cli");
    expect(argv.slice(0, 3)).toEqual(["npx", "app-server-protocol", "conform"]);
  });

  it("runs a command line the conform option parser accepts, as the job means it", () => {
    expect(readConformCommandLine(argv.slice(3))).toEqual({
      role: "server",
      command: ["./target/release/my-server", "--stdio"],
      format: "junit",
      timeoutMs: 20_000,
      scenarios: [],
      scenarioFiles: [],
      list: false,
      baseline: "conform-baseline.json",
      transcripts: "conform-transcripts",
      turnPrompts: { ask_user: "Ask me which database to use, then stop." },
    });
  });

  it("uploads the JUnit report it writes, and the transcripts, even when the kit fails", () => {
    const report = line[redirect + 1];
    expect(report).toBe("conform-report.xml");
    const upload = WORKFLOW.slice(WORKFLOW.indexOf("uses: actions/upload-artifact"));
    expect(WORKFLOW).toMatch(/- name: Upload the JUnit report and the transcripts\n\s+if: always\(\)\n\s+uses: actions\/upload-artifact@v4/);
    expect(upload).toContain(`            ${report}\n`);
    expect(upload).toContain("            conform-transcripts/\n");
  });
});

describe("the CLI README's conform section", () => {
  it("shows the example CI job as it is", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    expect(readme).toContain(`\`\`\`yaml\n${WORKFLOW}\`\`\`\n`);
  });

  it("shows a JSON report valid by the shipped schema", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const block = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1] ?? "").find((text) => text.includes('"checks"')) ?? "";
    expect(validateConformReport(JSON.parse(block))).toBe(true);
  });
});
