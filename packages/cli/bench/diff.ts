// Times `diff` on the repository's set against itself and against the same
// set respelled as the reference spells schemas, each as a ratio to a
// baseline measured in the same run: reading both sets' files and
// `JSON.parse`-ing them. Median of 7 passes after 2 warm-up passes.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSchemaSet } from "../src/diff/load-set.js";
import { diffCounted, diffSchemaSets } from "../src/diff/schema-diff.js";
import { ourTypes, respelled, type Respellings } from "../test/support/respelling.js";
import { REPO_SCHEMAS } from "../test/support/schema-sets.js";

function median(run: () => void, passes = 7, warmups = 2): number {
  for (let pass = 0; pass < warmups; pass++) run();
  const times: number[] = [];
  for (let pass = 0; pass < passes; pass++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times.sort((left, right) => left - right)[Math.floor(times.length / 2)] ?? 0;
}

function parseAll(directory: string): number {
  let parsed = 0;
  for (const file of readdirSync(directory)) if (file.endsWith(".json")) parsed += JSON.parse(readFileSync(join(directory, file), "utf8")) === null ? 0 : 1;
  return parsed;
}

const every: Respellings = { nullableAsAnyOf: true, refSiblings: true, enumsAsOneOf: true, formats: true, allOfWrappers: true, constAsEnum: true, renames: true, reorderVariants: true };
const peer = mkdtempSync(join(tmpdir(), "asp-bench-peer-"));
for (const [file, text] of respelled(ourTypes(), every, 7).files) writeFileSync(join(peer, file), text);

const baseline = median(() => parseAll(REPO_SCHEMAS) + parseAll(REPO_SCHEMAS));
const peerBaseline = median(() => parseAll(REPO_SCHEMAS) + parseAll(peer));
const itself = median(() => diffSchemaSets(loadSchemaSet(REPO_SCHEMAS), loadSchemaSet(REPO_SCHEMAS)));
const respelledTime = median(() => diffSchemaSets(loadSchemaSet(REPO_SCHEMAS), loadSchemaSet(peer)), 3, 1);

const values = Array.from({ length: 100_000 }, (_, index) => `v${index}`);
const enumStart = performance.now();
const { work } = diffCounted({ types: new Map([["T", { type: "string", enum: values }]]), methods: new Map() }, { types: new Map([["T", { type: "string", enum: values.slice(0, 10) }]]), methods: new Map() });
const enumTime = performance.now() - enumStart;

const row = (name: string, ms: number, base: number) => console.log(`| ${name} | ${ms.toFixed(0)} ms | ${(ms / base).toFixed(1)}× |`);
console.log("| diff | time | ratio to reading and JSON.parse of both sets |");
console.log("|---|---|---|");
console.log(`| baseline: read + JSON.parse, schemas/ twice | ${baseline.toFixed(0)} ms | 1.0× |`);
row("schemas/ against itself", itself, baseline);
console.log(`| baseline: read + JSON.parse, schemas/ and the respelled folder | ${peerBaseline.toFixed(0)} ms | 1.0× |`);
row("schemas/ against the respelled folder", respelledTime, peerBaseline);
console.log(`\n100,000 enum values removed: ${enumTime.toFixed(0)} ms, ${work.changes} changes, ${work.validations} validator calls, ${work.candidates} candidates`);
