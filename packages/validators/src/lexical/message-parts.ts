import type { ClientMessage, MethodDirection, ServerMessage } from "@app-server-protocol/types";
import type { CompiledTypes } from "../compiled.js";
import type { ProtocolTypeName } from "../generated/protocol-types.js";
import type { MessageOptions } from "../messages.js";
import { methodNamed } from "../method-lookup.js";

/** A part of a value and the type it was validated against: the type of name `type` at JSON Pointer `at`. */
export interface ValidatedPart {
  readonly type: ProtocolTypeName;
  readonly at: string;
}

type Types = CompiledTypes<ProtocolTypeName>;

/** Who sends a message: its envelope type and the registry directions of the requests it sends and answers. */
const SENDERS = {
  client: { envelope: "ClientMessage", sends: "client_request", answers: "server_request" },
  server: { envelope: "ServerMessage", sends: "server_request", answers: "client_request" },
} as const;

/** The sender of a message. */
export type Sender = keyof typeof SENDERS;

/** The part at `at` when the registry names `name` as its type and the set has it. */
function part(types: Types, name: string, at: string): ValidatedPart[] {
  return types.has(name) ? [{ type: name, at }] : [];
}

/**
 * The parts of a valid message the message validators check, and against
 * which type (as `clientMessageIn` and `serverMessageIn` dispatch): the
 * envelope, a request's or notification's params by its method, a
 * response's success data by the method `methodOf` says it answers. Deepest
 * first, so the first part a path lies in is the type that describes it.
 */
export function messageParts(types: Types, message: ClientMessage | ServerMessage, sender: Sender, options: MessageOptions): ValidatedPart[] {
  const { envelope, sends, answers } = SENDERS[sender];
  const whole: ValidatedPart = { type: envelope, at: "" };
  if (message.type === "response") {
    const answered = options.methodOf?.(message.id);
    const method = answered === undefined ? undefined : methodNamed(answered);
    if (method === undefined || method.direction !== answers || method.result === null || message.result.status !== "success") return [whole];
    return [...part(types, method.result, "/result/data"), whole];
  }
  const direction: MethodDirection = message.type === "notification" ? "server_notification" : sends;
  const method = methodNamed(message.method);
  if (method === undefined || method.direction !== direction) return [whole];
  return [...part(types, method.params, "/params"), whole];
}
