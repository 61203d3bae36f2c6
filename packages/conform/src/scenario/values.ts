import type { JsonValue } from "@app-server-protocol/validators";
import { atPointer, isJsonObject, jsonEqual } from "../support/json.js";
import { TURN_PROMPT_KINDS, type TurnPromptKind } from "./model.js";
import { choiceAt, DocumentError, objectAt, stringAt, under } from "./reader.js";

// Placeholders (README "Placeholders"): "$method" and "$params" as whole
// strings; objects {"$from": capture, "pointer": "/..."},
// {"$turn_prompt": kind} and {"$literal": value}; and, as a value expected
// at a pointer, {"$absent": true}. Any other key starting with "$" is
// refused, so that a typo is not sent as data.

/** What the values of one step may refer to, and what they did refer to. */
export interface ValueScope {
  /** Captures made by earlier steps. */
  readonly captures: ReadonlySet<string>;
  /** The scenario has a method for `$method` and `$params`. */
  readonly hasMethod: boolean;
  /** Turn prompt kinds the values use. */
  readonly turnPrompts: Set<TurnPromptKind>;
}

export const JSON_POINTER = /^(?:\/(?:[^~/]|~[01])*)*$/;

/** Checks a value with placeholders; throws a `DocumentError` at the first bad one. */
export function checkValue(value: JsonValue, path: string, scope: ValueScope): void {
  if (value === "$method" || value === "$params") {
    if (!scope.hasMethod) throw new DocumentError(path, `${value} needs the scenario's "method"`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => checkValue(item, under(path, index), scope));
    return;
  }
  if (!isJsonObject(value)) return;
  if (Object.hasOwn(value, "$from")) {
    const from = objectAt(value, path, ["$from", "pointer"], "a $from placeholder");
    const name = stringAt(from["$from"], under(path, "$from"), "a capture name");
    if (!scope.captures.has(name)) throw new DocumentError(under(path, "$from"), `names no capture of an earlier step: ${JSON.stringify(name)}`);
    const pointer = stringAt(from["pointer"], under(path, "pointer"), "a JSON Pointer");
    if (!JSON_POINTER.test(pointer)) throw new DocumentError(under(path, "pointer"), "must be a JSON Pointer (\"\" or /key/...)");
    return;
  }
  if (Object.hasOwn(value, "$turn_prompt")) {
    scope.turnPrompts.add(choiceAt(objectAt(value, path, ["$turn_prompt"], "a $turn_prompt placeholder")["$turn_prompt"], under(path, "$turn_prompt"), TURN_PROMPT_KINDS));
    return;
  }
  if (Object.hasOwn(value, "$literal")) {
    objectAt(value, path, ["$literal"], "a $literal placeholder");
    return;
  }
  if (Object.hasOwn(value, "$absent")) {
    if (objectAt(value, path, ["$absent"], "an $absent placeholder")["$absent"] !== true) throw new DocumentError(under(path, "$absent"), "must be true");
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.startsWith("$")) throw new DocumentError(under(path, key), "is not a placeholder ($from, $turn_prompt, $literal, $absent); wrap a literal key in {\"$literal\": ...}");
    checkValue(item, under(path, key), scope);
  }
}

/** What placeholders stand for while a scenario runs. */
export interface ValueContext {
  readonly captures: ReadonlyMap<string, JsonValue>;
  readonly method?: { readonly name: string; readonly params: JsonValue };
  readonly turnPrompts: { readonly [K in TurnPromptKind]?: string };
}

/** A placeholder that stands for nothing in this run: a pointer into a capture that the captured frame lacks. */
export class Unresolved extends Error {
  override readonly name = "Unresolved";
}

/** The value with every placeholder replaced; throws `Unresolved` when one stands for nothing. */
export function resolveValue(value: JsonValue, context: ValueContext): JsonValue {
  if (value === "$method" || value === "$params") {
    if (context.method === undefined) throw new Unresolved(`${value} without a method`);
    return value === "$method" ? context.method.name : context.method.params;
  }
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, context));
  if (!isJsonObject(value)) return value;
  const from = value["$from"];
  if (typeof from === "string") {
    const pointer = typeof value["pointer"] === "string" ? value["pointer"] : "";
    const captured = context.captures.get(from);
    if (captured === undefined) throw new Unresolved(`capture "${from}" was not made`);
    const found = atPointer(captured, pointer);
    if (found === undefined) throw new Unresolved(`capture "${from}" has nothing at ${pointer === "" ? "its root" : pointer}`);
    return found;
  }
  const prompt = value["$turn_prompt"];
  if (typeof prompt === "string") {
    const text = TURN_PROMPT_KINDS.find((kind) => kind === prompt);
    const given = text === undefined ? undefined : context.turnPrompts[text];
    if (given === undefined) throw new Unresolved(`no --turn-prompt ${prompt}=TEXT given`);
    return given;
  }
  if (Object.hasOwn(value, "$literal")) return value["$literal"] ?? null;
  // Kept as it is: only a comparison reads it (`matchesExpected`).
  if (Object.hasOwn(value, "$absent")) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveValue(item, context)]));
}

/** Whether `actual` (what a pointer names, `undefined` for nothing) is the resolved `expected`: `{"$absent": true}` is met by nothing or `null`. */
export function matchesExpected(actual: JsonValue | undefined, expected: JsonValue): boolean {
  if (isJsonObject(expected) && expected["$absent"] === true && Object.keys(expected).length === 1) return actual === undefined || actual === null;
  return jsonEqual(actual, expected);
}
