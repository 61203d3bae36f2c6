import type { ClientMessage, MethodDirection, ServerMessage } from "@app-server-protocol/types";
import { isOfType, type CompiledTypes } from "./compiled.js";
import { MESSAGE_TABLE } from "./generated/message-table.js";
import type { ProtocolTypeName } from "./generated/protocol-types.js";
import { messageTextVerdict } from "./lexical/text-verdict.js";
import { messageTypes } from "./message-types.js";
import { isClientMessage, isServerMessage } from "./generated/message-guards.js";
import { NOT_A_METHOD, PayloadTypes } from "./payload-types.js";
import { failure, preview, type ValidationFailure, type ValidationResult } from "./result.js";
import { acceptedAt, failureAt, refusedAt, unprocessable, type ValidateOptions } from "./validate-type.js";
import { NO_OPTIONS } from "./options.js";

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

// The envelopes are the same types in every set: each is checked by its own
// generated guard, so the call is the same at every message (one made through
// a set's lookup reaches another matcher each time and is not inlined), and
// its error schema is read from the message table only for a message the
// guard refuses (a read when the module loads would keep the table in a
// bundle that only checks questions).

const PARAMS = new PayloadTypes((method) => method.params);
const RESULTS = new PayloadTypes((method) => method.result);

const DIRECTION_NAMES: { readonly [D in MethodDirection]: string } = {
  client_request: "client request",
  server_notification: "server notification",
  server_request: "server request",
};

// The checks of the payload return only a failure, so a valid message costs
// one result: the envelope's, returned as it is.

// The options are read once per message, inside the verdict's try (options that throw when read make it
// `unprocessable`): `strict` counts only when it is `true`, `methodOf` only when it is a function.

/** Why a request's or notification's params are not the params type the registry names for its method, if they are not. */
function requestFailure(types: Types, message: Request, direction: MethodDirection, strict: boolean): ValidationFailure | undefined {
  const payload = PARAMS.of(types, message.method, direction);
  if (payload === NOT_A_METHOD) return failure("unknown_method", "/method", `unknown ${DIRECTION_NAMES[direction]} method ${preview(message.method)}`).error;
  if (payload === undefined) return undefined;
  // The server treats absent (or null) params of a client request as `{}`.
  const params = direction === "client_request" && (message.params === undefined || message.params === null) ? {} : message.params;
  return failureAt(types, payload.name, payload.type, params, "/params", strict);
}

/** Why a response's success data is not the result type of the method it answers, when that method is known and it is not. */
function responseFailure(types: Types, message: Response, direction: MethodDirection, strict: boolean, options: MessageOptions): ValidationFailure | undefined {
  const methodOf: unknown = options?.methodOf;
  const answered: unknown = typeof methodOf === "function" ? methodOf.call(options, message.id) : undefined;
  if (answered === undefined) return undefined;
  const payload = typeof answered === "string" ? RESULTS.of(types, answered, direction) : NOT_A_METHOD;
  if (payload === NOT_A_METHOD) return failure("unknown_method", "/id", `answers ${preview(answered)}, which is not a ${DIRECTION_NAMES[direction]} method`).error;
  const { result } = message;
  // Absent and null data both mean "no payload" (spec 1.3): a valid answer to any method.
  if (result.status !== "success" || result.data === undefined || result.data === null || payload === undefined) return undefined;
  return failureAt(types, payload.name, payload.type, result.data, "/result/data", strict);
}

function verdict<T>(envelope: { readonly ok: true; readonly value: T }, problem: ValidationFailure | undefined): ValidationResult<T> {
  return problem === undefined ? envelope : { ok: false, error: problem };
}

/** The `textFacts` option, read once and never throwing: what a getter throws is returned, and a value that is no object counts as none. */
function textFactsOf(options: MessageOptions): MessageOptions["textFacts"] | Error {
  if (options === NO_OPTIONS) return undefined;
  try {
    const facts = options?.textFacts;
    return typeof facts === "object" && facts !== null ? facts : undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error("the textFacts option could not be read");
  }
}

