import { PROTOCOL_TYPE_NAMES, validateType, type ProtocolTypeName } from "@app-server-protocol/validators/all";
import { describe, expect, it } from "vitest";
import { casesOf, objectOf, suiteFiles } from "./vectors.js";

// The TypeScript runner of the type vectors: the validators' verdict on each
// value is the vector's.

const TYPE_NAMES: readonly string[] = PROTOCOL_TYPE_NAMES;

function isTypeName(name: unknown): name is ProtocolTypeName {
  return typeof name === "string" && TYPE_NAMES.includes(name);
}

describe.each(suiteFiles("types").map(({ path, document }) => [path, document] as const))("%s", (_path, document) => {
  const type = objectOf(document).type;

  it("names a protocol type", () => {
    expect(isTypeName(type)).toBe(true);
  });

  it.each(casesOf(document).map((entry) => [String(entry.name), entry] as const))("%s", (_name, entry) => {
    if (!isTypeName(type)) throw new Error(`unknown type ${String(type)}`);
    expect(validateType(type, entry.value).ok).toBe(entry.valid);
  });
});
