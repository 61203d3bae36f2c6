import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@app-server-protocol/generator";
import { STRICT_CHECK_OPTIONS } from "./support/compiler.js";
import { collectExamples } from "./support/examples.js";

// Every ```ts example in a README or a doc comment is compiled against the
// packages' sources and run; its `expression; // => expected` lines are
// assertions.

const OUT = join(REPO_ROOT, ".examples");
// The zod package's README examples are type-checked by the codegen zod test,
// in the one program that checks the package's inferred types: checking those
// types again here would cost seconds. They run here like every other.
const TYPE_CHECKED_ELSEWHERE = ["packages/zod/README.md:"];
const examples = collectExamples();
const files = examples.map((example, index) => ({ ...example, file: join(OUT, `example-${index}.ts`) }));

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, "package.json"), '{ "type": "module" }\n');
for (const { file, code } of files) writeFileSync(file, code);

describe("documented examples", () => {
  it("exist", () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it("compile", () => {
    const checked = files.filter(({ origin }) => !TYPE_CHECKED_ELSEWHERE.some((prefix) => origin.startsWith(prefix))).map(({ file }) => file);
    const program = ts.createProgram(checked, {
      ...STRICT_CHECK_OPTIONS,
      customConditions: ["@app-server-protocol/source"],
      types: ["node"],
    });
    // The examples' own diagnostics, which check every use they make of the packages' types. The
    // packages' sources are checked once, under the repository's stricter settings, by `npm run
    // typecheck`: checking them again here was nine tenths of this test's time.
    const examplesFiles = checked.map((file) => program.getSourceFile(file)).filter((file) => file !== undefined);
    const diagnostics = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...examplesFiles.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
    ];
    expect(examplesFiles).toHaveLength(checked.length);
    const messages = diagnostics.map((diagnostic) => {
      const origin = files.find(({ file }) => file === diagnostic.file?.fileName)?.origin ?? diagnostic.file?.fileName ?? "";
      return `${origin}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`;
    });
    expect(messages).toEqual([]);
  });

  it.each(files)("$origin runs and its results hold", async ({ file }) => {
    await expect(import(pathToFileURL(file).href)).resolves.toBeDefined();
  });
});
