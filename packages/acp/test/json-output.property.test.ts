import type { ServerMessageRequest } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMPTY_BRIDGE, MAX_JSON_DEPTH, acceptAcpResponse, acceptServerRequest, endAcpInput, permissionRequestToAcp } from "@app-server-protocol/acp";
import { acpRequestPermissionErrors } from "./support/acp-schema.js";
import { nested } from "./support/hostile.js";

// Everything the bridge produces can be written with JSON.stringify: a
// tool_input nested deeper than MAX_JSON_DEPTH stays text, as input that is
// not JSON does, and params nested deeper do not decode.

const permission = { request_id: "p1", session_id: "s1", tool_use_id: "t1", tool_name: "Bash", tool_input: "{}", requires_tools_permission: true, requires_network_permission: false };
const sessions = [{ id: "s1", promptActive: true }];

/** JSON text of `depth` arrays and objects inside each other, with brackets inside strings along the way. */
function deepJson(shape: readonly boolean[]): string {
  let text = '"[{]}"';
  for (const isArray of shape) text = isArray ? `[${text},"]"]` : `{"k[":${text}}`;
  return text;
}

function parsedJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** How many arrays and objects are nested inside each other in `value`, counted without recursion. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, depth] = next;
    if (typeof item !== "object" || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

describe("output that JSON.stringify can write", () => {
  it("parses tool_input nested up to the limit, and keeps deeper tool_input as its text", () => {
    const atLimit = JSON.stringify(nested(MAX_JSON_DEPTH));
    expect(permissionRequestToAcp({ ...permission, tool_input: atLimit }).toolCall.rawInput).toEqual(nested(MAX_JSON_DEPTH));
    const beyond = JSON.stringify(nested(MAX_JSON_DEPTH + 1));
    expect(permissionRequestToAcp({ ...permission, tool_input: beyond }).toolCall.rawInput).toBe(beyond);
  });

  it("writes the params of a tool_input nested 100,000 levels deep", () => {
    const text = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const params = permissionRequestToAcp({ ...permission, tool_input: text });
    expect(params.toolCall.rawInput).toBe(text);
    expect(JSON.stringify(params).length).toBeGreaterThan(200_000);
  });

  it("parses or keeps any tool_input so that the params are valid ACP and can be written", () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(fc.boolean(), { maxLength: 300 }).map(deepJson), fc.json(), fc.string()), (toolInput) => {
        const params = permissionRequestToAcp({ ...permission, tool_input: toolInput });
        expect(typeof JSON.stringify(params)).toBe("string");
        expect(acpRequestPermissionErrors(params)).toEqual([]);
        const parsed = parsedJson(toolInput);
        expect(params.toolCall.rawInput).toEqual(parsed.ok && depthOf(parsed.value) <= MAX_JSON_DEPTH ? parsed.value : toolInput);
      }),
      { numRuns: 300 },
    );
  });

  it("answers with messages that can be written, for requests nested at any depth", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 10_000, max: 30_000 })), fc.constantFrom("tool_input", "extra"), (depth, where) => {
        const params = where === "tool_input" ? { ...permission, tool_input: `${"[".repeat(depth)}${"]".repeat(depth)}` } : { ...permission, extra: nested(depth) };
        const request: ServerMessageRequest = { type: "request", id: "srv-1", method: "permission/request", params };
        const step = acceptServerRequest(EMPTY_BRIDGE, request, sessions);
        expect(typeof JSON.stringify(step)).toBe("string");
        expect(step.kind).toBe(where === "extra" && depth + 1 > MAX_JSON_DEPTH ? "unsupported" : "ask_editor");
        expect(typeof JSON.stringify(acceptAcpResponse(step.state, "srv-1", undefined))).toBe("string");
        expect(typeof JSON.stringify(endAcpInput(step.state))).toBe("string");
      }),
      { numRuns: 100 },
    );
  });
});
