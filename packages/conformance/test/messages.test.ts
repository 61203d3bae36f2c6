import { join } from "node:path";
import { METHOD_REGISTRY, type MethodDescriptor } from "@app-server-protocol/types";
import { validateClientMessage as validateClientEnvelope, validateServerMessage as validateServerEnvelope, type ValidationResult } from "@app-server-protocol/validators";
import { validateClientMessage, validateServerMessage } from "@app-server-protocol/validators/all";
import { describe, expect, it } from "vitest";
import { PACKAGE_DIR, casesOf, objectOf, readJson, suiteFiles } from "./vectors.js";

// The TypeScript runner of the message vectors: each case's verdict, and for
// an invalid case the code and path of the first error, is what the
// validators of `/all` say (told the answered method when the case names
// one). The main entry point, which does not know the result types of client
// requests, must agree on every case that names no method.

/** A verdict in the vocabulary of the vectors: valid, or the code and path of the first error. */
type Verdict = { readonly valid: true } | { readonly valid: false; readonly code: string; readonly path: string };

interface MessageCase {
  readonly name: string;
  readonly direction: "client" | "server";
  readonly method: string | undefined;
  readonly message: unknown;
  readonly verdict: Verdict;
  /** Valid and in the form the reference emits (`roundtrip` not false). */
  readonly emitted: boolean;
}

