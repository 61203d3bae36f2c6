import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  NdjsonReader,
  canCompleteQuestions,
  checkOutcome,
  checkQuestions,
  decodedOutcome,
  decodedQuestionList,
  isCompleteCapability,
  jsonSnapshot,
  parseClientMessage,
  questionsJsonLength,
  supportsAnyQuestionKind,
  validateClientMessage,
  validateServerMessage,
  validatedQuestions,
  type MessageOptions,
  type NdjsonOptions,
} from "@app-server-protocol/validators";
import { readResponse, validateType, PROTOCOL_TYPE_NAMES, type ProtocolTypeName } from "@app-server-protocol/validators/all";
import { FIGHTING, INERT, countingElementLooks, sparseHugeArray, trapProxy, type Hostility } from "./support/hostile.js";
import { made, recipes } from "./support/hostile-recipes.js";
import { mutated } from "./support/mutations.js";
import { ANSWERED, CLIENT_MESSAGES, QUESTION_LISTS, SERVER_MESSAGES } from "./support/samples.js";

// Every entry point, given the vectors' inputs with one node made hostile:
// never an exception, never a walk of what a value does not hold, always a
// result of the documented shape. The validators examine values in place
// (no copy, so a valid value costs its check alone): a value that reads the
// same each time gets the verdict its snapshot gets.

/** Hands a value of any type to a typed API, as a JavaScript caller can. */
function asIf<T>(value: unknown): T {
  return value as T;
}

const EVERY_WAY: readonly Hostility[] = [...INERT, ...FIGHTING];

function hostileOptions(): unknown[] {
  const throwing = Object.defineProperty({}, "methodOf", { enumerable: true, get: () => { throw new Error("boom"); } });
  return [
    {},
    { strict: 1n, methodOf: Symbol("s") },
    { strict: Symbol("s"), methodOf: () => 10n },
    { methodOf: () => { throw new Error("boom"); } },
    { methodOf: () => "ask_user/request", strict: true },
    throwing,
    trapProxy(),
    10n,
  ];
}

/** The shape every verdict has; a failure (`error` of a validator, `failure` of readResponse) is plain data. */
function expectVerdict(result: unknown, failureKey: "error" | "failure" = "error"): void {
  expect(typeof result === "object" && result !== null && typeof Reflect.get(result, "ok") === "boolean").toBe(true);
  if (Reflect.get(Object(result), "ok") === false && Object.hasOwn(Object(result), failureKey)) {
    expect(typeof JSON.stringify(Reflect.get(Object(result), failureKey))).toBe("string");
  }
}

function expectRuleVerdict(result: unknown): void {
  if (result === null) return;
  expect(result).toEqual({ code: expect.any(String), message: expect.any(String) });
}

const RUNS = { numRuns: 300 };

