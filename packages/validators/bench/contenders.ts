import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import * as zod from "@app-server-protocol/zod";
import { checkOutcome, checkQuestions, validateClientMessage, validateServerMessage, validatedQuestions, type ValidatedQuestions } from "../src/index.js";
import type { ClientMessage, ServerMessage } from "@app-server-protocol/types";
import type { CorpusEntry } from "./corpus.js";
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
    answer: (value) => {
      if (!clientMessage(value)) return false;
      const data = dataOf(value);
      return data === undefined || data === null || response(data);
    },
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

/** The validators' structural check: each message against its envelope and its method's payload. */
const structural = (): Contender => ({
  name: "validators, structural",
  request: (value) => validateServerMessage(value).ok,
  answer: (value) => validateClientMessage(value, ANSWER_OPTIONS).ok,
});

/** The structural check, then the question rules through the validated set, as a host keeps it for the request's answer. */
function throughTheSet(corpus: readonly CorpusEntry[]): Contender {
  let pendingSet: ValidatedQuestions | undefined;
  return {
    name: "+ validatedQuestions / checkOutcome(set)",
    request: (value, index) => {
      const message = validateServerMessage(value);
      if (!message.ok) return false;
      const checked = validatedQuestions(questionsOf(corpus, message.value, index));
      pendingSet = checked.ok ? checked.value : undefined;
      return checked.ok;
    },
    answer: (value) => {
      const message = validateClientMessage(value, ANSWER_OPTIONS);
      return message.ok && pendingSet !== undefined && checkOutcome(pendingSet, answeredOutcome(message.value)) === null;
    },
  };
}

/** The structural check, then the question rules through the list API, the request's list kept for its answer. */
function throughTheList(corpus: readonly CorpusEntry[]): Contender {
  let pendingList: unknown;
  return {
    name: "+ checkQuestions / checkOutcome(list)",
    request: (value, index) => {
      const message = validateServerMessage(value);
      if (!message.ok) return false;
      pendingList = questionsOf(corpus, message.value, index);
      return checkQuestions(pendingList) === null;
    },
    answer: (value) => {
      const message = validateClientMessage(value, ANSWER_OPTIONS);
      return message.ok && checkOutcome(pendingList, answeredOutcome(message.value)) === null;
    },
  };
}

const typebox = (): Contender => ({ name: TYPEBOX, request: (value) => typeboxRequest.Check(value), answer: (value) => typeboxResponse.Check(value) });

const zodBindings = (): Contender => ({
  name: "zod bindings (generated)",
  request: (value) => zod.parseServerMessage(value).ok,
  answer: (value) => zod.parseClientMessage(value, "ask_user/request").ok,
});

/** The name of TypeBox's checker, which the validators' contenders are also timed against. */
export const TYPEBOX = "TypeBox 0.34, compiled checker";

/** Each contender by name, made only when asked for (ajv compiles its schemas then), in the order the bench prints them; the first three are the validators'. */
const CONTENDERS: readonly [string, (corpus: readonly CorpusEntry[]) => Contender][] = [
  ["validators, structural", structural],
  ["+ validatedQuestions / checkOutcome(set)", throughTheSet],
  ["+ checkQuestions / checkOutcome(list)", throughTheList],
  [TYPEBOX, typebox],
  ["ajv, runtime-compiled", runtimeAjv],
  ["zod bindings (generated)", zodBindings],
];

export const CONTENDER_NAMES: readonly string[] = CONTENDERS.map(([name]) => name);

/** The validators' own contenders, timed against TypeBox's checker too. */
export const VALIDATORS_CONTENDERS: readonly string[] = CONTENDER_NAMES.slice(0, 3);

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
