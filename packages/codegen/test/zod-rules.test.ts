// The wire rules the typescript-zod schemas encode beyond a plain zod
// rendering, each checked against the validators: integer ranges (also past
// 2^53), null only where allowed, unknown fields kept, maps that check a
// `__proto__` key, the fallback union, and a parsed value equal to its input.
import { validateClientMessage, validateType, type ProtocolTypeName } from "@app-server-protocol/validators/all";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import * as protocol from "@app-server-protocol/zod";
import { METHODS, check, isMethod, parseClientMessage, parseServerMessage } from "@app-server-protocol/zod";
import { casesOf, objectOf, suiteFiles } from "../../conformance/test/vectors.js";
import { SCHEMAS } from "./support/zod-schemas.js";

function verdicts(type: ProtocolTypeName, schema: z.ZodType, value: unknown): { zod: unknown; validators: unknown } {
  const zod = check(schema, value);
  const validators = validateType(type, value);
  return { zod: zod.ok ? "accepted" : zod.error.code, validators: validators.ok ? "accepted" : validators.error.code };
}

describe("integers", () => {
  it.each([
    ["Uint64", 2 ** 64, "accepted", protocol.Uint64Schema],
    ["Uint64", -1, "invalid_value", protocol.Uint64Schema],
    ["Uint64", 1.5, "wrong_type", protocol.Uint64Schema],
    ["Int64", -(2 ** 60), "accepted", protocol.Int64Schema],
    ["Uint32", 2 ** 32 - 1, "accepted", protocol.Uint32Schema],
    ["Uint32", 2 ** 32, "invalid_value", protocol.Uint32Schema],
    ["Int32", -(2 ** 31), "accepted", protocol.Int32Schema],
    ["Int32", 2 ** 31, "invalid_value", protocol.Int32Schema],
    ["Int32", "1", "wrong_type", protocol.Int32Schema],
  ] as const)("%s %s: %s", (type, value, expected, schema) => {
    expect(verdicts(type, schema, value)).toEqual({ zod: expected, validators: expected });
  });

  it.each([
    ["Uint64", 2e19, "(value): Too big: expected number to be <=18446744073709551615", protocol.Uint64Schema],
    ["Int64", 1e19, "(value): Too big: expected number to be <=9223372036854775807", protocol.Int64Schema],
    ["Int64", -1e19, "(value): Too small: expected number to be >=-9223372036854775808", protocol.Int64Schema],
    ["Uint32", 2 ** 60, "(value): Too big: expected number to be <=4294967295", protocol.Uint32Schema],
    ["Int32", -(2 ** 60), "(value): Too small: expected number to be >=-2147483648", protocol.Int32Schema],
  ] as const)("%s %s fails naming the schema's bound exactly", (_type, value, message, schema) => {
    const verdict = check(schema, value);
    expect(verdict.ok ? "accepted" : verdict.error.message).toBe(message);
  });
});

describe("null", () => {
  const prompt = { name: "review", description: "Review a diff" };

  it("is refused by an optional field with a default that does not allow it", () => {
    expect(verdicts("McpPrompt", protocol.McpPromptSchema, { ...prompt, arguments: null })).toEqual({ zod: "wrong_type", validators: "wrong_type" });
    expect(verdicts("McpPrompt", protocol.McpPromptSchema, prompt)).toEqual({ zod: "accepted", validators: "accepted" });
  });

  it("is accepted by a nullable field", () => {
    expect(verdicts("SessionGoalGetResult", protocol.SessionGoalGetResultSchema, { goal: null })).toEqual({ zod: "accepted", validators: "accepted" });
  });
});

describe("maps", () => {
  const answered = (answers: string) => JSON.parse(`{"outcome":"answered","answers":${answers}}`);

  it("check the value under a __proto__ key", () => {
    expect(verdicts("AskUserOutcomeAnswered", protocol.AskUserOutcomeAnsweredSchema, answered('{"__proto__":5}'))).toEqual({ zod: "wrong_type", validators: "wrong_type" });
  });

  it("leave a __proto__ key out of the parsed map, never touching its prototype", () => {
    const value = answered('{"__proto__":{"kind":"text","text":"x"},"q1":{"kind":"text","text":"y"}}');
    expect(validateType("AskUserOutcomeAnswered", value).ok).toBe(true);
    const parsed = protocol.AskUserOutcomeAnsweredSchema.parse(value);
    expect(Object.getPrototypeOf(parsed.answers)).toBe(Object.prototype);
    expect(Object.keys(parsed.answers)).toEqual(["q1"]);
  });

  it("check every value", () => {
    expect(verdicts("AskUserOutcomeAnswered", protocol.AskUserOutcomeAnsweredSchema, answered('{"q1":{"kind":"text"}}'))).toEqual({ zod: "missing_field", validators: "missing_field" });
  });
});

