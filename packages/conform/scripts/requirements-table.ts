// The README's requirement table, made from the registry
// (src/requirements.json): `--write` puts it between the README's markers;
// test/readme.test.ts fails when the README's table differs from it.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { REQUIREMENTS } from "../src/requirements.js";

export const README = fileURLToPath(new URL("../README.md", import.meta.url));
export const START = "<!-- requirements:start (npm run requirements:update) -->";
export const END = "<!-- requirements:end -->";

/** The table of every requirement: id, tier, spec sections, whether it is judged on every frame, the rule. */
export function requirementsTable(): string {
  const rows = REQUIREMENTS.map(({ id, tier, spec, title, per_frame }) => `| \`${id}\` | ${tier} | ${spec.join(", ")} | ${per_frame === true ? "every frame" : "step"} | ${title.replaceAll("|", "\\|")} |`);
  return ["| Requirement | Tier | Spec | Judged | Rule |", "|---|---|---|---|---|", ...rows].join("\n");
}

/** The README with its table replaced by the registry's. */
export function readmeWithTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end < start) throw new Error(`README.md has no ${START} ... ${END} markers`);
  return `${readme.slice(0, start + START.length)}\n${requirementsTable()}\n${readme.slice(end)}`;
}

if (process.argv.includes("--write")) writeFileSync(README, readmeWithTable(readFileSync(README, "utf8")));
