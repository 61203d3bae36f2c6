import type { JsonValue } from "@app-server-protocol/validators";
import type { ReceivedFrame } from "../../peer/inbox.js";
import type { ClientSelector, ClientSendForm } from "../../scenario/model.js";
import { matchesExpected, resolveValue, type ValueContext } from "../../scenario/values.js";
import { atPointer, excerpt, stringMember, withExtraFields, withFields } from "../../support/json.js";
import type { Captured } from "../steps.js";

/** The subscription the kit's stream events go under: no turn of the client's made it (README "How a client is driven"). */
export const KIT_SUBSCRIPTION = "conform-subscription";

// The reference's envelope ids of server requests (spec 1.8); another method gets a neutral prefix.
const ID_PREFIXES = new Map([
  ["ask_user/request", "srv-ask-user"],
  ["permission/request", "srv-perm"],
  ["mcp_trust/request", "srv-mcp-trust"],
]);

/** The envelope id of the kit's `n`th server request on a connection. */
export function serverRequestId(method: string, n: number): string {
  return `${ID_PREFIXES.get(method) ?? "srv-request"}-${n}`;
}

/** The frame a send of a request, a notification, an event or a given frame writes (placeholders resolved; throws `Unresolved`); `id` names a request. */
export function kitFrame(send: Exclude<ClientSendForm, { form: "resend" | "resolved" }>, context: ValueContext, id: string): JsonValue {
  const resolved = (value: JsonValue | undefined) => (value === undefined ? undefined : resolveValue(value, context));
  switch (send.form) {
    case "request":
      return withExtraFields({ type: "request", id, method: send.method, params: withFields(resolveValue(send.params, context), resolved(send.paramsExtra)) }, resolved(send.extra));
    case "notification":
      return withExtraFields({ type: "notification", method: send.method, params: withFields(resolveValue(send.params, context), resolved(send.paramsExtra)) }, resolved(send.extra));
    case "event":
      return { type: "notification", method: "stream/event", params: { subscription_id: send.subscriptionId ?? KIT_SUBSCRIPTION, event: resolveValue(send.event, context) } };
    default:
      return resolveValue(send.frame, context);
  }
}

/** What a selector waits for, in words. */
export function describeClientSelector(selector: ClientSelector, captures: ReadonlyMap<string, Captured>): string {
  if (selector.kind === "request") return `the client's ${selector.method} request`;
  const request = captures.get(selector.to)?.value;
  return `the client's answer to ${stringMember(request, "method") ?? "the request"} ${excerpt(stringMember(request, "id"))}`;
}

/** What a frame needs to be taken by a selector, beyond its kind: resolved values, the earliest place, and for a response the id answered and when the kit last sent it. */
export interface ClientSelectorState {
  readonly where: readonly (readonly [string, JsonValue])[];
  readonly after: number;
  readonly answers?: { readonly id: string | undefined; readonly sentAt: number };
}

/** Whether a frame of the client's is the one a selector waits for. */
export function clientSelects(selector: ClientSelector, frame: ReceivedFrame, state: ClientSelectorState): boolean {
  const { value } = frame;
  const type = stringMember(value, "type");
  const kind =
    selector.kind === "request"
      ? type === "request" && stringMember(value, "method") === selector.method
      : type === "response" && state.answers !== undefined && stringMember(value, "id") === state.answers.id && frame.seq > state.answers.sentAt;
  return kind && frame.seq > state.after && state.where.every(([pointer, expected]) => matchesExpected(atPointer(value, pointer), expected));
}
