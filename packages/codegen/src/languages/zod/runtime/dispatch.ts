// Parses whole messages as the validators' message dispatch does: the
// envelope first, then a request's or notification's params against the
// params schema of its method, or a success response's data against the
// result schema of the method it answers, when the caller says which.
import type * as z from "zod";
import { check, failure, type Verdict } from "./verdict.js";

export type MethodDirection = "client_request" | "server_notification" | "server_request";

/** One method of the registry: who sends it and the schemas of its params and result. */
export interface MethodSpec {
  readonly direction: MethodDirection;
  readonly stability: "stable" | "experimental";
  /** Capability gates the method needs. */
  readonly requires: readonly string[];
  readonly params: z.ZodType;
  /** `null` for a notification, which is never answered. */
  readonly result: z.ZodType | null;
}

export interface MethodTable {
  readonly [method: string]: MethodSpec;
}

/** What dispatch reads of an envelope the envelope schema accepted. */
type Envelope =
  | { readonly type: "request" | "notification"; readonly method: string; readonly params?: unknown }
  | { readonly type: "response"; readonly id: string; readonly result: { readonly status: "success"; readonly data?: unknown } | { readonly status: "error" } };

/** The direction of the methods each kind of message of one sender belongs to. */
export interface Sender {
  readonly name: string;
  readonly requests: MethodDirection;
  readonly notifications: MethodDirection | undefined;
  /** The direction of the requests this sender's responses answer. */
  readonly answers: MethodDirection;
}

export const CLIENT: Sender = { name: "client", requests: "client_request", notifications: undefined, answers: "server_request" };
export const SERVER: Sender = { name: "server", requests: "server_request", notifications: "server_notification", answers: "client_request" };

const DIRECTION_NAMES: { readonly [D in MethodDirection]: string } = {
  client_request: "client request",
  server_notification: "server notification",
  server_request: "server request",
};

/** A method of `direction`, looked up among the table's own keys only (a method may be named `constructor`). */
function methodIn(methods: MethodTable, method: string, direction: MethodDirection | undefined): MethodSpec | undefined {
  const spec = Object.hasOwn(methods, method) ? methods[method] : undefined;
  return spec !== undefined && spec.direction === direction ? spec : undefined;
}

function quoted(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

/**
 * A parser of the messages one sender sends. For a response, `answeredMethod`
 * is the method of the request it answers (responses carry only an id):
 * with it, success `data` is checked against that method's result schema.
 */
export function messageParser<M extends Envelope>(envelope: z.ZodType<M>, methods: MethodTable, sender: Sender): (value: unknown, answeredMethod?: string) => Verdict<M> {
  return (value, answeredMethod) => {
    const parsed = check(envelope, value);
    if (!parsed.ok) return parsed;
    const message = parsed.value;
    if (message.type === "response") {
      if (answeredMethod === undefined) return parsed;
      const spec = methodIn(methods, answeredMethod, sender.answers);
      if (spec === undefined) return failure("unknown_method", "/id", `answers ${quoted(answeredMethod)}, which is not a ${DIRECTION_NAMES[sender.answers]} method`);
      const { result } = message;
      // Absent and null data both mean "no payload" (spec 1.3).
      if (result.status !== "success" || result.data === undefined || result.data === null || spec.result === null) return parsed;
      const data = check(spec.result, result.data, "/result/data");
      return data.ok ? parsed : data;
    }
    const direction = message.type === "request" ? sender.requests : sender.notifications;
    const spec = methodIn(methods, message.method, direction);
    if (spec === undefined) return failure("unknown_method", "/method", `unknown ${sender.name} ${message.type} method ${quoted(message.method)}`);
    // The server reads a client request's absent or null params as `{}`.
    const params = direction === "client_request" && (message.params === undefined || message.params === null) ? {} : message.params;
    const checked = check(spec.params, params, "/params");
    return checked.ok ? parsed : checked;
  };
}
