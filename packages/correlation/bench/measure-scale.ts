// The measurements of bench/pending-scale.ts, which starts this file with
// the workspace packages resolved to their sources.
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { AppServerQuestions, QuestionRegistry, StreamJsonQuestions, type RecordStamp } from "../src/index.js";

const SMALL = 2_000;
const LARGE = 16_000;
const BUDGET = 24;
const ROUNDS = 9;
const questions = [{ id: "q", question: "Proceed?", header: "", options: [{ id: "y", label: "Yes" }] }];
const stamp: RecordStamp = { sequence: 0, uuid: "0f8fad5b-d9cb-469f-a165-70867728950e", sessionId: "s1", timestamp: "2026-08-05T12:00:00Z" };

/** A connection with `count` outstanding questions, each registered with the core and sent. */
function connection(count: number): { registry: QuestionRegistry; loop: AppServerQuestions; ids: string[] } {
  const registry = new QuestionRegistry();
  const loop = new AppServerQuestions(registry);
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const requestId = `ask-${index}`;
    registry.register({ requestId, sessionId: "s1", ownerId: "c1", questions, deadline: index });
    loop.send({ session_id: "s1", request_id: requestId, questions }, index);
    ids.push(requestId);
  }
  return { registry, loop, ids };
}

function streamCli(count: number): StreamJsonQuestions {
  const cli = new StreamJsonQuestions({ sessionId: "s1" });
  for (let index = 0; index < count; index += 1) cli.ask({ session_id: "s1", request_id: `R${index}`, questions }, stamp);
  return cli;
}

const cases: { name: string; run: (count: number) => () => unknown }[] = [
  {
    name: "AppServerQuestions.close()",
    run: (count) => {
      const { loop } = connection(count);
      return () => loop.close();
    },
  },
  {
    name: "AppServerQuestions.expire(all due)",
    run: (count) => {
      const { loop } = connection(count);
      return () => loop.expire(Number.MAX_SAFE_INTEGER);
    },
  },
  {
    name: "QuestionRegistry.expire(all due)",
    run: (count) => {
      const { registry } = connection(count);
      return () => registry.expire(Number.MAX_SAFE_INTEGER);
    },
  },
  {
    name: "QuestionRegistry.cancel() x n",
    run: (count) => {
      const { registry, ids } = connection(count);
      return () => ids.map((id) => registry.cancel(id, "interrupt"));
    },
  },
  {
    name: "StreamJsonQuestions.endTurn()",
    run: (count) => {
      const cli = streamCli(count);
      return () => cli.endTurn();
    },
  },
  {
    name: "StreamJsonQuestions.close()",
    run: (count) => {
      const cli = streamCli(count);
      return () => cli.close();
    },
  },
];

// A collection before each timed run, so that no run pays for the garbage its setup left.
setFlagsFromString("--expose-gc");
const collected: unknown = runInNewContext("gc");
const collectGarbage = typeof collected === "function" ? () => collected() : () => undefined;

/** One timed run on fresh state (setup is not timed). */
function timeOnce(run: (count: number) => () => unknown, count: number): number {
  const operation = run(count);
  collectGarbage();
  const start = performance.now();
  operation();
  return performance.now() - start;
}

/** The best of several runs of each size, alternated so that a busy moment of the machine hits both. */
function bestTimes(run: (count: number) => () => unknown): { small: number; large: number } {
  let small = Number.POSITIVE_INFINITY;
  let large = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round += 1) {
    small = Math.min(small, timeOnce(run, SMALL));
    large = Math.min(large, timeOnce(run, LARGE));
  }
  return { small, large };
}

let over = 0;
for (const { name, run } of cases) {
  const { small, large } = bestTimes(run);
  const ratio = large / Math.max(small, 1e-3);
  if (ratio >= BUDGET) over += 1;
  console.log(`${name.padEnd(36)} ${SMALL}: ${small.toFixed(2).padStart(8)} ms  ${LARGE}: ${large.toFixed(2).padStart(8)} ms  ratio ${ratio.toFixed(1).padStart(5)}x (linear 8x, budget ${BUDGET}x)`);
}
console.log(over === 0 ? "every ratio within budget" : `${over} ratio(s) over budget`);
process.exitCode = over === 0 ? 0 : 1;
