import type { ClientMessageResponse } from "@app-server-protocol/types";
import { isClientMessage } from "@app-server-protocol/validators";
import { isList, jsonSnapshot, readField } from "./json-snapshot.js";
import type { BridgeOptions } from "./outbound.js";
import { PendingRequests, type AcpPendingRequest } from "./pending-store.js";

/** The options as the bridge keeps them: only what it reads, `offerAllowAlways` when it is `true`. */
export function bridgeOptions(options: unknown): BridgeOptions {
  return readField(options, "offerAllowAlways") === true ? { offerAllowAlways: true } : {};
}

function isResponse(value: unknown): value is ClientMessageResponse {
  return isClientMessage(value) && value.type === "response";
}

/** A `pending` entry from outside the bridge, when it has the shape of one (given as plain data). */
function pendingEntry(value: unknown): AcpPendingRequest | undefined {
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
 * it is. Any other value is read through its `pending` list, once (O(n)):
 * each entry shaped like `AcpPendingRequest` is read into plain data and
 * kept in order, anything else is left out, and a value without such a list
 * is the empty bridge.
 */
export function stateOf(state: unknown): PendingRequests {
  if (PendingRequests.holds(state)) return state;
  const list = readField(state, "pending");
  const length = isList(list) ? readField(list, "length") : 0;
  let store = PendingRequests.EMPTY;
  for (let index = 0; typeof length === "number" && index < length; index += 1) {
    const item = jsonSnapshot(readField(list, String(index)));
    const entry = item.ok ? pendingEntry(item.value) : undefined;
    if (entry !== undefined) store = store.with(entry);
  }
  return store;
}
