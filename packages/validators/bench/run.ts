// `npm run bench`: the validators against JSON.parse, runtime-compiled ajv
// on the same schemas, the generated zod bindings and a TypeBox compiled
// checker, in one process, on a seeded ask_user corpus; then cold start in
// fresh processes. Every validator first has to agree on the corpus and on
// a set of invalid messages. Prints raw times and ratios to JSON.parse of the
// same lines; asserts nothing about speed (speed is not a test).
import { coldStarts } from "./cold-start.js";
import { buildCorpus } from "./corpus.js";
import { crossCheck } from "./cross-check.js";
import { measurePaired, type Task } from "./measure.js";
import { contenders, type Contender } from "./contenders.js";

const REQUESTS = 10_000;
const PASSES = 9;

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
const timings = measurePaired(parseBoth, tasks, PASSES);
const parse = timings.get(parseBoth.name)?.ms ?? Number.NaN;
const bytes = [...requestLines, ...answerLines].reduce((total, line) => total + line.length, 0);

const perLine = (ms: number) => `${((ms * 1e6) / (REQUESTS * 2)).toFixed(0)} ns`;
const rows = Object.fromEntries(
  all.map((contender) => {
    const parsed = timings.get(`${contender.name} | parsed`);
    const withParse = timings.get(`${contender.name} | parse + validate`);
    return [
      contender.name,
      {
        "parsed (ms)": parsed?.ms.toFixed(1),
        "per line": parsed === undefined ? "-" : perLine(parsed.ms),
        "validate parsed": `${parsed?.ratio.toFixed(2)}x`,
        "parse + validate (ms)": withParse?.ms.toFixed(1),
        "parse + validate": `${withParse?.ratio.toFixed(2)}x`,
      },
    ];
  }),
);
console.log(
  `ask_user corpus: ${REQUESTS} requests (${corpus.filter((entry) => entry.legacy).length} legacy-only) and ${REQUESTS} answers, ${(bytes / 1024 / 1024).toFixed(1)} MB; ${PASSES} round-robin passes, each run right after a JSON.parse of the corpus; medians`,
)
console.log(`JSON.parse: ${parse.toFixed(1)} ms (${perLine(parse)} per line); ratios are to the JSON.parse run just before, per pass`);
console.table(rows);
coldStarts(requestLines[0] ?? "", answerLines[0] ?? "");
