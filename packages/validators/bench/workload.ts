// What the validators bench times, the same in every process: the seeded
// corpus, parsed, and a contender's pass over it (each request, then its
// answer, as a host reads a conversation), on values parsed beforehand or
// parsed as it goes.
import { buildCorpus } from "./corpus.js";
import type { Contender } from "./contenders.js";
import type { Task } from "./measure.js";

export const REQUESTS = 10_000;
export const PASSES = 15;

export const corpus = buildCorpus(REQUESTS);
export const requestLines = corpus.map((entry) => entry.line);
export const answerLines = corpus.map((entry) => entry.answerLine);
export const requests: unknown[] = requestLines.map((line) => JSON.parse(line));
export const answers: unknown[] = answerLines.map((line) => JSON.parse(line));

/** Both directions, request then its answer; `parse` parses each line first. */
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

/** `JSON.parse` of every line: the baseline. */
export const parseBoth: Task = { name: "JSON.parse", run: overBoth(() => true, true) };

/** `contender` on the values parsed beforehand. */
export const parsedPass = (contender: Contender): Task => ({ name: `${contender.name} | parsed`, run: overBoth(both(contender), false) });

/** `contender` on each line parsed as it goes. */
export const parsingPass = (contender: Contender): Task => ({ name: `${contender.name} | parse + validate`, run: overBoth(both(contender), true) });