describe("the fallback variant of AgentHookCommand", () => {
  it.each([
    [{ type: "command", command: "./check.sh" }, "accepted"],
    [{ type: "prompt", prompt: "anything" }, "accepted"],
    [{ type: "command" }, "missing_field"],
    [{ command: "./check.sh" }, "missing_field"],
    [{ type: 7 }, "wrong_type"],
  ])("%j: %s", (value, expected) => {
    expect(verdicts("AgentHookCommand", protocol.AgentHookCommandSchema, value)).toEqual({ zod: expected, validators: expected });
  });
});

describe("unknown fields", () => {
  it("are accepted and kept, and no default is filled in: every valid type vector parses to itself", () => {
    for (const { document } of suiteFiles("types")) {
      const type = String(objectOf(document).type);
      for (const entry of casesOf(document).filter((candidate) => candidate.valid === true)) {
        expect({ type, parsed: SCHEMAS.get(`${type}Schema`)?.parse(entry.value) }).toEqual({ type, parsed: entry.value });
      }
    }
  });

  it("are refused beside the one key of an externally tagged variant", () => {
    const value = { NeedsConfirmation: { turns_since_compact: 1 }, extra: true };
    expect(verdicts("CompactDecision", protocol.CompactDecisionSchema, value).validators).not.toBe("accepted");
    expect(protocol.CompactDecisionSchema.safeParse(value).success).toBe(false);
  });
});

describe("the method table", () => {
  it("knows the registry's methods by their own names only", () => {
    expect(isMethod("turn/submit")).toBe(true);
    expect(isMethod("stream/event")).toBe(true);
    for (const name of ["constructor", "__proto__", "toString", "turn/teleport"]) expect(isMethod(name), name).toBe(false);
  });

  it("holds each method's params and result schemas", () => {
    expect(METHODS["turn/submit"].params).toBe(protocol.TurnSubmitParamsSchema);
    expect(METHODS["stream/event"]).toMatchObject({ direction: "server_notification", result: null });
    expect(METHODS["ask_user/request"].result).toBe(protocol.AskUserQuestionResponseSchema);
  });
});

describe("the message parsers", () => {
  it("read a client request's null params as {}", () => {
    const message = { type: "request", id: "req-1", method: "turn/submit", params: null };
    const zod = parseClientMessage(message);
    const validators = validateClientMessage(message);
    expect(zod.ok ? "accepted" : [zod.error.code, zod.error.path]).toEqual(["missing_field", "/params/session_id"]);
    expect(validators.ok ? "accepted" : [validators.error.code, validators.error.path]).toEqual(["missing_field", "/params/session_id"]);
  });

  it("check a response's data against the result of the method it answers", () => {
    const response = { type: "response", id: "req-1", result: { status: "success", data: [7] } };
    expect(parseServerMessage(response).ok).toBe(true);
    const verdict = parseServerMessage(response, "session/list");
    expect(verdict.ok ? "accepted" : [verdict.error.code, verdict.error.path]).toEqual(["wrong_type", "/result/data/0"]);
    expect(parseServerMessage({ ...response, result: { status: "success", data: [] } }, "session/list").ok).toBe(true);
  });

  it("refuse a response to a method of the other direction", () => {
    const response = { type: "response", id: "srv-1", result: { status: "success", data: {} } };
    const verdict = parseClientMessage(response, "session/list");
    expect(verdict.ok ? "accepted" : [verdict.error.code, verdict.error.path]).toEqual(["unknown_method", "/id"]);
  });

  it("never throw, even on a value that cannot be read", () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error("no reading");
        },
        ownKeys() {
          throw new Error("no listing");
        },
      },
    );
    const verdict = parseServerMessage(hostile);
    expect(verdict.ok ? "accepted" : verdict.error.code).toBe("unprocessable");
  });

  it("report what the README says for a request without its required params", () => {
    const verdict = parseClientMessage({ type: "request", id: "req-2", method: "turn/submit", params: { session_id: "s1" } });
    expect(verdict.ok ? "accepted" : [verdict.error.code, verdict.error.path]).toEqual(["missing_field", "/params/prompt"]);
  });
});