function optionalString(entry: Record<string, unknown>, key: string): string | undefined {
  const value = entry[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw new Error(`${key} is not a string`);
  return value;
}

function verdictOfCase(name: string, entry: Record<string, unknown>): Verdict {
  if (typeof entry.valid !== "boolean") throw new Error(`${name}: no verdict`);
  if (entry.valid) return { valid: true };
  const code = optionalString(entry, "code");
  const path = optionalString(entry, "path");
  if (code === undefined || path === undefined) throw new Error(`${name}: an invalid case needs a code and a path`);
  return { valid: false, code, path };
}

function messageCase(entry: Record<string, unknown>): MessageCase {
  const { name, direction, message, roundtrip } = entry;
  if (typeof name !== "string") throw new Error("a case has no name");
  if (direction !== "client" && direction !== "server") throw new Error(`${name}: unknown direction`);
  const verdict = verdictOfCase(name, entry);
  return { name, direction, method: optionalString(entry, "method"), message, verdict, emitted: verdict.valid && roundtrip !== false };
}

const FILES = suiteFiles("messages").map(({ path, document }) => ({ path, cases: casesOf(document).map(messageCase) }));
const ALL_CASES = FILES.flatMap(({ cases }) => cases);

/** A validator's result as a verdict. */
function verdictOf(result: ValidationResult<unknown>): Verdict {
  return result.ok ? { valid: true } : { valid: false, code: result.error.code, path: result.error.path };
}

function validateWithMethod(entry: MessageCase, strict = false): ValidationResult<unknown> {
  const { method } = entry;
  const options = method === undefined ? { strict } : { strict, methodOf: () => method };
  return entry.direction === "client" ? validateClientMessage(entry.message, options) : validateServerMessage(entry.message, options);
}

describe.each(FILES)("$path", ({ cases }) => {
  it.each(cases.map((entry) => [entry.name, entry] as const))("%s", (_name, entry) => {
    expect(verdictOf(validateWithMethod(entry))).toEqual(entry.verdict);
  });

  // What the reference emits has no field the protocol does not define, so
  // producer-strict mode accepts it; a case with an unknown field must say
  // `roundtrip: false`.
  const emitted = cases.filter((entry) => entry.emitted);
  it.each(emitted.map((entry) => [entry.name, entry] as const))("%s (producer-strict)", (_name, entry) => {
    expect(verdictOf(validateWithMethod(entry, true))).toEqual({ valid: true });
  });

  const withoutMethod = cases.filter((entry) => entry.method === undefined);
  it.each(withoutMethod.map((entry) => [entry.name, entry] as const))("%s (main entry point)", (_name, entry) => {
    const result = entry.direction === "client" ? validateClientEnvelope(entry.message) : validateServerEnvelope(entry.message);
    expect(verdictOf(result)).toEqual(entry.verdict);
  });
});

// Coverage ------------------------------------------------------------------------------

interface Sent {
  readonly type: unknown;
  readonly method: unknown;
  readonly params: unknown;
}

function sent(entry: MessageCase): Sent | undefined {
  if (typeof entry.message !== "object" || entry.message === null || Array.isArray(entry.message)) return undefined;
  const message = objectOf(entry.message);
  return { type: message.type, method: message.method, params: message.params };
}

/** The cases that send `descriptor.method` itself, in its own direction, as a request or notification. */
function sending(descriptor: MethodDescriptor): MessageCase[] {
  const direction = descriptor.direction === "client_request" ? "client" : "server";
  const type = descriptor.direction === "server_notification" ? "notification" : "request";
  return ALL_CASES.filter((entry) => {
    const message = sent(entry);
    return entry.direction === direction && entry.method === undefined && message?.type === type && message.method === descriptor.method;
  });
}

/** The cases that answer `descriptor.method`: server responses to client requests, client responses to server requests. */
function answering(descriptor: MethodDescriptor): MessageCase[] {
  const direction = descriptor.direction === "client_request" ? "server" : "client";
  return ALL_CASES.filter((entry) => entry.direction === direction && entry.method === descriptor.method);
}

function successData(entry: MessageCase): { present: boolean; data: unknown } | undefined {
  if (typeof entry.message !== "object" || entry.message === null || Array.isArray(entry.message)) return undefined;
  const result = objectOf(entry.message).result;
  if (typeof result !== "object" || result === null || Array.isArray(result)) return undefined;
  const fields = objectOf(result);
  return fields.status === "success" ? { present: Object.hasOwn(fields, "data"), data: fields.data } : undefined;
}

const STREAM_EVENT_TAGS: string[] = (() => {
  const bundle = objectOf(readJson(join(PACKAGE_DIR, "..", "..", "schemas", "protocol.schema.json")));
  const definitions = objectOf(bundle.$defs, "$defs");
  const variants = objectOf(definitions.StreamEvent, "StreamEvent").oneOf;
  if (!Array.isArray(variants)) throw new Error("StreamEvent is not a oneOf");
  return variants.map((variant: unknown) => {
    const reference = objectOf(variant, "variant").$ref;
    if (typeof reference !== "string") throw new Error("a StreamEvent variant is not a reference");
    const record = objectOf(definitions[reference.replace("#/$defs/", "")], reference);
    const tag = objectOf(objectOf(record.properties, "properties").event, "event").const;
    if (typeof tag !== "string") throw new Error(`${reference} has no constant event tag`);
    return tag;
  });
})();

function eventTag(entry: MessageCase): unknown {
  const params = sent(entry)?.params;
  if (typeof params !== "object" || params === null || Array.isArray(params)) return undefined;
  const event = objectOf(params).event;
  return typeof event === "object" && event !== null && !Array.isArray(event) ? objectOf(event).event : undefined;
}

describe("coverage", () => {
  it("reads the whole registry and every stream event variant", () => {
    expect(METHOD_REGISTRY).toHaveLength(123);
    expect(STREAM_EVENT_TAGS).toHaveLength(31);
  });

  it.each(METHOD_REGISTRY.map((descriptor) => [descriptor.method, descriptor] as const))("%s is sent validly and invalidly", (_method, descriptor) => {
    const cases = sending(descriptor);
    expect(cases.some((entry) => entry.emitted)).toBe(true);
    expect(cases.some((entry) => !entry.verdict.valid && entry.verdict.code !== "unknown_method")).toBe(true);
  });

  const answered = METHOD_REGISTRY.filter((descriptor) => descriptor.result !== null);
  it.each(answered.map((descriptor) => [descriptor.method, descriptor] as const))("%s is answered validly and invalidly", (_method, descriptor) => {
    const cases = answering(descriptor);
    // A success in the reference's form whose data is of the result type (for NoData, no data at all counts).
    const typed = (entry: MessageCase) => (descriptor.result === "NoData" ? successData(entry) !== undefined : successData(entry)?.present === true);
    expect(cases.some((entry) => entry.emitted && typed(entry))).toBe(true);
    expect(cases.some((entry) => !entry.verdict.valid)).toBe(true);
  });

  const noData = METHOD_REGISTRY.filter((descriptor) => descriptor.result === "NoData");
  it.each(noData.map((descriptor) => [descriptor.method, descriptor] as const))("%s accepts absent and null data", (_method, descriptor) => {
    const valid = answering(descriptor).filter((entry) => entry.verdict.valid);
    expect(valid.some((entry) => successData(entry)?.present === false)).toBe(true);
    expect(valid.some((entry) => successData(entry)?.present === true && successData(entry)?.data === null)).toBe(true);
  });

  it("has a valid case for every stream event variant", () => {
    const tags = new Set(ALL_CASES.filter((entry) => entry.verdict.valid).map(eventTag));
    expect(STREAM_EVENT_TAGS.filter((tag) => !tags.has(tag))).toEqual([]);
  });
});
