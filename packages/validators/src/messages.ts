import { findMethod, type ClientMessage, type MethodDirection, type ServerMessage } from "@app-server-protocol/types";
import type { CompiledTypes } from "./compiled.js";
import type { ProtocolTypeName } from "./generated/protocol-types.js";
import { MESSAGE_TYPES } from "./message-types.js";
import { failure, preview, type ValidationResult } from "./result.js";
import { checkAt, unprocessable, type ValidateOptions } from "./validate-type.js";

type Types = CompiledTypes<ProtocolTypeName>;

/** Options of the message validators. */
export interface MessageOptions extends ValidateOptions {
  /**
   * The method of the request a response answers, looked up by the
   * response's `id`. Responses carry no method, so without this only their
   * envelope is checked; with it, success `data` is checked against the
   * method's result type. For `validateClientMessage` the ids are server
   * request ids; for the `validateServerMessage` of
   * `@app-server-protocol/validators/all`, client request ids.
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
function checkRequest<M extends Request>(types: Types, message: M, direction: MethodDirection, options: MessageOptions): ValidationResult<M> {
  const method = findMethod(message.method);
  if (method === undefined || method.direction !== direction) {
    return failure("unknown_method", "/method", `unknown ${DIRECTION_NAMES[direction]} method ${preview(message.method)}`);
  }
  if (!types.has(method.params)) return { ok: true, value: message };
  // The server treats absent (or null) params of a client request as `{}`.
  const params = direction === "client_request" && (message.params === undefined || message.params === null) ? {} : message.params;
  const checked = checkAt(types, method.params, params, "/params", options.strict === true);
  return checked.ok ? { ok: true, value: message } : checked;
}

/** Checks a response's success data against the result type of the method it answers, when that method is known. */
function checkResponse<M extends Response>(types: Types, message: M, direction: MethodDirection, options: MessageOptions): ValidationResult<M> {
  const answered = options.methodOf?.(message.id);
  if (answered === undefined) return { ok: true, value: message };
  const method = findMethod(answered);
  if (method === undefined || method.direction !== direction) {
    return failure("unknown_method", "/id", `answers ${preview(answered)}, which is not a ${DIRECTION_NAMES[direction]} method`);
  }
  const { result } = message;
  // Absent and null data both mean "no payload" (spec 1.3): a valid answer to any method.
  if (result.status !== "success" || result.data === undefined || result.data === null || method.result === null || !types.has(method.result)) return { ok: true, value: message };
  const checked = checkAt(types, method.result, result.data, "/result/data", options.strict === true);
  return checked.ok ? { ok: true, value: message } : checked;
}

/** `validateClientMessage` against the validators of `types`. */
export function clientMessageIn(types: Types, value: unknown, options: MessageOptions): ValidationResult<ClientMessage> {
  try {
    const envelope = checkAt(types, "ClientMessage", value, "", options.strict === true);
    if (!envelope.ok) return envelope;
    const message = envelope.value;
    return message.type === "request" ? checkRequest(types, message, "client_request", options) : checkResponse(types, message, "server_request", options);
  } catch (error) {
    return unprocessable(error);
  }
}

/** `validateServerMessage` against the validators of `types`. */
export function serverMessageIn(types: Types, value: unknown, options: MessageOptions): ValidationResult<ServerMessage> {
  try {
    const envelope = checkAt(types, "ServerMessage", value, "", options.strict === true);
    if (!envelope.ok) return envelope;
    const message = envelope.value;
    switch (message.type) {
      case "request":
        return checkRequest(types, message, "server_request", options);
      case "notification":
        return checkRequest(types, message, "server_notification", options);
      default:
        return checkResponse(types, message, "client_request", options);
    }
  } catch (error) {
    return unprocessable(error);
  }
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
 * const bad = validateClientMessage({ type: "request", id: "req-2", method: "turn/submit", params: { session_id: "s1" } });
 * bad.ok ? undefined : bad.error.path; // => "/params/prompt"
 * ```
 */
export function validateClientMessage(value: unknown, options: MessageOptions = {}): ValidationResult<ClientMessage> {
  return clientMessageIn(MESSAGE_TYPES, value, options);
}

/**
 * Validates a message a server sends: the envelope, then the `params` of a
 * notification (every `stream/event` variant) or server request against the
 * type the method registry names for its method. A response's `data` is the
 * result of a client request: read it with `readResponse` (or validate it
 * with `methodOf`) from `@app-server-protocol/validators/all`. Never throws.
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
export function validateServerMessage(value: unknown, options: ValidateOptions = {}): ValidationResult<ServerMessage> {
  return serverMessageIn(MESSAGE_TYPES, value, options);
}