describe("the message validators", () => {
  const clients = recipes(CLIENT_MESSAGES, EVERY_WAY);
  const servers = recipes(SERVER_MESSAGES, EVERY_WAY);
  const options = fc.constantFrom(...hostileOptions().keys());

  it("never throw, whatever node of a message fights back and whatever the options are", () => {
    fc.assert(
      fc.property(clients, servers, options, (client, server, index) => {
        const option = asIf<MessageOptions>(hostileOptions()[index]);
        expectVerdict(validateClientMessage(made(client), option));
        expectVerdict(validateServerMessage(made(server), option));
        expectVerdict(validateType("ClientMessage", made(client), option));
        expectVerdict(readResponse("session/list", made(server)), "failure");
      }),
      RUNS,
    );
  });

  it("count options that are not of their types as the defaults, and options that throw when read make the verdict unprocessable", () => {
    const unreadable = Object.defineProperty({}, "strict", { get: () => { throw new Error("boom"); } });
    for (const options of [unreadable, trapProxy()]) expect(validateClientMessage({}, asIf<MessageOptions>(options))).toMatchObject({ ok: false, error: { code: "unprocessable" } });
    const odd: unknown[] = [{ strict: 1n, methodOf: Symbol("s") }, { strict: "true", methodOf: "ask_user/request" }, 10n, null, "strict"];
    fc.assert(
      fc.property(recipes(CLIENT_MESSAGES, ["stable_getters"]), recipes(SERVER_MESSAGES, ["stable_getters"]), fc.constantFrom(...odd.keys()), (client, server, index) => {
        const options = asIf<MessageOptions>(odd[index]);
        expect(validateClientMessage(made(client), options)).toEqual(validateClientMessage(made(client)));
        expect(validateServerMessage(made(server), options)).toEqual(validateServerMessage(made(server)));
        expect(validateType("ServerMessage", made(server), options)).toEqual(validateType("ServerMessage", made(server)));
      }),
      RUNS,
    );
  });

  it("look at no more elements of a 2^32 - 1 long array than it holds", () => {
    fc.assert(
      fc.property(recipes([...CLIENT_MESSAGES, ...SERVER_MESSAGES], ["stable_getters"]), fc.boolean(), ({ sample, path }, strict) => {
        const counted = countingElementLooks(sparseHugeArray(["a", { id: "b" }]));
        const message = mutated(sample, path, counted.proxy);
        validateClientMessage(message, { strict, methodOf: () => "ask_user/request" });
        validateServerMessage(message, { strict });
        expect(counted.looks()).toBeLessThanOrEqual(6);
      }),
      RUNS,
    );
  });

  it("give a value that reads the same each time (getters, proxies, no prototype) the verdict of its snapshot", () => {
    fc.assert(
      fc.property(recipes([...CLIENT_MESSAGES, ...SERVER_MESSAGES], INERT), fc.boolean(), (recipe, strict) => {
        const snapshot = jsonSnapshot(made(recipe));
        if (!snapshot.ok) throw new Error(snapshot.error.message);
        const options = { strict, methodOf: () => "ask_user/request" };
        expect(JSON.stringify(validateClientMessage(made(recipe), options))).toBe(JSON.stringify(validateClientMessage(snapshot.value, options)));
        expect(JSON.stringify(validateServerMessage(made(recipe), { strict }))).toBe(JSON.stringify(validateServerMessage(snapshot.value, { strict })));
      }),
      RUNS,
    );
  });

  it("validateType takes any name, and readResponse any method", () => {
    const names = fc.oneof(fc.constantFrom(...PROTOCOL_TYPE_NAMES), fc.string(), fc.constantFrom("constructor", "__proto__", "toString"));
    const methods = fc.oneof(fc.constantFrom("session/list", "ask_user/request", "constructor", "__proto__"), fc.string());
    fc.assert(
      fc.property(names, methods, recipes(SERVER_MESSAGES, EVERY_WAY), (name, method, recipe) => {
        expectVerdict(validateType(asIf<ProtocolTypeName>(name), made(recipe)));
        expectVerdict(readResponse(asIf<"session/list">(method), made(recipe)), "failure");
      }),
      RUNS,
    );
  });
});

describe("the interactive-question rules", () => {
  const lists = recipes(QUESTION_LISTS, EVERY_WAY);
  const answeredWith = (ways: readonly Hostility[]) =>
    fc.constantFrom(...ANSWERED).chain(({ questions, outcome }) => fc.record({ questions: fc.constant(questions), outcome: recipes([outcome], ways) }));
  const answered = answeredWith(EVERY_WAY);

  it("never throw, and give an error or null", () => {
    fc.assert(
      fc.property(lists, answered, (list, { questions, outcome }) => {
        expectRuleVerdict(checkQuestions(made(list)));
        expectRuleVerdict(checkOutcome(questions, made(outcome)));
        expectRuleVerdict(checkOutcome(made(list), made(outcome)));
        const set = validatedQuestions(made(list));
        if (set.ok) expectRuleVerdict(checkOutcome(set.value, made(outcome)));
        else expectRuleVerdict(set.error);
        const decoded = decodedQuestionList(made(list));
        if (!decoded.ok) expectRuleVerdict(decoded.error);
        const outcomeRead = decodedOutcome(made(outcome));
        if (!outcomeRead.ok) expectRuleVerdict(outcomeRead.error);
      }),
      RUNS,
    );
  });

  it("decode a value that reads the same each time as they decode its snapshot", () => {
    fc.assert(
      fc.property(recipes(QUESTION_LISTS, INERT), answeredWith(INERT), (list, { questions, outcome }) => {
        const listSnapshot = jsonSnapshot(made(list));
        const outcomeSnapshot = jsonSnapshot(made(outcome));
        if (!listSnapshot.ok || !outcomeSnapshot.ok) throw new Error("inert values have snapshots");
        expect(checkQuestions(made(list))).toEqual(checkQuestions(listSnapshot.value));
        expect(decodedQuestionList(made(list))).toEqual(decodedQuestionList(listSnapshot.value));
        expect(checkOutcome(questions, made(outcome))).toEqual(checkOutcome(questions, outcomeSnapshot.value));
        expect(decodedOutcome(made(outcome))).toEqual(decodedOutcome(outcomeSnapshot.value));
      }),
      RUNS,
    );
  });

  it("give decoded forms that are plain data, however a value fights back", () => {
    fc.assert(
      fc.property(lists, answered, (list, { outcome }) => {
        const decoded = decodedQuestionList(made(list));
        if (decoded.ok) expect(jsonSnapshot(decoded.value)).toEqual({ ok: true, value: decoded.value });
        const read = decodedOutcome(made(outcome));
        if (read.ok) expect(JSON.parse(JSON.stringify(read.value))).toEqual(read.value);
      }),
      RUNS,
    );
  });
});

