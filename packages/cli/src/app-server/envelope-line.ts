import type { MethodDirection } from "@app-server-protocol/types";
import { isJsonObject, own, type JsonObject } from "../json-value.js";

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

/**
 * Whether `value` is an object as `JSON.parse` makes them, whose fields are
 * read without `Object.hasOwn`: its prototype is `Object.prototype`, which
 * defines none of the fields read here, so a field found is its own. The
 * checks run on every line, and `hasOwn` would cost more than the reads.
 */
function isParsedObject(value: unknown): value is JsonObject {
  return isJsonObject(value) && Object.getPrototypeOf(value) === Object.prototype;
}

function isWrapper(value: unknown): boolean {
  if (isParsedObject(value)) return value["type"] === undefined && value["direction"] !== undefined && value["message"] !== undefined;
  return isJsonObject(value) && !Object.hasOwn(value, "type") && Object.hasOwn(value, "direction") && Object.hasOwn(value, "message");
}

/** Reads a line as a bare message or a direction wrapper. */
export function envelopeLine(value: unknown): EnvelopeLine {
  if (!isWrapper(value)) return { message: value, party: undefined, pathPrefix: "", badDirection: false };
  const direction = own(value, "direction");
  const party = direction === "client" || direction === "server" ? direction : undefined;
  return { message: own(value, "message"), party, pathPrefix: "/message", badDirection: party === undefined };
}

/** What a message says of itself, read before it is validated: its `type`, `id` and `method` when they are strings. */
export interface MessageHead {
  readonly type: string | undefined;
  readonly id: string | undefined;
  readonly method: string | undefined;
}

const NO_HEAD: MessageHead = { type: undefined, id: undefined, method: undefined };

function headField(field: unknown): string | undefined {
  return typeof field === "string" ? field : undefined;
}

/**
 * The head of a message, from its own properties as `ownString` reads them.
 * Read here and not through `ownString`: a property read written for
 * messages only meets the few shapes messages have and stays fast, where
 * the shared one meets every object of every line.
 */
export function messageHead(message: unknown): MessageHead {
  if (isParsedObject(message)) return { type: headField(message["type"]), id: headField(message["id"]), method: headField(message["method"]) };
  if (!isJsonObject(message)) return NO_HEAD;
  return {
    type: headField(Object.hasOwn(message, "type") ? message["type"] : undefined),
    id: headField(Object.hasOwn(message, "id") ? message["id"] : undefined),
    method: headField(Object.hasOwn(message, "method") ? message["method"] : undefined),
  };
}

/**
 * The writer of a bare request or notification, from its `type` and the
 * direction the method registry gives its method: notifications are the
 * server's, requests the sender's of their method. An unknown method is
 * judged as the client's (it then fails as `unknown_method`). Responses are
 * placed by the request they answer.
 */
export function senderOfRequest(type: string | undefined, direction: MethodDirection | undefined): Party {
  return type === "notification" || direction === "server_request" ? "server" : "client";
}
