import type { InteractiveQuestionsCapability } from "@app-server-protocol/types";
import {
  INTERACTIVE_QUESTION_FLAGS,
  canCompleteQuestions,
  isCompleteCapability,
  supportsAnyQuestionKind,
  validateType,
  type ProtocolTypeName,
  type ProtocolTypes,
} from "@app-server-protocol/validators/all";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { casesOf, suiteFiles } from "./vectors.js";

// The TypeScript runner of the capability-gating vectors: the capability
// helpers must give each case's verdicts.

type VectorCase = Record<string, unknown>;
type Declared = InteractiveQuestionsCapability | null | undefined;

function decoded<K extends ProtocolTypeName>(name: K, value: unknown): ProtocolTypes[K] {
  const result = validateType(name, value);
  if (!result.ok) throw new Error(`the vector's value is not a ${name}: ${result.error.message}`);
  return result.value;
}

/** The case's capability: left out (not declared), `null`, or a declared capability. */
function declaredOf(entry: VectorCase): Declared {
  const { capability } = entry;
  return capability === undefined || capability === null ? capability : decoded("InteractiveQuestionsCapability", capability);
}

function observe(entry: VectorCase): VectorCase {
  const capability = declaredOf(entry);
  switch (entry.kind) {
    case "declaration":
      return { complete: isCompleteCapability(capability).ok, channel: supportsAnyQuestionKind(capability).ok };
    case "request":
      return { completable: canCompleteQuestions(capability, decoded("AskUserQuestionList", entry.questions)).ok };
    default:
      throw new Error(`unknown case kind ${String(entry.kind)}`);
  }
}

function expected(entry: VectorCase): VectorCase {
  return entry.kind === "declaration" ? { complete: entry.complete, channel: entry.channel } : { completable: entry.completable };
}

const files = suiteFiles("capabilities");
const allCases = files.flatMap(({ document }) => casesOf(document));
const casesOfKind = (kind: string) => allCases.filter((entry) => entry.kind === kind);

describe.each(files.map(({ path, document }) => [path, document] as const))("%s", (_path, document) => {
  it.each(casesOf(document).map((entry) => [`${String(entry.kind)}: ${String(entry.name)}`, entry] as const))("%s", (_name, entry) => {
    expect(observe(entry)).toStrictEqual(expected(entry));
  });
});

describe("capabilities suite", () => {
  it("has, for each of the six flags, a declaration missing only that flag", () => {
    const missingOnly = (flag: string) =>
      casesOfKind("declaration").some((entry) => {
        const capability = declaredOf(entry);
        return capability !== undefined && capability !== null && INTERACTIVE_QUESTION_FLAGS.every((name) => (capability[name] === true) === (name !== flag));
      });
    expect(INTERACTIVE_QUESTION_FLAGS.filter((flag) => !missingOnly(flag))).toEqual([]);
  });

  it("has both verdicts of every check", () => {
    const verdicts = (kind: string, field: string) => [...new Set(casesOfKind(kind).map((entry) => entry[field]))].sort();
    expect(verdicts("declaration", "complete")).toEqual([false, true]);
    expect(verdicts("declaration", "channel")).toEqual([false, true]);
    expect(verdicts("request", "completable")).toEqual([false, true]);
  });

  it("finds every valid list of the questions suite completable by the complete capability", () => {
    const complete = Object.fromEntries(INTERACTIVE_QUESTION_FLAGS.map((flag) => [flag, true]));
    const valid = suiteFiles("questions").flatMap(({ document }) => casesOf(document).filter((entry) => entry.error === null));
    const refused = valid.filter((entry) => !canCompleteQuestions(complete, decoded("AskUserQuestionList", entry.questions)).ok).map((entry) => entry.name);
    expect(refused).toEqual([]);
  });
});

const flags = fc.record(
  { single_select: fc.boolean(), multi_select: fc.boolean(), free_text: fc.boolean(), previews: fc.boolean(), annotations: fc.boolean(), special_outcomes: fc.boolean() },
  { requiredKeys: [] },
);

describe("capabilities suite, property-based", () => {
  it("calls a capability complete exactly when all six flags are true (spec 4.6)", () => {
    fc.assert(
      fc.property(flags, (capability) => {
        expect(isCompleteCapability(capability).ok).toBe(INTERACTIVE_QUESTION_FLAGS.every((flag) => capability[flag] === true));
      }),
    );
  });

  it("attaches a channel exactly when an answer kind is supported (spec 4.6)", () => {
    fc.assert(
      fc.property(flags, (capability) => {
        const anyKind = capability.single_select === true || capability.multi_select === true || capability.free_text === true;
        expect(supportsAnyQuestionKind(capability).ok).toBe(anyKind);
      }),
    );
  });

  it("never lets special_outcomes decide completability (spec 4.6)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...casesOfKind("request")), fc.boolean(), (entry, special) => {
        const capability = declaredOf(entry);
        const questions = decoded("AskUserQuestionList", entry.questions);
        expect(canCompleteQuestions({ ...capability, special_outcomes: special }, questions).ok).toBe(canCompleteQuestions({ ...capability }, questions).ok);
      }),
    );
  });
});