describe("the helpers that snapshot what they take", () => {
  const lists = recipes(QUESTION_LISTS, EVERY_WAY);
  const capabilities = recipes([{ single_select: true, multi_select: true, free_text: true, previews: true, annotations: true, special_outcomes: true }], EVERY_WAY);

  it("judge a value as they judge its snapshot, and never throw", () => {
    fc.assert(
      fc.property(lists, capabilities, (list, capability) => {
        const check = canCompleteQuestions(asIf<null>(made(capability)), asIf<[]>(made(list)));
        expect(check.ok || typeof check.reason === "string").toBe(true);
        const snapshots = [jsonSnapshot(made(capability)), jsonSnapshot(made(list))];
        const [capabilityCopy, listCopy] = snapshots;
        if (capabilityCopy?.ok === true && listCopy?.ok === true) {
          expect(canCompleteQuestions(asIf<null>(capabilityCopy.value), asIf<[]>(listCopy.value))).toEqual(check);
          expect(isCompleteCapability(asIf<null>(made(capability)))).toEqual(isCompleteCapability(asIf<null>(capabilityCopy.value)));
          expect(supportsAnyQuestionKind(asIf<null>(made(capability)))).toEqual(supportsAnyQuestionKind(asIf<null>(capabilityCopy.value)));
          expect(Object.is(questionsJsonLength(asIf<[]>(made(list))), questionsJsonLength(asIf<[]>(listCopy.value)))).toBe(true);
        }
      }),
      RUNS,
    );
  });
});

describe("the NDJSON reader", () => {
  const line = '{"type":"request","id":"1","method":"session/list"}\n';
  const chunks: (() => unknown)[] = [
    () => line,
    () => new TextEncoder().encode(line),
    () => Object.defineProperty(new TextEncoder().encode(line), "constructor", { value: 1 }),
    () => Object.defineProperty(new TextEncoder().encode(line), "length", { value: 1e9 }),
    () => new Proxy(new TextEncoder().encode(line), {}),
    () => trapProxy(),
    () => 42,
    () => null,
    () => 10n,
    () => new Uint16Array(4),
  ];
  const options: (() => unknown)[] = [
    () => ({}),
    () => ({ maxBytes: 1n, fatal: Symbol("s") }),
    () => ({ maxBytes: Symbol("s") }),
    () => Object.defineProperty({}, "maxBytes", { get: () => { throw new Error("boom"); } }),
    () => trapProxy(),
    () => ({ maxBytes: Number.NaN, fatal: true }),
  ];

  it("never throws on chunks that are not text or bytes, or on options that fight back, and numbers its lines", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: chunks.length - 1 }), { maxLength: 8 }), fc.nat({ max: options.length - 1 }), (picks, option) => {
        const reader = new NdjsonReader(parseClientMessage, asIf<NdjsonOptions>(options[option]?.()));
        const verdicts = [...picks.flatMap((pick) => reader.push(asIf<string>(chunks[pick]?.()))), ...reader.end()];
        const lines = verdicts.map((verdict) => verdict.line);
        expect(lines).toEqual([...lines].sort((a, b) => a - b));
        for (const { result } of verdicts) expectVerdict(result);
      }),
      RUNS,
    );
  });
});
