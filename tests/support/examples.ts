import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { REPO_ROOT } from "@app-server-protocol/generator";

/** One fenced TypeScript example from a README or a doc comment. */
export interface Example {
  /** Where it comes from, as `path:line`. */
  origin: string;
  /** The example as a module: its `expression; // => expected` lines become assertions. */
  code: string;
}

const FENCE = /^```(?:ts|typescript)\s*\n([\s\S]*?)^```/gm;
const RESULT_LINE = /^(\s*)(.+?);\s*\/\/ => (.+)$/;

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

/** Turns `expression; // => expected` into an assertion, so a documented result is a tested one. */
function asModule(source: string): string {
  const body = source
    .split("\n")
    .map((line) => {
      const match = RESULT_LINE.exec(line);
      return match ? `${match[1] ?? ""}assert.deepStrictEqual(${match[2] ?? ""}, ${match[3] ?? ""});` : line;
    })
    .join("\n");
  return `import assert from "node:assert/strict";\n${body}\nexport {};\n`;
}

function examplesIn(path: string, text: string): Example[] {
  const examples: Example[] = [];
  for (const match of text.matchAll(FENCE)) {
    examples.push({ origin: `${relative(REPO_ROOT, path)}:${lineOf(text, match.index ?? 0)}`, code: asModule(match[1] ?? "") });
  }
  return examples;
}

function filesUnder(dir: string, suffix: string): string[] {
  // A data-only package (conformance) has no src/.
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, suffix);
    return entry.name.endsWith(suffix) ? [path] : [];
  });
}

/** Every TypeScript example of the READMEs and of the packages' doc comments. */
export function collectExamples(): Example[] {
  const packages = join(REPO_ROOT, "packages");
  const sources = [
    join(REPO_ROOT, "README.md"),
    ...readdirSync(packages).flatMap((name) => {
      const dir = join(packages, name);
      return [join(dir, "README.md"), ...filesUnder(join(dir, "src"), ".ts")];
    }),
  ];
  return sources.flatMap((path) => {
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch {
      return [];
    }
    if (path.endsWith(".ts")) {
      // Only fences inside doc comments count: the code itself is not an example.
      const comments = [...text.matchAll(/\/\*\*[\s\S]*?\*\//g)].map((match) => ({
        index: match.index ?? 0,
        body: match[0].replace(/^[ \t]*\* ?/gm, ""),
      }));
      return comments.flatMap(({ index, body }) =>
        examplesIn(path, body).map((example) => ({ ...example, origin: `${relative(REPO_ROOT, path)}:${lineOf(text, index) + Number(example.origin.split(":").pop()) - 1}` })),
      );
    }
    return examplesIn(path, text);
  });
}