/** `validateClientMessage` against the validators of `types`. */
export function clientMessageIn(types: Types, value: unknown, options: MessageOptions): ValidationResult<ClientMessage> {
  const facts = textFactsOf(options);
  if (facts instanceof Error) return unprocessable(facts);
  const verdict = clientShapeIn(types, value, options);
  return facts === undefined ? verdict : messageTextVerdict(types, "client", verdict, facts, options);
}

/** `clientMessageIn`, with no regard to the message's text. */
function clientShapeIn(types: Types, value: unknown, options: MessageOptions): ValidationResult<ClientMessage> {
  try {
    const strict = options?.strict === true;
    const envelope = isClientMessage(value) ? acceptedAt(types, "ClientMessage", value, "", strict) : refusedAt("ClientMessage", MESSAGE_TABLE.ClientMessage, value, "");
    if (!envelope.ok) return envelope;
    const message = envelope.value;
    return verdict(envelope, message.type === "request" ? requestFailure(types, message, "client_request", strict) : responseFailure(types, message, "server_request", strict, options));
  } catch (error) {
    return unprocessable(error);
  }
}

/** `validateServerMessage` against the validators of `types`. */
export function serverMessageIn(types: Types, value: unknown, options: MessageOptions): ValidationResult<ServerMessage> {
  if (options === NO_OPTIONS && isPlainlyValidServerMessage(types, value)) return { ok: true, value };
  const facts = textFactsOf(options);
  if (facts instanceof Error) return unprocessable(facts);
  const verdict = serverShapeIn(types, value, options);
  return facts === undefined ? verdict : messageTextVerdict(types, "server", verdict, facts, options);
}

/** `serverMessageIn`, with no regard to the message's text. */
function serverShapeIn(types: Types, value: unknown, options: MessageOptions): ValidationResult<ServerMessage> {
  try {
    const strict = options?.strict === true;
    const envelope = isServerMessage(value) ? acceptedAt(types, "ServerMessage", value, "", strict) : refusedAt("ServerMessage", MESSAGE_TABLE.ServerMessage, value, "");
    if (!envelope.ok) return envelope;
    const message = envelope.value;
    switch (message.type) {
      case "request":
        return verdict(envelope, requestFailure(types, message, "server_request", strict));
      case "notification":
        return verdict(envelope, requestFailure(types, message, "server_notification", strict));
      default:
        return verdict(envelope, responseFailure(types, message, "client_request", strict, options));
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
export function validateClientMessage(value: unknown, options: MessageOptions = NO_OPTIONS): ValidationResult<ClientMessage> {
  return clientMessageIn(messageTypes(), value, options);
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
export function validateServerMessage(value: unknown, options: ValidateOptions = NO_OPTIONS): ValidationResult<ServerMessage> {
  return serverMessageIn(messageTypes(), value, options);
}

/**
 * Whether a server message validated with no options is valid, answered by
 * the matchers alone: such a message has no text facts and no strict mode to
 * consider, and a call this small lets the engine inline its envelope's and
 * payload's matchers, which the full verdict's layers do not. `false` is no
 * verdict: the message then goes the full way, which says why (and reads it
 * again, so a value that throws or reads differently each time is judged
 * there).
 */
function isPlainlyValidServerMessage(types: Types, value: unknown): value is ServerMessage {
  try {
    if (!isServerMessage(value)) return false;
    // Without `methodOf` a response's data is not checked: its envelope is the verdict.
    if (value.type === "response") return true;
    const payload = PARAMS.of(types, value.method, value.type === "request" ? "server_request" : "server_notification");
    return payload !== NOT_A_METHOD && (payload === undefined || isOfType(payload.name, payload.type, value.params));
  } catch {
    return false;
  }
}
