import { describe, expect, expectTypeOf, it } from "vitest";
import {
  METHOD_REGISTRY,
  clientRequest,
  findMethod,
  type BootstrapState,
  type ClientRequestParams,
  type ClientRequestResult,
  type NoData,
  type SessionGoalSetParams,
  type ServerNotificationParams,
  type StreamEventNotification,
  type TurnSubmitResult,
} from "@app-server-protocol/types";
import table from "./method-table.json" with { type: "json" };

// The registry against the spec's method tables (3.1-3.3), entry by entry.

/**
 * The inventory's field lists as paths: entries split on `,` and `;`, and
 * `a[*].{x,y}` spelled out as `a[*].x`, `a[*].y`.
 */
function inventoryPaths(list: string): string[] {
  const paths: string[] = [];
  for (const entry of list.match(/[^,;{}]*\{[^}]*\}|[^,;]+/g) ?? []) {
    const grouped = /^(.*)\{(.*)\}$/.exec(entry.trim());
    if (grouped === null) paths.push(entry.trim());
    else for (const name of (grouped[2] ?? "").split(",")) paths.push(`${grouped[1] ?? ""}${name.trim()}`);
  }
  return paths.filter((path) => path !== "");
}

/** The inventory's `content` is no field of `SessionRecordMessageParams`; its text is `message` (docs/spec-choices.md). */
const RENAMED_FIELDS = new Map([["session/record_message content", "message"]]);

describe("method table (spec 3.1-3.3)", () => {
  it("lists exactly the spec's 123 methods in canonical order", () => {
    expect(METHOD_REGISTRY.map((entry) => entry.method)).toEqual([
      ...table.stable,
      ...table.experimental,
      ...table.server_notifications.map((entry) => entry.method),
      ...table.server_requests.map((entry) => entry.method),
    ]);
  });

  it.each(table.client_requests)("$method: $stability, $params -> $result", ({ method, stability, params, result, opaque, sensitive }) => {
    const gates = table.persistent_goals.includes(method) ? ["experimental_methods", "persistent_goals"] : stability === "experimental" ? ["experimental_methods"] : [];
    const marked = { opaque_fields: inventoryPaths(opaque), sensitive_fields: inventoryPaths(sensitive).map((path) => RENAMED_FIELDS.get(`${method} ${path}`) ?? path) };
    expect(findMethod(method)).toEqual({ method, direction: "client_request", stability, requires: gates, params, result, ...marked });
  });

  it.each([...table.server_notifications, ...table.server_requests])("$method: $params -> $result", ({ method, params, result }) => {
    expect(findMethod(method)).toMatchObject({ method, stability: "stable", requires: [], params, result });
  });

  it("spells out the inventory's grouped paths", () => {
    expect(inventoryPaths("session_mcp_servers[*].{endpoint,args}")).toEqual(["session_mcp_servers[*].endpoint", "session_mcp_servers[*].args"]);
    expect(inventoryPaths("arguments; result.messages[*].content.annotations.extra")).toEqual(["arguments", "result.messages[*].content.annotations.extra"]);
    expect(inventoryPaths("objective,result.goal.objective")).toEqual(["objective", "result.goal.objective"]);
    expect(inventoryPaths("")).toEqual([]);
  });

  it("covers every client method exactly once", () => {
    expect(table.client_requests.map((row) => row.method).sort()).toEqual([...table.stable, ...table.experimental].sort());
  });
});

describe("typed method maps", () => {
  it("type params and results from the method string alone", () => {
    expectTypeOf<ClientRequestParams<"session/goal/set">>().toEqualTypeOf<SessionGoalSetParams>();
    expectTypeOf<ClientRequestResult<"session/bootstrap">>().toEqualTypeOf<BootstrapState>();
    expectTypeOf<ClientRequestResult<"session/rename">>().toEqualTypeOf<NoData>();
    expectTypeOf<ClientRequestResult<"turn/submit">>().toEqualTypeOf<TurnSubmitResult>();
    expectTypeOf<ServerNotificationParams<"stream/event">>().toEqualTypeOf<StreamEventNotification>();
  });

  it("build a request whose params are checked against the method", () => {
    const request = clientRequest("req-1", "turn/submit", { session_id: "s1", prompt: "hello" });
    expect(request).toEqual({ type: "request", id: "req-1", method: "turn/submit", params: { session_id: "s1", prompt: "hello" } });
    expectTypeOf(request.params).toEqualTypeOf<ClientRequestParams<"turn/submit">>();
    expectTypeOf<{ session_id: string }>().not.toMatchTypeOf<ClientRequestParams<"turn/submit">>();
  });
});
