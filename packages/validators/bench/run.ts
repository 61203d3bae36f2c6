// `npm run bench`: the validators against JSON.parse, runtime-compiled ajv
// on the same schemas, the generated zod bindings and a TypeBox compiled
// checker, in one process, on a seeded ask_user corpus; then cold start in
// fresh processes. Every validator first has to agree on the corpus and on
// a set of invalid messages. Prints processor times, ratios to JSON.parse of
// the same lines, each validator's ratio to TypeBox's checker run right
// before it, and the machine's load; asserts nothing about speed (speed is
// not a test).
import { cpus, loadavg } from "node:os";
import { coldStarts } from "./cold-start.js";
import { buildCorpus } from "./corpus.js";
import { crossCheck } from "./cross-check.js";
import { measurePaired, type Task, type Timing } from "./measure.js";
import { contenders, type Contender } from "./contenders.js";

const REQUESTS = 10_000;
const PASSES = 15;

const corpus = buildCorpus(REQUESTS);
const requestLines = corpus.map((entry) => entry.line);
const answerLines = corpus.map((entry) => entry.answerLine);
const requests: unknown[] = requestLines.map((line) => JSON.parse(line));
const answers: unknown[] = answerLines.map((line) => JSON.parse(line));
const all = contenders(corpus);

crossCheck(all, requests, answers);

/** Both directions, request then its answer, as a host reads a conversation. */
function overBoth(work: (index: number, request: unknown, answer: unknown) => boolean, parse: boolean): () => number {
  return () => {
    let accepted = 0;
    for (let index = 0; index < REQUESTS; index += 1) {
      const request = parse ? JSON.parse(requestLines[index] ?? "") : requests[index];
      const answer = parse ? JSON.parse(answerLines[index] ?? "") : answers[index];
      if (work(index, request, answer)) accepted += 1;
    }
    return accepted;
  };
}

const both = (contender: Contender) => (index: number, request: unknown, answer: unknown) => contender.request(request, index) && contender.answer(answer);
const parseBoth: Task = { name: "JSON.parse", run: overBoth(() => true, true) };
const tasks: Task[] = all.flatMap((contender) => [
  { name: `${contender.name} | parsed`, run: overBoth(both(contender), false) },
  { name: `${contender.name} | parse + validate`, run: overBoth(both(contender), true) },
]);
const loadAtStart = loadavg();
const timings = measurePaired(parseBoth, tasks, PASSES);
// Each contender against TypeBox's checker, on the values parsed beforehand: the lead over it, measured directly.
const typebox = tasks.find((task) => task.name.startsWith("TypeBox") && task.name.endsWith("| parsed"));
const ours = tasks.filter((task) => task.name.startsWith("validators") || task.name.startsWith("+"));
const againstTypebox = typebox === undefined ? new Map<string, Timing>() : measurePaired(typebox, ours.filter((task) => task.name.endsWith("| parsed")), PASSES);
const loadAtEnd = loadavg();
const parse = timings.get(parseBoth.name)?.ms ?? Number.NaN;
const bytes = [...requestLines, ...answerLines].reduce((total, line) => total + line.length, 0);

const perLine = (ms: number) => `${((ms * 1e6) / (REQUESTS * 2)).toFixed(0)} ns`;
const ratioOf = (timing: Timing | undefined) => (timing === undefined ? "-" : `${timing.ratio.toFixed(2)}x (${timing.lowerQuartile.toFixed(2)}-${timing.upperQuartile.toFixed(2)})`);
const rows = Object.fromEntries(
  all.map((contender) => {
    const parsed = timings.get(`${contender.name} | parsed`);
    const withParse = timings.get(`${contender.name} | parse + validate`);
    return [
      contender.name,
      {
        "parsed (ms)": parsed?.ms.toFixed(1),
        "per line": parsed === undefined ? "-" : perLine(parsed.ms),
        "validate parsed": ratioOf(parsed),
        "parse + validate": ratioOf(withParse),
        "to TypeBox": ours.some((task) => task.name === `${contender.name} | parsed`) ? ratioOf(againstTypebox.get(`${contender.name} | parsed`)) : "",
      },
    ];
  }),
);
const load = (averages: readonly number[]) => averages.map((average) => average.toFixed(1)).join(" / ");
console.log(
  `ask_user corpus: ${REQUESTS} requests (${corpus.filter((entry) => entry.legacy).length} legacy-only) and ${REQUESTS} answers, ${(bytes / 1024 / 1024).toFixed(1)} MB; ${PASSES} round-robin passes, each run right after a JSON.parse of the corpus; processor time, medians (quartiles of the ratios)`,
);
console.log(`load average (1 / 5 / 15 min) ${load(loadAtStart)} at the start, ${load(loadAtEnd)} at the end, ${cpus().length} cores`);
console.log(`JSON.parse: ${parse.toFixed(1)} ms (${perLine(parse)} per line); ratios are to the JSON.parse run just before, per pass; "to TypeBox" to its checker's run just before`);
console.table(rows);
coldStarts(requestLines[0] ?? "", answerLines[0] ?? "");
