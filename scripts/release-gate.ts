// `npm run release:gate`: fails when the schemas changed since the release
// baseline more than the pending changesets declare, and prints the diff.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { main } from "@app-server-protocol/cli";
import { REPO_ROOT } from "@app-server-protocol/generator";
import { SCHEMA_PACKAGES, releaseGate } from "./release-gate/gate.js";

const baseline: unknown = JSON.parse(readFileSync(join(REPO_ROOT, "release-baseline.json"), "utf8"));
const spec = typeof baseline === "object" && baseline !== null && "schemas" in baseline && typeof baseline.schemas === "string" ? baseline.schemas : "";
const verdict = releaseGate(spec, join(REPO_ROOT, "schemas"), join(REPO_ROOT, ".changeset"));
const sink = { write: (text: string) => process.stdout.write(text) };
if (verdict.report.changes.length > 0) await main(["diff", spec, join(REPO_ROOT, "schemas"), "--format", "text", "--fail-on", "major"], { stdin: [], stdout: sink, stderr: sink });
console.log(`schemas since ${spec}: ${verdict.required} change; pending changesets declare ${verdict.declared} for ${SCHEMA_PACKAGES.join(", ")}.`);
if (!verdict.ok) console.error(`The schema change needs a ${verdict.required} changeset for ${SCHEMA_PACKAGES.join(", ")}: run \`npm run changeset\`.`);
process.exitCode = verdict.ok ? 0 : 1;
