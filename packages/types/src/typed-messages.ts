import type { ClientRequestParams, ParamlessClientMethod } from "./method-types.js";
import type { ClientMessageRequest } from "./envelope.js";
import type { ClientMethod } from "./methods.js";

/**
 * A client request whose `params` have the type the registry names for its
 * method; optional for the methods that take none.
 */
export type TypedClientRequest<M extends ClientMethod> = ClientMessageRequest & { method: M } & (M extends ParamlessClientMethod ? { params?: ClientRequestParams<M> } : { params: ClientRequestParams<M> });

/**
 * Builds a client request, typing its params from the method string alone.
 * For a method whose params are `EmptyParams` the params may be left out, and
 * the request then carries none. Read the response with `readResponse` from
 * `@app-server-protocol/validators`, which types the result the same way.
 *
 * @example
 * ```ts
 * import { clientRequest } from "@app-server-protocol/types";
 *
 * const request = clientRequest("req-1", "session/rename", { session_id: "s1", new_title: "Release prep" });
 * request; // => { type: "request", id: "req-1", method: "session/rename", params: { session_id: "s1", new_title: "Release prep" } }
 * clientRequest("req-2", "session/list"); // => { type: "request", id: "req-2", method: "session/list" }
 * ```
 */
export function clientRequest<M extends ParamlessClientMethod>(id: string, method: M, params?: ClientRequestParams<M>): TypedClientRequest<M>;
export function clientRequest<M extends ClientMethod>(id: string, method: M, params: ClientRequestParams<M>): TypedClientRequest<M>;
export function clientRequest(id: string, method: ClientMethod, params?: unknown): ClientMessageRequest {
  return params === undefined ? { type: "request", id, method } : { type: "request", id, method, params };
}
