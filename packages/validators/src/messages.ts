import { findMethod, type ClientMessage, type MethodDirection, type ServerMessage } from "@app-server-protocol/types";
import { failure, preview, type ValidationResult } from "./result.js";
import { checkAt, unprocessable, type ValidateOptions } from "./validate-type.js";

/** Options of the message validators. */
export interface MessageOptions extends ValidateOptions {
  /**
   * The method of the request a response answers, looked up by the
   * response's `id`. Responses carry no method, so without this only their
   * envelope is checked; with it, success `data` is checked against the
   * method's result type. For `validateClientMessage` the ids are server
   * request ids, for `validateServerMessage` client request ids.
   */
  readonly methodOf?: (id: string) => string | undefined;
}

interface Request {
  readonly method: string;
  readonly params?: unknown;
}

interface Response {
  readonly id: string;
  readonly result: { readonly status: "success"; readonly data?: unknown } | { readonly status: "error" };
}

const DIRECTION_NAMES: { readonly [D in MethodDirection]: string } = {
  client_request: "client request",
  server_notification: "server notification",
  server_request: "server request",
};

/** Checks a request's or notification's params against the params type the registry names for its method. */
function checkRequest<M extends Request>(message: M, direction: MethodDirection, options: MessageOptions): ValidationResult<M> {
  const method = findMethod(message.method);
  if (method === undefined || method.direction !== direction) {
    return failure("unknown_method", "/method", `unknown ${DIRECTION_NAMES[direction]} method ${preview(message.method)}`);
  }
  if (method.params === null) return { ok: true, value: message };
  // The server treats absent (or null) params of a client request as `{}`.
  const params = direction === "client_request" && (message.params === undefined || message.params === null) ? {} : message.params;
  const checked = checkAt(method.params, params, "/params", options.strict === true);
  return checked.ok ? { ok: true, value: message } : checked;
}

/** Checks a response's success data against the result type of the method it answers, when that method is known. */
function checkResponse<M extends Response>(message: M, direction: MethodDirection, options: MessageOptions): ValidationResult<M> {
  const answered = options.methodOf?.(message.id);
  if (answered === undefined) return { ok: true, value: message };
  const method = findMethod(answered);
  if (method === undefined || method.direction !== direction) {
    return failure("unknown_method", "/id", `answers ${preview(answered)}, which is not a ${DIRECTION_NAMES[direction]} method`);
  }
  const { result } = message;
  if (result.status !== "success" || result.data === undefined || method.result === null) return { ok: true, value: message };
  const checked = checkAt(method.result, result.data, "/result/data", options.strict === true);
  return checked.ok ? { ok: true, value: message } : checked;
}

/**
 * Validates a message a client sends: the envelope (tag `type`, result tag
 * `status`), then a request's `params` against the params type the method
 * registry names for its method, or a response's success `data` against the
 * result type of the server request it answers (see `methodOf`). Unknown
 * methods are reported as `unknown_method`. Never throws.
 *
 * @example
 * ```ts
 * import { validateClientMessage } from "@app-server-protocol/validators";
 *
 * validateClientMessage({ type: "request", id: "req-1", method: "initialize", params: { protocol_version: "1.0", client_info: { name: "c", version: "1" } } }).ok; // => true
 * const bad = validateClientMessage({ type: "request", id: "req-2", method: "initialize", params: { protocol_version: "1.0" } });
 * bad.ok ? undefined : bad.error.path; // => "/params/client_info"
 * ```
 */
export function validateClientMessage(value: unknown, options: MessageOptions = {}): ValidationResult<ClientMessage> {
  try {
    const envelope = checkAt("ClientMessage", value, "", options.strict === true);
    if (!envelope.ok) return envelope;
    const message = envelope.value;
    return message.type === "request" ? checkRequest(message, "client_request", options) : checkResponse(message, "server_request", options);
  } catch (error) {
    return unprocessable(error);
  }
}

/**
 * Validates a message a server sends: the envelope, then the `params` of a
 * notification or server request against the type the method registry names
 * for its method, or a response's success `data` against the result type of
 * the client request it answers (see `methodOf`). Never throws.
 *
 * @example
 * ```ts
 * import { validateServerMessage } from "@app-server-protocol/validators";
 *
 * const result = validateServerMessage({
 *   type: "request",
 *   id: "srv-ask-user-1",
 *   method: "ask_user/request",
 *   params: { request_id: "ask-1", questions: [{ id: "q1", question: "Proceed?", header: "", multi_select: "no" }] },
 * });
 * result.ok ? undefined : result.error.message; // => "/params/questions/0/multi_select: must be a boolean"
 * ```
 */
export function validateServerMessage(value: unknown, options: MessageOptions = {}): ValidationResult<ServerMessage> {
  try {
    const envelope = checkAt("ServerMessage", value, "", options.strict === true);
    if (!envelope.ok) return envelope;
    const message = envelope.value;
    switch (message.type) {
      case "request":
        return checkRequest(message, "server_request", options);
      case "notification":
        return checkRequest(message, "server_notification", options);
      default:
        return checkResponse(message, "client_request", options);
    }
  } catch (error) {
    return unprocessable(error);
  }
}
