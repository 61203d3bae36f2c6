import { EXPERIMENTAL_METHODS, PERSISTENT_GOAL_METHODS, SERVER_NOTIFICATION_METHODS, SERVER_REQUEST_METHODS, STABLE_METHODS } from "@app-server-protocol/types";
import type { JsonValue } from "@app-server-protocol/validators";
import type { HandshakeRule } from "../../scenario/model.js";
import { excerpt, member } from "../../support/json.js";

/** The four method lists of `ServerCapabilities`, each with the registry's list of the same kind. */
const LISTS: readonly (readonly [key: string, registry: readonly string[], kind: string])[] = [
  ["stable_methods", STABLE_METHODS, "stable client method"],
  ["experimental_methods", EXPERIMENTAL_METHODS, "experimental client method"],
  ["server_notification_methods", SERVER_NOTIFICATION_METHODS, "server notification method"],
  ["server_request_methods", SERVER_REQUEST_METHODS, "server request method"],
];

const GOALS: readonly string[] = PERSISTENT_GOAL_METHODS;

function listOf(capabilities: JsonValue | undefined, key: string): readonly JsonValue[] | undefined {
  const list = member(capabilities, key);
  return Array.isArray(list) ? list : undefined;
}

function inRegistry(capabilities: JsonValue | undefined): string | undefined {
  for (const [key, registry, kind] of LISTS) {
    const list = listOf(capabilities, key);
    if (list === undefined) return `capabilities.${key} is not a list`;
    const seen = new Set<string>();
    for (const method of list) {
      if (typeof method !== "string" || !registry.includes(method)) return `capabilities.${key} lists ${excerpt(method)}, which is not a ${kind} of protocol 1.0`;
      if (seen.has(method)) return `capabilities.${key} lists ${excerpt(method)} twice`;
      seen.add(method);
    }
  }
  return listOf(capabilities, "stable_methods")?.includes("initialize") === true ? undefined : "capabilities.stable_methods does not list initialize";
}

function filtered(capabilities: JsonValue | undefined, asked: JsonValue | undefined): string | undefined {
  const experimental = listOf(capabilities, "experimental_methods") ?? [];
  if (member(asked, "experimental_methods") !== true) {
    return experimental.length === 0 ? undefined : `capabilities.experimental_methods lists ${experimental.length} methods (${excerpt(experimental[0])} first), though the client did not declare experimental_methods`;
  }
  if (member(asked, "persistent_goals") === true) return undefined;
  const goal = experimental.find((method) => typeof method === "string" && GOALS.includes(method));
  return goal === undefined ? undefined : `capabilities.experimental_methods lists ${excerpt(goal)}, though the client did not declare persistent_goals`;
}

function full(capabilities: JsonValue | undefined): string | undefined {
  for (const [key, registry] of LISTS) {
    if (key === "experimental_methods") continue;
    const list = listOf(capabilities, key) ?? [];
    const missing = registry.filter((method) => !list.includes(method));
    if (missing.length > 0) return `capabilities.${key} lacks ${missing.length} of the registry's ${registry.length} methods (${excerpt(missing[0])} first)`;
  }
  return undefined;
}

/**
 * Judges an `InitializeResult` (`data`) by one handshake rule of spec 1.6,
 * given the `ClientCapabilities` the client sent (`asked`); the failure, or
 * `undefined` when the rule holds.
 */
export function handshakeFailure(rule: HandshakeRule, data: JsonValue | undefined, asked: JsonValue | undefined): string | undefined {
  const capabilities = member(data, "capabilities");
  if (capabilities === undefined) return "the result has no capabilities";
  switch (rule) {
    case "lists-in-registry":
      return inRegistry(capabilities);
    case "experimental-filtered":
      return filtered(capabilities, asked);
    default:
      return full(capabilities);
  }
}
