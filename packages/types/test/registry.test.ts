import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  EXPERIMENTAL_METHODS,
  METHOD_REGISTRY,
  PERSISTENT_GOAL_METHODS,
  SERVER_NOTIFICATION_METHODS,
  SERVER_REQUEST_METHODS,
  STABLE_METHODS,
  findMethod,
  methodRegistryDocument,
  type AskUserQuestionRequest,
  type AskUserQuestionResponse,
  type McpTrustApprovalRequest,
  type McpTrustRequestResult,
  type PermissionRequest,
  type PermissionRequestResult,
  type ServerRequestParams,
  type ServerRequestResult,
} from "@app-server-protocol/types";

const FAMILY_ALIASES: Record<string, string> = { initialize: "lifecycle", context: "context/usage", usage: "context/usage" };

function familyOf(entry: (typeof METHOD_REGISTRY)[number]): string {
  if (entry.direction === "server_request") return "server requests";
  if (entry.direction === "server_notification") return "notification";
  const family = entry.method.split("/")[0] ?? "";
  return FAMILY_ALIASES[family] ?? family;
}

describe("method registry (spec 3.1)", () => {
  it("has the reference counts", () => {
    expect(STABLE_METHODS).toHaveLength(91);
    expect(EXPERIMENTAL_METHODS).toHaveLength(28);
    expect(SERVER_NOTIFICATION_METHODS).toEqual(["stream/event"]);
    expect(SERVER_REQUEST_METHODS).toEqual(["permission/request", "mcp_trust/request", "ask_user/request"]);
    expect(METHOD_REGISTRY).toHaveLength(123);
    expect(PERSISTENT_GOAL_METHODS).toHaveLength(4);
  });

  it("lists the methods in canonical order: stable, experimental, notification, server requests", () => {
    expect(METHOD_REGISTRY.map((entry) => entry.method)).toEqual([
      ...STABLE_METHODS,
      ...EXPERIMENTAL_METHODS,
      ...SERVER_NOTIFICATION_METHODS,
      ...SERVER_REQUEST_METHODS,
    ]);
    expect(STABLE_METHODS.slice(0, 3)).toEqual(["initialize", "session/bootstrap", "session/list"]);
    expect(STABLE_METHODS.at(-1)).toBe("diagnostics/pre_user_instructions");
    expect(EXPERIMENTAL_METHODS.at(0)).toBe("session/acp_load_preflight");
    expect(EXPERIMENTAL_METHODS.at(-1)).toBe("workflow/resume");
  });

  it("splits into the reference's families", () => {
    const counts: Record<string, number> = {};
    for (const entry of METHOD_REGISTRY) counts[familyOf(entry)] = (counts[familyOf(entry)] ?? 0) + 1;
    expect(counts).toEqual({
      lifecycle: 1,
      session: 25,
      turn: 4,
      permission: 10,
      settings: 23,
      "context/usage": 5,
      mcp: 17,
      tools: 9,
      background: 9,
      workflow: 4,
      auth: 3,
      diagnostics: 9,
      notification: 1,
      "server requests": 3,
    });
    expect(EXPERIMENTAL_METHODS.filter((method) => method.startsWith("session/"))).toHaveLength(15);
  });

  it("has unique names that follow the naming rule of spec 1.5", () => {
    const names = METHOD_REGISTRY.map((entry) => entry.method);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name).toMatch(/^[a-z_][a-z_/]*$/);
      expect(name.split("/").length, name).toBeLessThanOrEqual(name.startsWith("session/goal/") ? 3 : 2);
    }
    for (const method of SERVER_REQUEST_METHODS) expect(method).toMatch(/^[a-z_]+\/request$/);
  });

  it("records direction, stability and capability gates", () => {
    for (const entry of METHOD_REGISTRY) {
      const goal = (PERSISTENT_GOAL_METHODS as readonly string[]).includes(entry.method);
      if (entry.direction !== "client_request") {
        expect(entry.stability, entry.method).toBe("stable");
        expect(entry.requires, entry.method).toEqual([]);
      } else if (entry.stability === "experimental") {
        expect(entry.requires, entry.method).toEqual(goal ? ["experimental_methods", "persistent_goals"] : ["experimental_methods"]);
      } else {
        expect(entry.requires, entry.method).toEqual([]);
      }
    }
    expect(findMethod("stream/event")?.direction).toBe("server_notification");
    expect(findMethod("ask_user/request")?.direction).toBe("server_request");
    expect(findMethod("session/goal/continue")?.requires).toEqual(["experimental_methods", "persistent_goals"]);
    expect(findMethod("background/list")?.requires).toEqual(["experimental_methods"]);
  });

  it("names the params and answer types of the server requests", () => {
    expect(SERVER_REQUEST_METHODS.map((method) => findMethod(method))).toEqual([
      expect.objectContaining({ params: "PermissionRequest", result: "PermissionRequestResult" }),
      expect.objectContaining({ params: "McpTrustApprovalRequest", result: "McpTrustRequestResult" }),
      expect.objectContaining({ params: "AskUserQuestionRequest", result: "AskUserQuestionResponse" }),
    ]);
    expect(findMethod("initialize")).toMatchObject({ params: "InitializeParams", result: "InitializeResult" });
  });

  it("derives the server-request type maps from the registry", () => {
    expectTypeOf<ServerRequestParams<"ask_user/request">>().toEqualTypeOf<AskUserQuestionRequest>();
    expectTypeOf<ServerRequestResult<"ask_user/request">>().toEqualTypeOf<AskUserQuestionResponse>();
    expectTypeOf<ServerRequestParams<"permission/request">>().toEqualTypeOf<PermissionRequest>();
    expectTypeOf<ServerRequestResult<"permission/request">>().toEqualTypeOf<PermissionRequestResult>();
    expectTypeOf<ServerRequestParams<"mcp_trust/request">>().toEqualTypeOf<McpTrustApprovalRequest>();
    expectTypeOf<ServerRequestResult<"mcp_trust/request">>().toEqualTypeOf<McpTrustRequestResult>();
  });

  it("answers undefined for names the protocol does not define", () => {
    expect(findMethod("session/unknown")).toBeUndefined();
    expect(findMethod("")).toBeUndefined();
    expect(findMethod("__proto__")).toBeUndefined();
    expect(findMethod("constructor")).toBeUndefined();
    expect(findMethod("ask_user/request ")).toBeUndefined();
    const known = new Set<string>(METHOD_REGISTRY.map((entry) => entry.method));
    fc.assert(fc.property(fc.string(), (name) => known.has(name) || findMethod(name) === undefined));
    // A JavaScript caller may pass anything at all.
    fc.assert(fc.property(fc.anything(), (value) => typeof value === "string" || Reflect.apply(findMethod, undefined, [value]) === undefined));
  });

  it("finds the registry's own descriptors, each the same object at every look-up", () => {
    for (const entry of METHOD_REGISTRY) expect(findMethod(entry.method)).toBe(entry);
    expect(findMethod("ask_user/request")).toBe(findMethod("ask_user/request"));
  });

  it("renders the registry document with independent copies", () => {
    const document = methodRegistryDocument();
    expect(document.protocol_version).toBe("1.0");
    expect(document.methods).toEqual(METHOD_REGISTRY);
    document.methods[0]?.requires.push("persistent_goals");
    expect(findMethod("initialize")?.requires).toEqual([]);
  });
});
