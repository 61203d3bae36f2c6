import type { AskUserAnswerValue, AskUserResponseOutcome } from "@app-server-protocol/types";

// The emitted form of an outcome (spec 2.4): what the reference writes after
// decoding one. Its maps are ordered maps, so their keys come out sorted by
// UTF-8 bytes; an empty `annotations` is left out; fields the protocol does
// not know are dropped by the decoder and never written.

/** Orders two strings as their UTF-8 bytes compare, which is code point order (UTF-16 units order differently above U+D7FF). */
export function compareBytes(a: string, b: string): number {
  let index = 0;
  while (index < a.length && index < b.length) {
    const left = a.codePointAt(index) ?? 0;
    const right = b.codePointAt(index) ?? 0;
    if (left !== right) return left - right;
    index += left > 0xffff ? 2 : 1;
  }
  return a.length - b.length;
}

function sortedEntries<T>(map: { readonly [key: string]: T }): [string, T][] {
  return Object.entries(map).sort(([a], [b]) => compareBytes(a, b));
}

function emittedAnswer(value: AskUserAnswerValue): AskUserAnswerValue {
  switch (value.kind) {
    case "text":
      return { kind: "text", text: value.text };
    case "selected":
      return { kind: "selected", option_id: value.option_id };
    case "selected_many":
      return { kind: "selected_many", option_ids: [...value.option_ids] };
  }
}

/**
 * The outcome as the reference emits it: known fields only, `answers` and
 * `annotations` rebuilt in byte order of their keys, `annotations` left out
 * when empty. (A JavaScript object lists integer-like keys such as `"10"`
 * first whatever their insertion order; `outcomeJson` writes the byte order
 * regardless.)
 */
export function emittedOutcome(outcome: AskUserResponseOutcome): AskUserResponseOutcome {
  switch (outcome.outcome) {
    case "answered": {
      // Object.fromEntries defines keys such as `__proto__` as plain own fields.
      const answers = Object.fromEntries(sortedEntries(outcome.answers).map(([id, value]) => [id, emittedAnswer(value)]));
      const annotations = Object.fromEntries(sortedEntries(outcome.annotations ?? {}));
      return Object.keys(annotations).length > 0 ? { outcome: "answered", answers, annotations } : { outcome: "answered", answers };
    }
    case "cancelled":
      return { outcome: "cancelled", reason: outcome.reason };
    default:
      return { outcome: outcome.outcome };
  }
}

/** A JSON object's text from its members' keys and their values' JSON texts, in the order given. */
export function objectJson(members: readonly (readonly [string, string])[]): string {
  return `{${members.map(([key, json]) => `${JSON.stringify(key)}:${json}`).join(",")}}`;
}

function mapJson<T>(map: { readonly [key: string]: T }, valueJson: (value: T) => string): string {
  return objectJson(sortedEntries(map).map(([key, value]) => [key, valueJson(value)] as const));
}

/** The compact JSON text of the emitted outcome, map keys in byte order. */
export function outcomeJson(outcome: AskUserResponseOutcome): string {
  const emitted = emittedOutcome(outcome);
  if (emitted.outcome !== "answered") return JSON.stringify(emitted);
  const members: (readonly [string, string])[] = [
    ["outcome", JSON.stringify(emitted.outcome)],
    ["answers", mapJson(emitted.answers, (value) => JSON.stringify(value))],
  ];
  if (emitted.annotations !== undefined) members.push(["annotations", mapJson(emitted.annotations, (note) => JSON.stringify(note))]);
  return objectJson(members);
}
