// Times `app-server-protocol diff` as a user runs it, a fresh process of
// the built command, on the repository's whole set: against itself, against
// the same set respelled as the reference spells schemas, and against the
// schemas of the release baseline (an older commit's, read with `git:`).
// Each is a ratio to a baseline measured in the same run: a fresh Node
// process that reads and `JSON.parse`s both sets' files, which is what any
// tool that compares them pays before it compares anything. The command
// and its baseline take turns; median of 5 runs after one more of each.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ourTypes, respelled, type Respellings } from "../test/support/respelling.js";
import { REPO_SCHEMAS } from "../test/support/schema-sets.js";
import { medians } from "./passes.js";

const PACKAGE = fileURLToPath(new URL("..", import.meta.url));
const REPO = join(PACKAGE, "../..");
const BIN = join(PACKAGE, "bin/app-server-protocol.js");

const every: Respellings = { nullableAsAnyOf: true, refSiblings: true, enumsAsOneOf: true, formats: true, allOfWrappers: true, constAsEnum: true, renames: true, reorderVariants: true };
const peer = mkdtempSync(join(tmpdir(), "asp-bench-peer-"));
for (const [file, text] of respelled(ourTypes(), every, 7).files) writeFileSync(join(peer, file), text);

// The release baseline's schemas, as files for the baseline process to read.
const { schemas: releaseSpec }: { schemas: string } = JSON.parse(readFileSync(join(REPO, "release-baseline.json"), "utf8"));
const release = mkdtempSync(join(tmpdir(), "asp-bench-release-"));
execFileSync("tar", ["-x", "-C", release], { input: execFileSync("git", ["archive", releaseSpec.replace(/^git:/, ""), "schemas"], { cwd: REPO, maxBuffer: 1 << 28 }) });

const READ_BOTH = 'const { readdirSync, readFileSync } = require("node:fs"); for (const d of process.argv.slice(1)) for (const f of readdirSync(d)) if (f.endsWith(".json")) JSON.parse(readFileSync(d + "/" + f, "utf8"));';

function run(argv: readonly string[]): void {
  const child = spawnSync(process.execPath, argv, { cwd: REPO, encoding: "utf8", maxBuffer: 1 << 28 });
  // diff exits 1 on a major change; anything else is a failed run.
  if (child.status !== 0 && child.status !== 1) throw new Error(`node ${argv.join(" ")} exited with ${String(child.status ?? child.signal)}:\n${child.stderr}`);
}

const cases = [
  { name: "schemas/ against itself", sets: [REPO_SCHEMAS, REPO_SCHEMAS], files: [REPO_SCHEMAS, REPO_SCHEMAS] },
  { name: "schemas/ against the respelled folder", sets: [REPO_SCHEMAS, peer], files: [REPO_SCHEMAS, peer] },
  { name: `the release baseline (${releaseSpec.slice(0, 11)}) against schemas/`, sets: [releaseSpec, REPO_SCHEMAS], files: [join(release, "schemas"), REPO_SCHEMAS] },
];

console.log(`\n\`app-server-protocol diff\` as a process (${String(availableParallelism())} cores, load ${loadavg().map((load) => load.toFixed(1)).join(" / ")}):\n`);
console.log("| diff | time | baseline: node reading + JSON.parse of both sets | ratio |");
console.log("|---|---|---|---|");
for (const { name, sets, files } of cases) {
  const times = await medians(
    [
      { name: "baseline", run: () => run(["-e", READ_BOTH, ...files]) },
      { name: "diff", run: () => run([BIN, "diff", ...sets, "--format", "json"]) },
    ],
    { passes: 5, warmUps: 1 },
  );
  const [diff, baseline] = [times.get("diff") ?? Number.NaN, times.get("baseline") ?? Number.NaN];
  console.log(`| ${name} | ${diff.toFixed(0)} ms | ${baseline.toFixed(0)} ms | ${(diff / baseline).toFixed(1)}× |`);
}
