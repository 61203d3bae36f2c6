import { findMethod } from "@app-server-protocol/types";
import { isJsonObject, own, ownString } from "../json-value.js";

/** Who wrote a line of an app-server transcript. */
export type Party = "client" | "server";

/**
 * A transcript line: the message, and its writer when the line says so with
 * the wrapper `{"direction":"client"|"server","message":{...}}`.
 */
export interface EnvelopeLine {
  readonly message: unknown;
  /** The writer the wrapper names; `undefined` when the line is a bare message. */
  readonly party: Party | undefined;
  /** What to put before a path into the message: `/message` inside a wrapper. */
  readonly pathPrefix: string;
  /** Set when the wrapper's `direction` is neither `client` nor `server`. */
  readonly badDirection: boolean;
}

function isWrapper(value: unknown): boolean {
  return isJsonObject(value) && !Object.hasOwn(value, "type") && Object.hasOwn(value, "direction") && Object.hasOwn(value, "message");
}

/** Reads a line as a bare message or a direction wrapper. */
export function envelopeLine(value: unknown): EnvelopeLine {
  if (!isWrapper(value)) return { message: value, party: undefined, pathPrefix: "", badDirection: false };
  const direction = own(value, "direction");
  const party = direction === "client" || direction === "server" ? direction : undefined;
  return { message: own(value, "message"), party, pathPrefix: "/message", badDirection: party === undefined };
}

/**
 * The writer of a bare request or notification: requests by the direction
 * the method registry gives their method, notifications are the server's.
 * An unknown method is judged as the client's (it then fails as
 * `unknown_method`). Responses are placed by the request they answer.
 */
export function senderOfRequest(message: unknown): Party {
  if (ownString(message, "type") === "notification") return "server";
  const method = ownString(message, "method");
  return method !== undefined && findMethod(method)?.direction === "server_request" ? "server" : "client";
}
