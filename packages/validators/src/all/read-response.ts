import { METHOD_CONTRACTS, type ClientMethod, type ClientRequestResult, type ProtocolError } from "@app-server-protocol/types";
import { methodNamed } from "../method-lookup.js";
import { failure, preview, type ValidationFailure } from "../result.js";
import { checkAt, unprocessable } from "../validate-type.js";
import { allTypes } from "./all-types.js";

/** What a client request's response says: the typed result, the server's error, or why the response is not valid. */
export type ResponseReading<M extends ClientMethod> =
  | { readonly ok: true; readonly data: ClientRequestResult<M> }
  /** The server answered with an error. */
  | { readonly ok: false; readonly error: ProtocolError }
  /** The response is not a valid response to this method. */
  | { readonly ok: false; readonly failure: ValidationFailure };

/**
 * Reads the response to a client request, typing its result from the method
 * string alone: the envelope is validated, an error result is returned as
 * the server's `ProtocolError`, and success `data` (absent data reads as
 * `null`, the `NoData` contract) is validated against the result type the
 * method registry names. A method that is not a client request (from plain
 * JavaScript, or a cast) is `unknown_method`. Never throws.
 *
 * @example
 * ```ts
 * import { clientRequest } from "@app-server-protocol/types";
 * import { readResponse } from "@app-server-protocol/validators/all";
 *
 * const request = clientRequest("req-7", "turn/submit", { session_id: "s1", prompt: "Run the tests" });
 * const reading = readResponse(request.method, { type: "response", id: request.id, result: { status: "success", data: { subscription_id: "sub-1" } } });
 * reading.ok ? reading.data.subscription_id : undefined; // => "sub-1"
 * readResponse("turn/submit", { type: "response", id: "req-7", result: { status: "success", data: {} } }).ok; // => false
 * readResponse("session/rename", { type: "response", id: "req-8", result: { status: "success" } }); // => { ok: true, data: null }
 * ```
 */
export function readResponse<M extends ClientMethod>(method: M, response: unknown): ResponseReading<M> {
  try {
    const envelope = checkAt(allTypes(), "ServerMessageResponse", response, "", false);
    if (!envelope.ok) return { ok: false, failure: envelope.error };
    // The registry's own entries only: `METHOD_CONTRACTS[method]` of "constructor" is not a contract.
    if (methodNamed(method)?.direction !== "client_request") {
      return { ok: false, failure: failure("unknown_method", "", `${preview(method)} is not a client request method`).error };
    }
    const { result } = envelope.value;
    if (result.status === "error") {
      const { code, message, data } = result;
      return { ok: false, error: data === undefined ? { code, message } : { code, message, data } };
    }
    const data = result.data === undefined ? null : result.data;
    const name: (typeof METHOD_CONTRACTS)[M]["result"] = METHOD_CONTRACTS[method].result;
    const checked = checkAt(allTypes(), name, data, "/result/data", false);
    return checked.ok ? { ok: true, data: checked.value } : { ok: false, failure: checked.error };
  } catch (error) {
    return { ok: false, failure: unprocessable(error).error };
  }
}
