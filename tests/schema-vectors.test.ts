import { METHOD_REGISTRY } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { strictAjv, typeSchemas } from "./support/schemas.js";
import { typeVectors, vectorTypes } from "./support/vectors.js";

// The type vectors of the conformance package, written from the spec's rules
// and examples: every valid value must be accepted by schemas/<Type>.json,
// every invalid one rejected.

const schemas = typeSchemas();
const ajv = strictAjv();

/** The types every consumer validates messages against: each needs both kinds of vector. */
const MESSAGE_TYPES = [
  "ClientMessage",
  "ServerMessage",
  "ResponseResult",
  "InitializeParams",
  "InitializeResult",
  "PermissionRequest",
  "PermissionRequestResult",
  "PermissionResponseParams",
  "PermissionDecisionWire",
  "McpTrustApprovalRequest",
  "McpTrustRequestResult",
  "McpTrustResponseParams",
  "McpTrustDecisionWire",
  "AskUserQuestionRequest",
  "AskUserQuestionResponse",
  "StreamJsonStreamEventRecord",
  "StreamJsonServerResponseLine",
  "StreamJsonControlResponseLine",
];

/** Every params and result type the method registry names, for every method family. */
function registryTypes(): string[] {
  const named = METHOD_REGISTRY.flatMap(({ params, result }) => (result === null ? [params] : [params, result]));
  return [...new Set(named)].sort();
}

const hasBothKinds = (type: string) => typeVectors(type, true).length > 0 && typeVectors(type, false).length > 0;

describe("type vectors against the schemas", () => {
  it("exist, valid and invalid, for every message type", () => {
    expect(MESSAGE_TYPES.filter((type) => !hasBothKinds(type))).toEqual([]);
  });

  it("exist, valid and invalid, for every params and result type of every method", () => {
    expect(registryTypes().filter((type) => !hasBothKinds(type))).toEqual([]);
  });

  it("name only types that have a schema", () => {
    expect(vectorTypes().filter((type) => !schemas.has(type))).toEqual([]);
  });

  describe.each(vectorTypes())("%s", (type) => {
    const validate = ajv.compile(schemas.get(type) ?? {});
    it.each(typeVectors(type, true).map((vector) => [vector.name, vector.value] as const))("accepts %s", (_name, value) => {
      const accepted = validate(value);
      expect(validate.errors ?? []).toEqual([]);
      expect(accepted).toBe(true);
    });
    it.each(typeVectors(type, false).map((vector) => [vector.name, vector.value] as const))("rejects %s", (_name, value) => {
      expect(validate(value)).toBe(false);
    });
  });
});
