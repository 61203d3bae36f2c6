import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import * as zod from "@app-server-protocol/zod";
import { checkOutcome, checkQuestions, validateClientMessage, validateServerMessage, validatedQuestions, type ValidatedQuestions } from "../src/index.js";
import type { ClientMessage, ServerMessage } from "@app-server-protocol/types";
import type { CorpusEntry } from "./corpus.js";
import { isAskUserQuestionRequest, isAskUserQuestionResponse, isClientMessage, isServerMessage } from "../src/generated/message-guards.js";
import { typeboxRequest, typeboxResponse } from "./typebox-envelope.js";

const SCHEMAS = join(dirname(fileURLToPath(import.meta.url)), "../../../schemas");

/**
 * One way of validating the corpus: a server request, then the client's
 * answer to it (which may be judged against what was kept of the request,
 * as a host keeps a pending request until its answer arrives).
 */
export interface Contender {
  readonly name: string;
  readonly request: (value: unknown, index: number) => boolean;
  readonly answer: (value: unknown) => boolean;
}

/** The options a host validates its client's messages with, made once: each answer is to an `ask_user/request`. */
const ANSWER_OPTIONS = { methodOf: () => "ask_user/request" };

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? Reflect.get(value, key) : undefined;
}

const dataOf = (answer: unknown) => field(field(answer, "result"), "data");

/** Whether an answer's `data` passes `check`: absent and null data mean "no payload" (spec 1.3), a valid answer. */
const dataPasses = (data: unknown, check: (data: unknown) => boolean) => data === undefined || data === null || check(data);

/** The published schemas, compiled by ajv at run time, with the dispatch written out for ask_user/request. */
function runtimeAjv(): Contender {
  const ajv = new Ajv2020({ strict: true, discriminator: true, allowUnionTypes: true });
  ajv.addVocabulary(["x-protocol-version", "x-sensitive", "x-opaque"]);
  const compile = (name: string) => ajv.compile(JSON.parse(readFileSync(join(SCHEMAS, `${name}.json`), "utf8")));
  const [serverMessage, clientMessage, request, response] = ["ServerMessage", "ClientMessage", "AskUserQuestionRequest", "AskUserQuestionResponse"].map(compile);
  if (serverMessage === undefined || clientMessage === undefined || request === undefined || response === undefined) throw new Error("schemas missing");
  return {
    name: "ajv, runtime-compiled",
    request: (value) => serverMessage(value) && field(value, "method") === "ask_user/request" && request(field(value, "params")),
    answer: (value) => clientMessage(value) && dataPasses(dataOf(value), response),
  };
}

// The message types leave a payload unknown: a host reads the member it needs once the message is validated.
const questionsIn = (params: unknown) => (typeof params === "object" && params !== null && "questions" in params ? params.questions : undefined);
const outcomeIn = (data: unknown) => (typeof data === "object" && data !== null && "outcome" in data ? data.outcome : undefined);

/**
 * The canonical questions of a validated request: a canonical request's own
 * list, a legacy request's normalized one (spec 4.5, the legacy shim's work).
 */
function questionsOf(corpus: readonly CorpusEntry[], message: ServerMessage, index: number): unknown {
  const questions = message.type === "request" ? questionsIn(message.params) : undefined;
  return questions === undefined ? corpus[index]?.questions : questions;
}

/** The outcome of a validated answer. */
function answeredOutcome(message: ClientMessage): unknown {
  return message.type === "response" && message.result.status === "success" ? outcomeIn(message.result.data) : undefined;
}

/**
 * The generated matchers of the two envelopes and the two payloads alone,
 * the method written out: what the structural check does without making a
 * result or finding the method's payload type, the floor it builds on.
 */
const matchersAlone = (): Contender => ({
  name: MATCHERS,
  request: (value) => isServerMessage(value) && value.type === "request" && value.method === "ask_user/request" && isAskUserQuestionRequest(value.params),
  answer: (value) => isClientMessage(value) && value.type === "response" && dataPasses(value.result.status === "success" ? value.result.data : undefined, isAskUserQuestionResponse),
});

/** The validators' structural check: each message against its envelope and its method's payload. */
const structural = (): Contender => ({
  name: STRUCTURAL,
  request: (value) => validateServerMessage(value).ok,
  answer: (value) => validateClientMessage(value, ANSWER_OPTIONS).ok,
});

/** What an envelope check answers for a message that fails it. */
const REJECTED = Symbol("rejected");

/** What a host reads of the two messages once their envelopes pass, to run the question rules on: `REJECTED` when a message fails. */
interface Envelopes {
  /** What the names of the contenders that check the envelopes this way begin with. */
  readonly namePrefix: string;
  /** The request's canonical questions when the request passes. */
  readonly questions: (value: unknown, index: number) => unknown;
  /** The answer's outcome when the answer passes. */
  readonly outcome: (value: unknown) => unknown;
}

