import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as validators from "@app-server-protocol/validators";
import { PROTOCOL_TYPE_NAMES, validateType } from "@app-server-protocol/validators";

const FIXTURES = join(import.meta.dirname, "../../../tests/fixtures");

function guardFor(name: string): (value: unknown) => boolean {
  const candidate: unknown = Reflect.get(validators, `is${name}`);
  if (typeof candidate !== "function") throw new Error(`no guard is${name}`);
  return (value) => candidate(value) === true;
}

function fixtures(type: string, verdict: "valid" | "invalid"): unknown[] {
  const dir = join(FIXTURES, type, verdict);
  return existsSync(dir) ? readdirSync(dir).map((file) => JSON.parse(readFileSync(join(dir, file), "utf8"))) : [];
}

describe("generated guards", () => {
  it("exist for every protocol type", () => {
    expect(PROTOCOL_TYPE_NAMES.length).toBeGreaterThan(50);
    for (const name of PROTOCOL_TYPE_NAMES) expect(() => guardFor(name), name).not.toThrow();
  });

  it.each(readdirSync(FIXTURES))("agree with the wire fixtures of %s", (type) => {
    const guard = guardFor(type);
    for (const value of fixtures(type, "valid")) expect(guard(value)).toBe(true);
    for (const value of fixtures(type, "invalid")) expect(guard(value)).toBe(false);
  });

  it("narrow the type", () => {
    const value: unknown = { request_id: "ask-1", answer: "Yes" };
    if (!validators.isAskUserQuestionResponse(value)) throw new Error("expected a response");
    expect(value.answer).toBe("Yes");
  });

  it("agree with validateType, which also says why", () => {
    expect(validateType("ErrorCode", "overloaded")).toEqual({ ok: true, value: "overloaded" });
    expect(validateType("ErrorCode", "teapot")).toMatchObject({ ok: false, error: { code: "invalid_value", path: "", type: "ErrorCode" } });
    expect(validateType("AskUserQuestionSpec", { id: "q", question: "Q", header: "", extra: 1 }, { strict: true })).toMatchObject({
      ok: false,
      error: { code: "unknown_field", path: "/extra" },
    });
  });
});
