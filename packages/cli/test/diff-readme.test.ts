import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CHANGE_KINDS } from "../src/index.js";
import { validateDiffReport } from "./support/diff-schema.js";
import { run } from "./support/run.js";
import { arrayAt, editedCopy, nodeAt } from "./support/schema-sets.js";

const README = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const SEVERITY_OF_EFFECT = { narrows: "major", both: "major", removed: "major", widens: "minor", new_field: "minor", added: "minor", neither: "patch" } as const;

/** The fenced block of `language` in the `diff` section whose text includes `marker`. */
function diffBlock(language: string, marker: string): string {
  const section = README.slice(README.indexOf("## `diff`"), README.indexOf("## Programmatic use"));
  const found = [...section.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))].map((match) => match[1] ?? "").find((block) => block.includes(marker));
  if (found === undefined) throw new Error(`no ${language} block with ${marker}`);
  return found;
}

/** The README's example: `light-ansi` removed from `ThemeSetting`, an optional `persist` added to `ThemeParams`. */
const EXAMPLE = editedCopy(({ defs }) => {
  const setting = nodeAt(defs, "ThemeSetting");
  setting["enum"] = arrayAt(setting, "enum").filter((value) => value !== "light-ansi");
  nodeAt(defs, "ThemeParams", "properties")["persist"] = { description: "Whether to save the theme.", type: "boolean" };
});
const BASE = editedCopy();

describe("the diff README", () => {
  it("lists every change kind with the severity the diff gives it", () => {
    const rows = [...README.matchAll(/^\| `([a-z_]+)` \| [^|]+(?:\\\|[^|]+)*\| (major|minor|patch) \|$/gm)].map(([, kind, severity]) => [kind, severity]);
    const expected = Object.entries(CHANGE_KINDS).map(([kind, effect]) => [kind, SEVERITY_OF_EFFECT[effect]]);
    expect(rows).toEqual(expected);
  });

  it.each(["text", "json", "markdown"])("shows the %s output the example produces", async (format) => {
    const { code, stdout } = await run(["diff", BASE, EXAMPLE, "--format", format]);
    expect(code).toBe(1);
    expect(stdout).toBe(diffBlock(format, "light-ansi"));
  });

  it("documents a JSON report that matches the shipped schema", () => {
    expect(validateDiffReport(JSON.parse(diffBlock("json", '"bump"')))).toBe(true);
  });
});
