// `npm run bench`: the validators' cost against JSON.parse and against ajv
// compiling the same schemas at run time, measured in the same run, and cold
// start in fresh processes. Prints ratios; asserts nothing (speed is not a
// test). Each validator runs right after JSON.parse of the same line, as in a
// real reader, and its cost is the time it adds to parsing alone.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { checkOutcome, checkQuestions, validateClientMessage, validateServerMessage } from "../src/index.js";
import { buildCorpus } from "./corpus.js";

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..");
const ROOT = join(PACKAGE, "../..");
const require = createRequire(import.meta.url);
const LINES = 20_000;
const ROUNDS = 9;

const corpus = buildCorpus(LINES);
const requests = corpus.map((entry) => entry.line);
const answers = corpus.map((entry) => entry.answerLine);
const methodOf = () => "ask_user/request";

/** Median wall time of `ROUNDS` passes of `work` over the corpus, in milliseconds. */
function measure(work: () => number): number {
  work();
  const times: number[] = [];
  let sink = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = process.hrtime.bigint();
    sink += work();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  if (sink === -1) console.log(sink);
  return times.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)] ?? Number.NaN;
}

/** Parses every line and hands the value to `check`, counting accepted lines. */
function overLines(lines: readonly string[], check: (value: unknown, index: number) => boolean): () => number {
  return () => {
    let accepted = 0;
    for (let index = 0; index < lines.length; index += 1) if (check(JSON.parse(lines[index] ?? "null"), index)) accepted += 1;
    return accepted;
  };
}

function runtimeAjv(): (value: unknown) => boolean {
  const ajv = new Ajv2020({ strict: true, discriminator: true, allowUnionTypes: true });
  ajv.addVocabulary(["x-protocol-version", "x-sensitive", "x-opaque"]);
  const envelope = ajv.compile(JSON.parse(readFileSync(join(ROOT, "schemas/ServerMessage.json"), "utf8")));
  const params = ajv.compile(JSON.parse(readFileSync(join(ROOT, "schemas/AskUserQuestionRequest.json"), "utf8")));
  return (value) => envelope(value) && typeof value === "object" && value !== null && params(Reflect.get(value, "params"));
}

const ajvValidate = runtimeAjv();
const questionsOf = (value: unknown): unknown => (validateServerMessage(value).ok ? Reflect.get(Reflect.get(Object(value), "params"), "questions") : undefined);

const parseRequests = measure(overLines(requests, () => true));
const structural = measure(overLines(requests, (value) => validateServerMessage(value).ok));
const withRules = measure(overLines(requests, (value) => checkQuestions(questionsOf(value)) === null));
const ajvRuntime = measure(overLines(requests, (value) => ajvValidate(value)));
const parseAnswers = measure(overLines(answers, () => true));
const answerRules = measure(
  overLines(answers, (value, index) => validateClientMessage(value, { methodOf }).ok && checkOutcome(corpus[index]?.questions, Reflect.get(Reflect.get(Reflect.get(Object(value), "result"), "data"), "outcome")) === null),
);

/**
 * Median, over 7 fresh processes, of the milliseconds `script` prints. The
 * script runs as a module file, as an application's entry point does (an
 * `-e` script pays about 3 ms more to set up the module loader on its first
 * import, whatever it imports).
 */
function coldStart(name: string, script: string): number {
  const directory = mkdtempSync(join(tmpdir(), "validators-cold-start-"));
  const file = join(directory, `${name}.mjs`);
  writeFileSync(file, script);
  try {
    const samples = Array.from({ length: 7 }, () => Number(execFileSync(process.execPath, [file], { cwd: PACKAGE, encoding: "utf8" }).trim()));
    return samples.sort((a, b) => a - b)[3] ?? Number.NaN;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const firstLine = JSON.stringify(requests[0]);
const entryUrl = (path: string) => JSON.stringify(pathToFileURL(join(PACKAGE, path)).href);
const coldImport = (name: string, entry: string) =>
  coldStart(
    name,
    `
const start = performance.now();
const { parseServerMessage } = await import(${entryUrl(entry)});
if (!parseServerMessage(${firstLine}).ok) throw new Error("invalid");
console.log(performance.now() - start);`,
  );
const coldPrecompiled = coldImport("main", "dist/esm/index.js");
const coldAll = coldImport("all", "dist/esm/all.js");
const coldBareImport = coldStart(
  "bare",
  `
const start = performance.now();
await import("data:text/javascript,export const empty = true;");
console.log(performance.now() - start);`,
);
const coldRuntime = coldStart(
  "runtime",
  `
const start = performance.now();
const { readFileSync } = await import("node:fs");
const { Ajv2020 } = await import(${JSON.stringify(pathToFileURL(require.resolve("ajv/dist/2020.js")).href)});
const ajv = new Ajv2020({ strict: true, discriminator: true, allowUnionTypes: true });
ajv.addVocabulary(["x-protocol-version", "x-sensitive", "x-opaque"]);
const validate = ajv.compile(JSON.parse(readFileSync(${JSON.stringify(join(ROOT, "schemas/ServerMessage.json"))}, "utf8")));
const params = ajv.compile(JSON.parse(readFileSync(${JSON.stringify(join(ROOT, "schemas/AskUserQuestionRequest.json"))}, "utf8")));
const message = JSON.parse(${firstLine});
if (!validate(message) || !params(message.params)) throw new Error("invalid");
console.log(performance.now() - start);`,
);

const added = (time: number, parse: number) => Math.max(0, time - parse);
const row = (time: number, parse: number) => ({
  "added per line": `${((added(time, parse) * 1e6) / LINES).toFixed(0)} ns`,
  "ratio to JSON.parse": `${(added(time, parse) / parse).toFixed(2)}×`,
});
const size = (lines: readonly string[]) => `${(lines.reduce((total, line) => total + line.length, 0) / lines.length / 1024).toFixed(1)} KB`;
console.log(`ask_user corpus: ${LINES} requests (avg ${size(requests)}) and answers (avg ${size(answers)}); median of ${ROUNDS} passes`);
console.table({
  "JSON.parse of requests (baseline)": { "added per line": `${((parseRequests * 1e6) / LINES).toFixed(0)} ns (parse)`, "ratio to JSON.parse": "1.00×" },
  "validateServerMessage: envelope + params": row(structural, parseRequests),
  "validateServerMessage + checkQuestions": row(withRules, parseRequests),
  "runtime-compiled ajv: envelope + params": row(ajvRuntime, parseRequests),
  "JSON.parse of answers (baseline)": { "added per line": `${((parseAnswers * 1e6) / LINES).toFixed(0)} ns (parse)`, "ratio to JSON.parse": "1.00×" },
  "validateClientMessage + checkOutcome": row(answerRules, parseAnswers),
});
console.log(
  `cold start, import to first validated message (median of 7 fresh processes): precompiled ${coldPrecompiled.toFixed(1)} ms (/all: ${coldAll.toFixed(1)} ms), runtime ajv compile ${coldRuntime.toFixed(1)} ms (${(coldRuntime / coldPrecompiled).toFixed(1)}× slower); importing an empty module: ${coldBareImport.toFixed(1)} ms`,
);
