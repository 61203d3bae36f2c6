import type { ClientMessageResponse } from "@app-server-protocol/types";
import { isClientMessage, type JsonValue } from "@app-server-protocol/validators";
import { isList, readField, readJson } from "./json-data.js";
import type { BridgeOptions } from "./outbound.js";
import { PendingRequests, type AcpPendingRequest } from "./pending-store.js";

/** The options as the bridge keeps them, read once into JSON data: only what it reads, `offerAllowAlways` when it is `true`. */
export function bridgeOptions(options: unknown): BridgeOptions {
  return readField(readJson(options), "offerAllowAlways") === true ? { offerAllowAlways: true } : {};
}

function isResponse(value: unknown): value is ClientMessageResponse {
  return isClientMessage(value) && value.type === "response";
}

/** A `pending` entry of a state read into JSON data, when it has the shape of one. */
function pendingEntry(value: JsonValue): AcpPendingRequest | undefined {
  const id = readField(value, "id");
  const sessionId = readField(value, "sessionId");
  const request = readField(value, "request");
  const method = readField(request, "method");
  const fallback = readField(value, "fallback");
  if (typeof id !== "string" || typeof sessionId !== "string" || typeof method !== "string" || !isResponse(fallback)) return undefined;
  return { id, sessionId, request: { type: "request", id, method, params: readField(request, "params") }, fallback, options: bridgeOptions(readField(value, "options")) };
}

/**
 * The bridge state `state` stands for. A state made by the bridge is used as
 * it is. Any other value is read once into JSON data (O(n)): each entry of
 * its `pending` list shaped like `AcpPendingRequest` is kept in order,
 * anything else is left out, and a value without such a list, or with no
 * snapshot, is the empty bridge.
 */
export function stateOf(state: unknown): PendingRequests {
  if (PendingRequests.holds(state)) return state;
  const list = readField(readJson(state), "pending");
  let store = PendingRequests.EMPTY;
  for (const item of isList(list) ? list : []) {
    const entry = pendingEntry(item);
    if (entry !== undefined) store = store.with(entry);
  }
  return store;
}
