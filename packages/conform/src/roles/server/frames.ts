import { PROTOCOL_VERSION } from "@app-server-protocol/types";
import type { JsonValue } from "@app-server-protocol/validators";
import type { ReceivedFrame } from "../../peer/inbox.js";
import type { Selector, SendForm } from "../../scenario/model.js";
import type { Captured } from "../steps.js";
import { matchesExpected, resolveValue, type ValueContext } from "../../scenario/values.js";
import { atPointer, excerpt, member, stringMember, withExtraFields, withFields, type JsonObject } from "../../support/json.js";

/** How the kit names itself in `initialize`. */
export const KIT_INFO = { name: "app-server-protocol-conform", version: "1.0" } as const;

/** The frame a `send` of a request or of `initialize` writes, placeholders resolved (throws `Unresolved`). */
export function requestFrame(send: Extract<SendForm, { form: "initialize" | "request" }>, context: ValueContext): JsonObject {
  if (send.form === "initialize") {
    const base: JsonObject = { protocol_version: send.protocolVersion ?? PROTOCOL_VERSION, client_info: { ...KIT_INFO } };
    if (send.capabilities !== undefined) base["capabilities"] = resolveValue(send.capabilities, context);
    const params = withFields(base, send.paramsExtra === undefined ? undefined : resolveValue(send.paramsExtra, context));
    return { type: "request", id: send.id, method: "initialize", params };
  }
  const method = send.method === "$method" ? resolveValue("$method", context) : send.method;
  const frame: JsonObject = { type: "request", id: send.id, method };
  if (send.params !== undefined) frame["params"] = withFields(resolveValue(send.params, context), send.paramsExtra === undefined ? undefined : resolveValue(send.paramsExtra, context));
  else if (send.paramsExtra !== undefined) frame["params"] = resolveValue(send.paramsExtra, context);
  const extra = send.extra === undefined ? undefined : resolveValue(send.extra, context);
  return withExtraFields(frame, extra);
}

/** What a selector waits for, in words. */
export function describeSelector(selector: Selector, captures: ReadonlyMap<string, Captured>): string {
  switch (selector.kind) {
    case "response":
      return `the response to request ${excerpt(selector.id)}`;
    case "request":
      return `a ${selector.method} request`;
    case "resend":
      return `the re-sent request ${excerpt(stringMember(captures.get(selector.of)?.value, "id"))}`;
    case "event":
      return `a stream event ${selector.events.join(" or ")}`;
    default:
      return `a ${selector.method} notification`;
  }
}

/** What a frame needs to be taken by a selector, beyond its kind: resolved values, the earliest place, the ids already taken. */
export interface SelectorState {
  readonly where: readonly (readonly [string, JsonValue])[];
  readonly after: number;
  /** Server request ids an earlier expectation took (a new request has another id). */
  readonly takenRequests: ReadonlySet<string>;
  /** For `resend`: the id and method of the request, and the place of the kit's last answer to it. */
  readonly resend?: { readonly id: string | undefined; readonly method: string | undefined; readonly answeredAt: number };
}

function kindMatches(selector: Selector, value: JsonValue, state: SelectorState): boolean {
  const type = stringMember(value, "type");
  switch (selector.kind) {
    case "response":
      return type === "response" && stringMember(value, "id") === selector.id;
    case "request": {
      const id = stringMember(value, "id");
      return type === "request" && stringMember(value, "method") === selector.method && (id === undefined || !state.takenRequests.has(id));
    }
    case "resend":
      return type === "request" && state.resend !== undefined && stringMember(value, "id") === state.resend.id && stringMember(value, "method") === state.resend.method;
    case "event": {
      const event = stringMember(atPointer(value, "/params/event"), "event");
      return type === "notification" && stringMember(value, "method") === "stream/event" && event !== undefined && selector.events.includes(event);
    }
    default:
      return type === "notification" && stringMember(value, "method") === selector.method;
  }
}

/** Whether a received frame is the one a selector waits for. */
export function selects(selector: Selector, frame: ReceivedFrame, state: SelectorState): boolean {
  const after = selector.kind === "resend" ? Math.max(state.after, state.resend?.answeredAt ?? 0) : state.after;
  if (frame.seq <= after) return false;
  return kindMatches(selector, frame.value, state) && state.where.every(([pointer, expected]) => matchesExpected(atPointer(frame.value, pointer), expected));
}

/** The envelope id a captured frame has, for `response_to`. */
export function idOf(captured: Captured | undefined): string | undefined {
  return stringMember(captured?.value, "id");
}

/** The method a captured request has. */
export function methodOf(captured: Captured | undefined): string | undefined {
  return stringMember(captured?.value, "method");
}

/** A response result, in words. */
export function describeResult(frame: JsonValue): string {
  const result = member(frame, "result");
  const status = stringMember(result, "status");
  if (status === "success") return "success";
  if (status === "error") return `error ${excerpt(member(result, "code"))}`;
  return "a result that is no ResponseResult";
}
