import type { JsonValue } from "@app-server-protocol/validators";
import type { JsonObject } from "../support/json.js";
import type { PointerValues, VocabularyStep } from "./model.js";
import { booleanAt, DocumentError, mapAt, objectAt, oneOf, optionalString, stringAt, under } from "./reader.js";
import { checkValue, JSON_POINTER, type ValueScope } from "./values.js";

// What the step vocabularies of both roles share: the three kinds of step
// (send, expect, assert), captures, JSON Pointer maps, checks.

/** What the steps of one scenario have made so far, for the references of the next ones. */
export interface StepScope extends ValueScope {
  readonly captures: Set<string>;
  /** The ids of the requests sent so far. */
  readonly requestIds: Set<string>;
  /** Whether a requirement id may be checked. */
  readonly knownCheck: (id: string) => boolean;
}

/** A capture an earlier step made. */
export function capture(scope: StepScope, value: JsonValue | undefined, path: string): string {
  const name = stringAt(value, path, "a capture name");
  if (!scope.captures.has(name)) throw new DocumentError(path, `names no capture of an earlier step: ${JSON.stringify(name)}`);
  return name;
}

function newCapture(scope: StepScope, step: JsonObject, path: string): string | undefined {
  const name = optionalString(step, "as", path);
  if (name === undefined) return undefined;
  if (scope.captures.has(name)) throw new DocumentError(under(path, "as"), `capture ${JSON.stringify(name)} is made by an earlier step`);
  return name;
}

export function pointerValues(value: JsonValue | undefined, path: string, scope: StepScope): PointerValues {
  return Object.entries(mapAt(value, path, "a map of JSON Pointers to values")).map(([pointer, expected]) => {
    if (!JSON_POINTER.test(pointer)) throw new DocumentError(under(path, pointer), "is not a JSON Pointer (\"\" or /key/...)");
    checkValue(expected, under(path, pointer), scope);
    return [pointer, expected] as const;
  });
}

export function optionalValue(object: JsonObject, key: string, path: string, scope: StepScope): JsonValue | undefined {
  if (!Object.hasOwn(object, key)) return undefined;
  const value = object[key] ?? null;
  checkValue(value, under(path, key), scope);
  return value;
}

export function optionalObjectValue(object: JsonObject, key: string, path: string, scope: StepScope): JsonValue | undefined {
  const value = optionalValue(object, key, path, scope);
  if (value !== undefined) mapAt(value, under(path, key), `${key} (fields to add)`);
  return value;
}

function checkOf(step: JsonObject, path: string, scope: StepScope): string {
  const id = stringAt(step["check"], under(path, "check"), "a requirement id");
  if (!scope.knownCheck(id)) throw new DocumentError(under(path, "check"), `is not a requirement of the registry or of this file: ${JSON.stringify(id)}`);
  return id;
}

/** A role's step vocabulary: how its sends, selectors and assertions (one of `assertionKeys` a step) are read. */
export interface StepVocabulary<Send, Select, Judge> {
  readonly sendForm: (value: JsonValue | undefined, path: string, scope: StepScope) => Send;
  readonly selector: (value: JsonValue | undefined, path: string, scope: StepScope) => Select;
  readonly assertion: (key: string, value: JsonValue | undefined, path: string, scope: StepScope) => Judge;
  readonly assertionKeys: readonly string[];
}

function assertionOf<Judge>(step: JsonObject, path: string, scope: StepScope, required: boolean, vocabulary: StepVocabulary<unknown, unknown, Judge>): Judge | undefined {
  const keys = vocabulary.assertionKeys;
  if (!keys.some((key) => Object.hasOwn(step, key))) {
    if (required) throw new DocumentError(path, `an assert step needs one of ${keys.join(", ")}`);
    return undefined;
  }
  const key = oneOf(step, path, keys, "a step's assertion");
  return vocabulary.assertion(key, step[key], under(path, key), scope);
}

/** Decodes one step of a role's vocabulary; the captures and request ids it makes are added to `scope`. */
export function decodeStep<Send, Select, Judge>(value: JsonValue | undefined, path: string, scope: StepScope, vocabulary: StepVocabulary<Send, Select, Judge>): VocabularyStep<Send, Select, Judge> {
  const sendKeys = ["send", "as", "invalid", "note"];
  const expectKeys = ["expect", "as", "check", "note", ...vocabulary.assertionKeys];
  const assertKeys = ["assert", "check", "note", ...vocabulary.assertionKeys];
  const object = objectAt(value, path, [...new Set([...sendKeys, ...expectKeys, ...assertKeys])], "a step");
  const kind = oneOf(object, path, ["send", "expect", "assert"], "a step");
  optionalString(object, "note", path);
  if (kind === "send") {
    objectAt(object, path, sendKeys, "a send step");
    const as = newCapture(scope, object, path);
    const invalid = Object.hasOwn(object, "invalid") ? booleanAt(object["invalid"], under(path, "invalid")) : false;
    const send = vocabulary.sendForm(object["send"], under(path, "send"), scope);
    if (as !== undefined) scope.captures.add(as);
    return { kind, send, invalid, ...(as === undefined ? {} : { as }) };
  }
  if (kind === "expect") {
    objectAt(object, path, expectKeys, "an expect step");
    const as = newCapture(scope, object, path);
    const select = vocabulary.selector(object["expect"], under(path, "expect"), scope);
    const check = checkOf(object, path, scope);
    if (as !== undefined) scope.captures.add(as);
    const judged = assertionOf(object, path, scope, false, vocabulary);
    return { kind, select, check, ...(as === undefined ? {} : { as }), ...(judged === undefined ? {} : { assertion: judged }) };
  }
  objectAt(object, path, assertKeys, "an assert step");
  const frame = capture(scope, object["assert"], under(path, "assert"));
  const check = checkOf(object, path, scope);
  const judged = assertionOf(object, path, scope, true, vocabulary);
  if (judged === undefined) throw new DocumentError(path, "an assert step needs an assertion");
  return { kind: "assert", frame, check, assertion: judged };
}