/** The validators' structural check of the two envelopes. */
const validatorsEnvelopes = (corpus: readonly CorpusEntry[]): Envelopes => ({
  namePrefix: "",
  questions: (value, index) => {
    const message = validateServerMessage(value);
    return message.ok ? questionsOf(corpus, message.value, index) : REJECTED;
  },
  outcome: (value) => {
    const message = validateClientMessage(value, ANSWER_OPTIONS);
    return message.ok ? answeredOutcome(message.value) : REJECTED;
  },
});

/** TypeBox's checker of the two envelopes: the structure a host would check with TypeBox before running the same rules. */
const typeboxEnvelopes = (corpus: readonly CorpusEntry[]): Envelopes => ({
  namePrefix: `${TYPEBOX} `,
  questions: (value, index) => (typeboxRequest.Check(value) ? (value.params.questions ?? corpus[index]?.questions) : REJECTED),
  outcome: (value) => {
    if (!typeboxResponse.Check(value)) return REJECTED;
    const { result } = value;
    return result.status === "success" ? result.data?.outcome : undefined;
  },
});

/** The envelopes checked, then the question rules through the validated set, as a host keeps it for the request's answer. */
function throughTheSet(envelopes: Envelopes): Contender {
  let pendingSet: ValidatedQuestions | undefined;
  return {
    name: `${envelopes.namePrefix}${SET}`,
    request: (value, index) => {
      const questions = envelopes.questions(value, index);
      if (questions === REJECTED) return false;
      const checked = validatedQuestions(questions);
      pendingSet = checked.ok ? checked.value : undefined;
      return checked.ok;
    },
    answer: (value) => {
      const outcome = envelopes.outcome(value);
      return outcome !== REJECTED && pendingSet !== undefined && checkOutcome(pendingSet, outcome) === null;
    },
  };
}

/** The envelopes checked, then the question rules through the list API, the request's list kept for its answer. */
function throughTheList(envelopes: Envelopes): Contender {
  let pendingList: unknown;
  return {
    name: `${envelopes.namePrefix}${LIST}`,
    request: (value, index) => {
      const questions = envelopes.questions(value, index);
      if (questions === REJECTED) return false;
      pendingList = questions;
      return checkQuestions(pendingList) === null;
    },
    answer: (value) => {
      const outcome = envelopes.outcome(value);
      return outcome !== REJECTED && checkOutcome(pendingList, outcome) === null;
    },
  };
}

const typebox = (): Contender => ({ name: TYPEBOX, request: (value) => typeboxRequest.Check(value), answer: (value) => typeboxResponse.Check(value) });

const zodBindings = (): Contender => ({
  name: "zod bindings (generated)",
  request: (value) => zod.parseServerMessage(value).ok,
  answer: (value) => zod.parseClientMessage(value, "ask_user/request").ok,
});

/** The name of TypeBox's checker, which the validators' structural check and its matchers alone are also timed against. */
export const TYPEBOX = "TypeBox 0.34, compiled checker";
const STRUCTURAL = "validators, structural";
const MATCHERS = "the structural check's generated matchers alone";
const SET = "+ validatedQuestions / checkOutcome(set)";
const LIST = "+ checkQuestions / checkOutcome(list)";

/** Each contender by name, made only when asked for (ajv compiles its schemas then), in the order the bench prints them; the first four are the validators'. */
const CONTENDERS: readonly [string, (corpus: readonly CorpusEntry[]) => Contender][] = [
  [STRUCTURAL, structural],
  [SET, (corpus) => throughTheSet(validatorsEnvelopes(corpus))],
  [LIST, (corpus) => throughTheList(validatorsEnvelopes(corpus))],
  [MATCHERS, matchersAlone],
  [TYPEBOX, typebox],
  [`${TYPEBOX} ${SET}`, (corpus) => throughTheSet(typeboxEnvelopes(corpus))],
  [`${TYPEBOX} ${LIST}`, (corpus) => throughTheList(typeboxEnvelopes(corpus))],
  ["ajv, runtime-compiled", runtimeAjv],
  ["zod bindings (generated)", zodBindings],
];

export const CONTENDER_NAMES: readonly string[] = CONTENDERS.map(([name]) => name);

/**
 * The validators' own contenders, each with the TypeBox contender that does
 * the same work, which it is also timed against in a process of the two:
 * TypeBox's checker of the envelopes, then the same question rules.
 */
export const AGAINST_TYPEBOX: readonly (readonly [string, string])[] = [
  [STRUCTURAL, TYPEBOX],
  [SET, `${TYPEBOX} ${SET}`],
  [LIST, `${TYPEBOX} ${LIST}`],
  [MATCHERS, TYPEBOX],
];

/** The contender named `name`, made for `corpus`. */
export function contenderNamed(name: string, corpus: readonly CorpusEntry[]): Contender {
  const make = CONTENDERS.find(([known]) => known === name)?.[1];
  if (make === undefined) throw new Error(`no contender named ${JSON.stringify(name)}; the contenders: ${CONTENDER_NAMES.join(", ")}`);
  return make(corpus);
}

/** Every contender, made for `corpus`. */
export function contenders(corpus: readonly CorpusEntry[]): Contender[] {
  return CONTENDER_NAMES.map((name) => contenderNamed(name, corpus));
}
