import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { METHOD_REGISTRY } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { strictAjv, readJson, typeSchemas } from "./support/schemas.js";

// Wire-compatibility fixtures, written from the spec's rules and examples:
// tests/fixtures/<TypeName>/valid/*.json must be accepted by
// schemas/<TypeName>.json, and invalid/*.json rejected.

const FIXTURE_DIR = join(import.meta.dirname, "fixtures");
const schemas = typeSchemas();
const ajv = strictAjv();

function fixtureFiles(type: string, verdict: "valid" | "invalid"): string[] {
  const dir = join(FIXTURE_DIR, type, verdict);
  return existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith(".json")).sort() : [];
}

/** The types every consumer validates messages against: each needs both kinds of fixture. */
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

const types = readdirSync(FIXTURE_DIR).sort();

describe("wire fixtures", () => {
  it("exist, valid and invalid, for every message type", () => {
    for (const type of MESSAGE_TYPES) {
      expect(fixtureFiles(type, "valid").length, `${type} valid fixtures`).toBeGreaterThan(0);
      expect(fixtureFiles(type, "invalid").length, `${type} invalid fixtures`).toBeGreaterThan(0);
    }
  });

  it("exist, valid and invalid, for every params and result type of every method", () => {
    const missing = registryTypes().filter(
      (type) => fixtureFiles(type, "valid").length === 0 || fixtureFiles(type, "invalid").length === 0,
    );
    expect(missing).toEqual([]);
  });

  it("name only types that have a schema", () => {
    expect(types.filter((type) => !schemas.has(type))).toEqual([]);
  });

  describe.each(types)("%s", (type) => {
    const validate = ajv.compile(schemas.get(type) ?? {});
    it.each(fixtureFiles(type, "valid"))("accepts valid/%s", (file) => {
      const accepted = validate(readJson(join(FIXTURE_DIR, type, "valid", file)));
      expect(validate.errors ?? [], file).toEqual([]);
      expect(accepted).toBe(true);
    });
    it.each(fixtureFiles(type, "invalid"))("rejects invalid/%s", (file) => {
      expect(validate(readJson(join(FIXTURE_DIR, type, "invalid", file)))).toBe(false);
    });
  });
});
