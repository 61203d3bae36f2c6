import type { ClientRequestParams } from "./contract-types.js";
import type { ClientMessageRequest } from "./envelope.js";
import type { ClientMethod } from "./methods.js";

/** A client request whose `params` have the type the registry names for its method. */
export interface TypedClientRequest<M extends ClientMethod> extends ClientMessageRequest {
  method: M;
  params: ClientRequestParams<M>;
}

/**
 * Builds a client request, typing its params from the method string alone.
 * Read the response with `readResponse` from `@app-server-protocol/validators`,
 * which types the result the same way.
 *
 * @example
 * ```ts
 * import { clientRequest } from "@app-server-protocol/types";
 *
 * const request = clientRequest("req-1", "session/rename", { session_id: "s1", new_title: "Release prep" });
 * request; // => { type: "request", id: "req-1", method: "session/rename", params: { session_id: "s1", new_title: "Release prep" } }
 * ```
 */
export function clientRequest<M extends ClientMethod>(id: string, method: M, params: ClientRequestParams<M>): TypedClientRequest<M> {
  return { type: "request", id, method, params };
}
