// The conformance vectors, run against the typescript-zod bindings: each
// type vector's verdict is the schema's and the validators', and each message
// vector gets its verdict (and, for an invalid message, its code and path)
// from the message parsers, which return a valid message as it arrived.
import { PROTOCOL_TYPE_NAMES, validateType, type ProtocolTypeName } from "@app-server-protocol/validators/all";
import { describe, expect, it } from "vitest";
import * as zod from "@app-server-protocol/zod";
import { parseClientMessage, parseServerMessage } from "@app-server-protocol/zod";
import { casesOf, objectOf, suiteFiles } from "../../conformance/test/vectors.js";
import { SCHEMAS, schemaOf } from "./support/zod-schemas.js";
const TYPE_NAMES: readonly string[] = PROTOCOL_TYPE_NAMES;

function isTypeName(name: unknown): name is ProtocolTypeName {
  return typeof name === "string" && TYPE_NAMES.includes(name);
}

it("the package exports a zod schema per protocol type, and beside them only the method table, the parsers and check", () => {
  expect([...SCHEMAS.keys()].sort()).toEqual(TYPE_NAMES.map((name) => `${name}Schema`).sort());
  expect(Object.keys(zod).filter((name) => !SCHEMAS.has(name)).sort()).toEqual(["METHODS", "check", "isMethod", "parseClientMessage", "parseServerMessage"]);
});

describe.each(suiteFiles("types").map(({ path, document }) => [path, document] as const))("%s", (_path, document) => {
  const type = objectOf(document).type;

  it.each(casesOf(document).map((entry) => [String(entry.name), entry] as const))("%s", (_name, entry) => {
    if (!isTypeName(type)) throw new Error(`unknown type ${String(type)}`);
    const schema = schemaOf(type);
    expect(schema.safeParse(entry.value).success).toBe(entry.valid);
    expect(validateType(type, entry.value).ok).toBe(entry.valid);
  });
});

describe.each(suiteFiles("messages").map(({ path, document }) => [path, document] as const))("%s", (_path, document) => {
  it.each(casesOf(document).map((entry) => [String(entry.name), entry] as const))("%s", (_name, entry) => {
    const method = typeof entry.method === "string" ? entry.method : undefined;
    const verdict = entry.direction === "client" ? parseClientMessage(entry.message, method) : parseServerMessage(entry.message, method);
    expect(verdict.ok ? { valid: true } : { valid: false, code: verdict.error.code, path: verdict.error.path }).toEqual(
      entry.valid === true ? { valid: true } : { valid: false, code: entry.code, path: entry.path },
    );
    // Unknown fields are kept and no default is filled in, so a parsed message re-encodes as it arrived.
    if (verdict.ok) expect(JSON.parse(JSON.stringify(verdict.value))).toEqual(entry.message);
  });
});
