// The conformance vectors, run against the typescript-zod bindings: each
// type vector's verdict is the schema's and the validators', on its value and
// (checkText) on its JSON text as the vector file writes it, and each message
// vector gets its verdict (and, for an invalid message, its code and path)
// from the message parsers, which return a valid message as it arrived, and
// from the parsers of its JSON text as the vector file writes it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PROTOCOL_TYPE_NAMES, validateType, type ProtocolTypeName } from "@app-server-protocol/validators/all";
import { describe, expect, it } from "vitest";
import * as zod from "@app-server-protocol/zod";
import { checkText, parseClientMessage, parseClientMessageText, parseServerMessage, parseServerMessageText, type Verdict } from "@app-server-protocol/zod";
import { spansOf } from "@app-server-protocol/validators";
import { VECTORS_DIR, casesOf, objectOf, suiteFiles } from "../../conformance/test/vectors.js";
import { SCHEMAS, schemaOf } from "./support/zod-schemas.js";
const TYPE_NAMES: readonly string[] = PROTOCOL_TYPE_NAMES;

function isTypeName(name: unknown): name is ProtocolTypeName {
  return typeof name === "string" && TYPE_NAMES.includes(name);
}

it("the package exports a zod schema per protocol type, and beside them only the method table, the parsers and check, each also of JSON text", () => {
  expect([...SCHEMAS.keys()].sort()).toEqual(TYPE_NAMES.map((name) => `${name}Schema`).sort());
  expect(Object.keys(zod).filter((name) => !SCHEMAS.has(name)).sort()).toEqual(["METHODS", "check", "checkText", "isMethod", "parseClientMessage", "parseClientMessageText", "parseServerMessage", "parseServerMessageText"]);
});

describe.each(suiteFiles("types").map(({ path, document }) => [path, document] as const))("%s", (path, document) => {
  const type = objectOf(document).type;
  const text = readFileSync(join(VECTORS_DIR, path), "utf8");
  const cases = casesOf(document);
  const spans = spansOf(text, cases.map((_entry, index) => `/cases/${index}/value`));

  it.each(cases.map((entry, index) => [String(entry.name), entry, index] as const))("%s", (_name, entry, index) => {
    if (!isTypeName(type)) throw new Error(`unknown type ${String(type)}`);
    const schema = schemaOf(type);
    expect(schema.safeParse(entry.value).success).toBe(entry.valid);
    expect(validateType(type, entry.value).ok).toBe(entry.valid);
    const span = spans.get(`/cases/${index}/value`);
    expect(checkText(schema, span === undefined ? JSON.stringify(entry.value) : text.slice(span.start, span.end)).ok).toBe(entry.valid);
  });
});

describe.each(suiteFiles("messages").map(({ path, document }) => [path, document] as const))("%s", (path, document) => {
  const text = readFileSync(join(VECTORS_DIR, path), "utf8");
  const cases = casesOf(document);
  const spans = spansOf(text, cases.map((_entry, index) => `/cases/${index}/message`));
  it.each(cases.map((entry, index) => [String(entry.name), entry, index] as const))("%s", (_name, entry, index) => {
    const method = typeof entry.method === "string" ? entry.method : undefined;
    const expected = entry.valid === true ? { valid: true } : { valid: false, code: entry.code, path: entry.path };
    const summary = (verdict: Verdict<unknown>) => (verdict.ok ? { valid: true } : { valid: false, code: verdict.error.code, path: verdict.error.path });
    const verdict = entry.direction === "client" ? parseClientMessage(entry.message, method) : parseServerMessage(entry.message, method);
    expect(summary(verdict)).toEqual(expected);
    // Unknown fields are kept and no default is filled in, so a parsed message re-encodes as it arrived.
    if (verdict.ok) expect(JSON.parse(JSON.stringify(verdict.value))).toEqual(entry.message);
    const span = spans.get(`/cases/${index}/message`);
    const messageText = span === undefined ? JSON.stringify(entry.message) : text.slice(span.start, span.end);
    const fromText = entry.direction === "client" ? parseClientMessageText(messageText, method) : parseServerMessageText(messageText, method);
    expect(summary(fromText)).toEqual(expected);
  });
});
