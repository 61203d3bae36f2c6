import type { JsonValue } from "@app-server-protocol/validators";
import { excerpt, isJsonObject, type JsonObject } from "../support/json.js";

/** Why a document (a scenario file, a baseline) cannot be used: where, as a JSON Pointer, and what is wrong. */
export class DocumentError extends Error {
  override readonly name = "DocumentError";
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path === "" ? "the document" : path}: ${problem}`);
  }
}

/** `path` with one more key. */
export function under(path: string, key: string | number): string {
  return `${path}/${String(key).replaceAll("~", "~0").replaceAll("/", "~1")}`;
}

/** The value as an object whose keys are all among `known`. */
export function objectAt(value: JsonValue | undefined, path: string, known: readonly string[], what: string): JsonObject {
  if (!isJsonObject(value)) throw new DocumentError(path, `must be ${what} (an object)`);
  const unknown = Object.keys(value).find((key) => !known.includes(key));
  if (unknown !== undefined) throw new DocumentError(under(path, unknown), `is not a field of ${what} (known: ${known.join(", ")})`);
  return value;
}

/** The value as an object with any keys. */
export function mapAt(value: JsonValue | undefined, path: string, what: string): JsonObject {
  if (!isJsonObject(value)) throw new DocumentError(path, `must be ${what} (an object)`);
  return value;
}

/** The one key of `keys` the object has; it must have exactly one. */
export function oneOf<K extends string>(value: JsonObject, path: string, keys: readonly K[], what: string): K {
  const present = keys.filter((key) => Object.hasOwn(value, key));
  if (present.length === 1 && present[0] !== undefined) return present[0];
  throw new DocumentError(path, present.length === 0 ? `${what} needs one of ${keys.join(", ")}` : `${what} has both ${present.join(" and ")}: give one`);
}

export function stringAt(value: JsonValue | undefined, path: string, what = "a string"): string {
  if (typeof value !== "string") throw new DocumentError(path, `must be ${what}, not ${excerpt(value)}`);
  return value;
}

export function optionalString(object: JsonObject, key: string, path: string): string | undefined {
  return Object.hasOwn(object, key) ? stringAt(object[key], under(path, key)) : undefined;
}

/** A string that matches `pattern`, described as `what`. */
export function matching(value: JsonValue | undefined, path: string, pattern: RegExp, what: string): string {
  const text = stringAt(value, path, what);
  if (!pattern.test(text)) throw new DocumentError(path, `must be ${what}, not ${excerpt(text)}`);
  return text;
}

/** One of `choices`. */
export function choiceAt<T extends string>(value: JsonValue | undefined, path: string, choices: readonly T[]): T {
  const found = choices.find((choice) => choice === value);
  if (found === undefined) throw new DocumentError(path, `must be one of ${choices.map((choice) => JSON.stringify(choice)).join(", ")}, not ${excerpt(value)}`);
  return found;
}

export function arrayAt(value: JsonValue | undefined, path: string, what: string, minimum = 0): readonly JsonValue[] {
  if (!Array.isArray(value)) throw new DocumentError(path, `must be ${what} (an array)`);
  if (value.length < minimum) throw new DocumentError(path, `must hold at least ${minimum} ${minimum === 1 ? "entry" : "entries"}`);
  return value;
}

/** A string, or an array of one or more strings, as a list. */
export function stringsAt(value: JsonValue | undefined, path: string, what: string): string[] {
  if (typeof value === "string") return [value];
  return arrayAt(value, path, `${what}, or an array of them`, 1).map((item, index) => stringAt(item, under(path, index), what));
}

export function booleanAt(value: JsonValue | undefined, path: string): boolean {
  if (typeof value !== "boolean") throw new DocumentError(path, `must be true or false, not ${excerpt(value)}`);
  return value;
}

/** Parses a document's text as JSON: a `DocumentError` at the root when it is not JSON. */
export function parseDocument(text: string): JsonValue {
  try {
    const value: JsonValue = JSON.parse(text);
    return value;
  } catch (error) {
    throw new DocumentError("", `is not JSON (${error instanceof Error ? error.message : "unreadable"})`);
  }
}

/** Reads a document file as text: a `DocumentError` at the root when it cannot be read. */
export function readDocument(path: string): string {
  try {
    return process.getBuiltinModule("node:fs").readFileSync(path, "utf8");
  } catch (error) {
    throw new DocumentError("", `cannot be read: ${error instanceof Error ? (error.message.split("\n")[0] ?? "read failed") : "read failed"}`);
  }
}
