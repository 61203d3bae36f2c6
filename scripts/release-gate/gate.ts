// The release gate: the schemas against the last released baseline, and
// the bump that diff needs against what the pending changesets declare for
// the packages whose contract the schemas are.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { diffSchemaSets, loadSchemaSet, type Bump, type DiffReport } from "@app-server-protocol/cli";

/** The packages whose version must carry a schema change. */
export const SCHEMA_PACKAGES = ["@app-server-protocol/types"] as const;

const ORDER: readonly Bump[] = ["none", "patch", "minor", "major"];

/** The largest bump the pending changesets declare for any of `packages`. */
export function declaredBump(changesetDir: string, packages: readonly string[]): Bump {
  let declared: Bump = "none";
  for (const file of readdirSync(changesetDir)) {
    if (!file.endsWith(".md") || file === "README.md") continue;
    const frontmatter = /^---\n([\s\S]*?)\n---/.exec(readFileSync(join(changesetDir, file), "utf8"))?.[1] ?? "";
    for (const line of frontmatter.split("\n")) {
      const entry = /^\s*["']?([^"':]+)["']?\s*:\s*(major|minor|patch)\s*$/.exec(line);
      const bump = ORDER.find((candidate) => candidate === entry?.[2]);
      if (entry?.[1] !== undefined && packages.includes(entry[1]) && bump !== undefined && ORDER.indexOf(bump) > ORDER.indexOf(declared)) declared = bump;
    }
  }
  return declared;
}

export interface GateVerdict {
  readonly report: DiffReport;
  readonly required: Bump;
  readonly declared: Bump;
  readonly ok: boolean;
}

/** Diffs `baseline` (a schema-set spec such as `git:<ref>`) with `current` and judges the changesets in `changesetDir`. */
export function releaseGate(baseline: string, current: string, changesetDir: string): GateVerdict {
  const report = diffSchemaSets(loadSchemaSet(baseline), loadSchemaSet(current));
  const declared = declaredBump(changesetDir, SCHEMA_PACKAGES);
  return { report, required: report.bump, declared, ok: ORDER.indexOf(report.bump) <= ORDER.indexOf(declared) };
}
