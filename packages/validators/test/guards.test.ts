import { describe, expect, it } from "vitest";
import * as validators from "@app-server-protocol/validators";
import * as everything from "@app-server-protocol/validators/all";
import { MESSAGE_TYPE_NAMES, PROTOCOL_TYPE_NAMES, validateType } from "@app-server-protocol/validators";
import { typeVectors, vectorTypes } from "../../../tests/support/vectors.js";


function guardFor(name: string, entry: object = everything): (value: unknown) => boolean {
  const candidate: unknown = Reflect.get(entry, `is${name}`);
  if (typeof candidate !== "function") throw new Error(`no guard is${name}`);
  return (value) => candidate(value) === true;
}

describe("generated guards", () => {
  it("exist for every protocol type in /all, and for every message type in the main entry point", () => {
    expect(PROTOCOL_TYPE_NAMES.length).toBeGreaterThan(400);
    for (const name of PROTOCOL_TYPE_NAMES) expect(() => guardFor(name), name).not.toThrow();
    for (const name of MESSAGE_TYPE_NAMES) expect(() => guardFor(name, validators), name).not.toThrow();
    expect(Reflect.get(validators, "isSessionRecord")).toBeUndefined();
  });

  it("are the types messages are validated against: envelopes, every params type, the answers to server requests", () => {
    for (const name of ["ClientMessage", "ServerMessage", "InitializeParams", "TurnSubmitParams", "StreamEventNotification", "AskUserQuestionResponse", "PermissionRequestResult"]) {
      expect(MESSAGE_TYPE_NAMES, name).toContain(name);
    }
    expect(MESSAGE_TYPE_NAMES).not.toContain("BootstrapState");
  });

  it.each(vectorTypes())("agree with the type vectors of %s", (type) => {
    const guard = guardFor(type);
    for (const { name, value } of typeVectors(type, true)) expect(guard(value), name).toBe(true);
    for (const { name, value } of typeVectors(type, false)) expect(guard(value), name).toBe(false);
  });

  it("narrow the type", () => {
    const value: unknown = { request_id: "ask-1", answer: "Yes" };
    if (!validators.isAskUserQuestionResponse(value)) throw new Error("expected a response");
    expect(value.answer).toBe("Yes");
  });

  it("agree with validateType, which also says why", () => {
    expect(everything.validateType("ErrorCode", "overloaded")).toEqual({ ok: true, value: "overloaded" });
    expect(everything.validateType("ErrorCode", "teapot")).toMatchObject({ ok: false, error: { code: "invalid_value", path: "", type: "ErrorCode" } });
    expect(everything.validateType("AskUserQuestionSpec", { id: "q", question: "Q", header: "", extra: 1 }, { strict: true })).toMatchObject({
      ok: false,
      error: { code: "unknown_field", path: "/extra" },
    });
    expect(validateType("AskUserQuestionList", [{ id: "q", question: "Q", header: "", extra: 1 }], { strict: true })).toMatchObject({
      ok: false,
      error: { code: "unknown_field", path: "/0/extra" },
    });
  });
});
