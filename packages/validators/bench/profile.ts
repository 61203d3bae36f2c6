// A breakdown of where validation time goes, for work on the validators'
// speed: each step of the ask_user path timed alone on the pre-parsed
// corpus, in nanoseconds per line (median of round-robin passes). Run with
// `npx tsx bench/profile.ts`; `npm run bench` is the comparison to publish.
import { checkOutcome, checkQuestions, validateClientMessage, validateServerMessage, validatedQuestions, type ValidatedQuestions } from "../src/index.js";
import { MESSAGE_TABLE } from "../src/generated/message-table.js";
import { buildCorpus } from "./corpus.js";
import { measureRoundRobin, type Task } from "./measure.js";

const REQUESTS = 10_000;
const corpus = buildCorpus(REQUESTS);
const requests: unknown[] = corpus.map((entry) => JSON.parse(entry.line));
const answers: unknown[] = corpus.map((entry) => JSON.parse(entry.answerLine));
const questions: unknown[] = corpus.map((entry) => structuredClone(entry.questions));
const outcomes: unknown[] = corpus.map((entry) => structuredClone(entry.outcome));
const sets: ValidatedQuestions[] = questions.map((list) => {
  const set = validatedQuestions(list);
  if (!set.ok) throw new Error("corpus questions fail the rules");
  return set.value;
});
const methodOf = () => "ask_user/request";
const field = (value: unknown, key: string): unknown => (typeof value === "object" && value !== null ? Reflect.get(value, key) : undefined);

function over(values: readonly unknown[], check: (value: unknown, index: number) => boolean): () => number {
  return () => {
    let accepted = 0;
    for (let index = 0; index < values.length; index += 1) if (check(values[index], index)) accepted += 1;
    return accepted;
  };
}

const tasks: Task[] = [
  { name: "JSON.parse request", run: () => corpus.reduce((count, entry) => count + (JSON.parse(entry.line) === null ? 0 : 1), 0) },
  { name: "JSON.parse answer", run: () => corpus.reduce((count, entry) => count + (JSON.parse(entry.answerLine) === null ? 0 : 1), 0) },
  { name: "matchers: ServerMessage + AskUserQuestionRequest", run: over(requests, (value) => MESSAGE_TABLE.ServerMessage.matches(value) && MESSAGE_TABLE.AskUserQuestionRequest.matches(field(value, "params"))) },
  { name: "matchers: ClientMessage + AskUserQuestionResponse", run: over(answers, (value) => MESSAGE_TABLE.ClientMessage.matches(value) && MESSAGE_TABLE.AskUserQuestionResponse.matches(field(field(value, "result"), "data"))) },
  { name: "validateServerMessage", run: over(requests, (value) => validateServerMessage(value).ok) },
  { name: "validateClientMessage", run: over(answers, (value) => validateClientMessage(value, { methodOf }).ok) },
  { name: "checkQuestions(list)", run: over(questions, (value) => checkQuestions(value) === null) },
  { name: "validatedQuestions(list)", run: over(questions, (value) => validatedQuestions(value).ok) },
  { name: "checkOutcome(list, outcome)", run: over(outcomes, (value, index) => checkOutcome(questions[index], value) === null) },
  { name: "checkOutcome(set, outcome)", run: over(outcomes, (value, index) => checkOutcome(sets[index], value) === null) },
];
const times = measureRoundRobin(tasks, 9);
const table = Object.fromEntries([...times].map(([name, ms]) => [name, { "ns per line": Math.round((ms * 1e6) / REQUESTS) }]));
console.table(table);
