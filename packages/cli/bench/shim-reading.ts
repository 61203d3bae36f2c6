// `npm run bench --workspace @app-server-protocol/cli`: the legacy shim's
// reading of a server's question and of the client's answer to it, as
// `validate` reads them (`canonicalQuestions(params)`, then
// `checkAnswer(params, data)`), each argument snapshotted first (the
// default) or read in place (`{ snapshot: false }`), against `JSON.parse` of
// the same two lines, in processor time, each run right after its baseline.
// Both readings must first give the same results on every pair.
import { isDeepStrictEqual } from "node:util";
import { cpus, loadavg } from "node:os";
import { canonicalQuestions, checkAnswer, type ReadOptions } from "@app-server-protocol/legacy-shim";
import { isAskUserQuestionRequest } from "@app-server-protocol/validators";
import { pairedRatios, PASSES, WARM_UP_PASSES, type PairedTiming } from "./passes.js";
import { transcriptLines } from "./transcript.js";

const PAIRS = 20_000;

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? Reflect.get(value, key) : undefined;
}

/** The transcript's questions: each request line with its answer line. */
function questionPairs(): { readonly request: string; readonly answer: string }[] {
  const lines = [...transcriptLines(PAIRS)];
  const pairs: { request: string; answer: string }[] = [];
  for (let index = 0; index + 1 < lines.length; index += 2) {
    const request = lines[index] ?? "";
    if (field(JSON.parse(request), "method") === "ask_user/request") pairs.push({ request, answer: lines[index + 1] ?? "" });
  }
  return pairs;
}

const pairs = questionPairs();
const parsed = pairs.map(({ request, answer }) => {
  const params = field(JSON.parse(request), "params");
  if (!isAskUserQuestionRequest(params)) throw new Error("a question's params must be a request");
  return { params, data: field(field(JSON.parse(answer), "result"), "data") };
});

const SNAPSHOT: ReadOptions = {};
const IN_PLACE: ReadOptions = { snapshot: false };

function read(options: ReadOptions): unknown[] {
  return parsed.map(({ params, data }) => [canonicalQuestions(params, options), checkAnswer(params, data, options)]);
}

const snapshotted = read(SNAPSHOT);
const inPlace = read(IN_PLACE);
const differing = snapshotted.findIndex((result, index) => !isDeepStrictEqual(result, inPlace[index]));
if (differing !== -1) throw new Error(`the two readings differ on question ${differing}, nothing was timed`);

const reading = (options: ReadOptions) => () => {
  let accepted = 0;
  for (const { params, data } of parsed) if (canonicalQuestions(params, options).length > 0 && checkAnswer(params, data, options).ok) accepted += 1;
  return accepted;
};
const parse = { name: "JSON.parse", run: () => pairs.forEach(({ request, answer }) => (JSON.parse(request), JSON.parse(answer))) };
const loadAtStart = loadavg();
const times = await pairedRatios([
  { name: "snapshotted", baseline: parse, task: { name: "snapshotted", run: reading(SNAPSHOT) } },
  { name: "in place", baseline: parse, task: { name: "in place", run: reading(IN_PLACE) } },
]);
const loadAtEnd = loadavg();

const load = (averages: readonly number[]) => averages.map((average) => average.toFixed(1)).join(" / ");
const row = (name: string) => {
  const timing: PairedTiming | undefined = times.get(name);
  return timing === undefined ? `  ${name}: -` : `  ${name}: ${timing.ratio.toFixed(2)}x (quartiles ${timing.lowerQuartile.toFixed(2)}-${timing.upperQuartile.toFixed(2)}); ${timing.taskMs.toFixed(1)} ms`;
};
console.log(`legacy shim, canonicalQuestions + checkAnswer on ${pairs.length} questions and their answers, against JSON.parse of the two lines (${times.get("in place")?.baselineMs.toFixed(1)} ms);`);
console.log(`processor time, each run right after a JSON.parse, median of ${PASSES} passes after ${WARM_UP_PASSES} warm-up passes; load average (1 / 5 / 15 min) ${load(loadAtStart)} at the start, ${load(loadAtEnd)} at the end, ${cpus().length} cores:`);
console.log(row("snapshotted"));
console.log(row("in place"));
