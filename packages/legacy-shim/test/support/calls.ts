import {
  canonicalQuestions,
  checkAnswer,
  decodedQuestions,
  emittedQuestion,
  emittedRequest,
  legacyFields,
  legacyOptionId,
  outcomeFromLegacyAnswer,
  outcomeFromResponse,
  questionsFromToolInput,
} from "@app-server-protocol/legacy-shim";

/** Calls `fn` with arguments the type system would refuse. */
export function untyped(fn: (...args: never[]) => unknown, ...args: unknown[]): unknown {
  return Reflect.apply(fn, undefined, args);
}

/** Every function of the shim, called with any two values as plain JavaScript would. */
export const SHIM_CALLS: { readonly [name: string]: (a: unknown, b: unknown) => unknown } = {
  canonicalQuestions: (a) => untyped(canonicalQuestions, a),
  checkAnswer: (a, b) => untyped(checkAnswer, a, b),
  decodedQuestions: (a) => decodedQuestions(a),
  emittedQuestion: (a) => untyped(emittedQuestion, a),
  emittedRequest: (a) => untyped(emittedRequest, a),
  legacyFields: (a) => untyped(legacyFields, a),
  legacyOptionId: (a) => untyped(legacyOptionId, a),
  outcomeFromLegacyAnswer: (a, b) => untyped(outcomeFromLegacyAnswer, a, b),
  outcomeFromResponse: (a, b) => untyped(outcomeFromResponse, a, b),
  questionsFromToolInput: (a) => questionsFromToolInput(a),
};
