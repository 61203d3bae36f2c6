// Who wrote each line of a transcript, for the report's two columns: the
// client or the server of an app-server transcript, the host or the CLI of
// a duplex stream-JSON one (spec 5).
import { findMethod } from "@app-server-protocol/types";
import { envelopeLine, senderOfRequest, type Party } from "../app-server/envelope-line.js";
import { own, ownString } from "../json-value.js";

/** The writer of a line. */
export type Side = Party | "host" | "CLI";

/** The stream-JSON line types only the CLI writes, and those only the host writes (spec 5.1, 5.4, 5.6). */
const CLI_TYPES: ReadonlySet<string> = new Set(["stream_event", "system", "assistant", "result"]);
const HOST_TYPES: ReadonlySet<string> = new Set(["user", "server_response", "keep_alive", "control_cancel_request"]);

/** Tells, line after line, who wrote each: reads the requests, so that a response is placed at the peer of its request's sender. */
export interface SideReader {
  /** The writer of the parsed line `value`; `undefined` when the line does not say. */
  sideOf(value: unknown): Side | undefined;
}

class AppServerSides implements SideReader {
  private readonly requests: { readonly [P in Party]: Set<string> } = { client: new Set(), server: new Set() };

  sideOf(value: unknown): Side | undefined {
    const { message, party } = envelopeLine(value);
    const type = ownString(message, "type");
    const id = ownString(message, "id");
    if (type === "response") return party ?? this.responder(id);
    if (type !== "request" && type !== "notification") return party;
    const method = ownString(message, "method");
    const sender = party ?? senderOfRequest(type, method === undefined ? undefined : findMethod(method)?.direction);
    if (type === "request" && id !== undefined) this.requests[sender].add(id);
    return sender;
  }

  /** A bare response is the peer's of the party whose request has its id; the server's when no request or both have it. */
  private responder(id: string | undefined): Party {
    return id !== undefined && this.requests.server.has(id) && !this.requests.client.has(id) ? "client" : "server";
  }
}

class StreamJsonSides implements SideReader {
  /** The CLI's `can_use_tool` requests, which the host answers with a `control_response`. */
  private readonly cliRequests = new Set<string>();

  sideOf(value: unknown): Side | undefined {
    const type = ownString(value, "type");
    if (type === undefined) return undefined;
    if (CLI_TYPES.has(type)) return "CLI";
    if (HOST_TYPES.has(type)) return "host";
    const requestId = ownString(value, "request_id") ?? ownString(own(value, "response"), "request_id");
    if (type === "control_request") {
      if (ownString(own(value, "request"), "subtype") !== "can_use_tool") return "host";
      if (requestId !== undefined) this.cliRequests.add(requestId);
      return "CLI";
    }
    if (type === "control_response") return requestId !== undefined && this.cliRequests.has(requestId) ? "host" : "CLI";
    return undefined;
  }
}

/** A reader of the sides of a transcript of the given framing. */
export function sideReader(framing: "app-server" | "stream-json"): SideReader {
  return framing === "stream-json" ? new StreamJsonSides() : new AppServerSides();
}

/** Whether a side is drawn on the left (the client, the host) or the right (the server, the CLI). */
export function columnOf(side: Side): "left" | "right" {
  return side === "client" || side === "host" ? "left" : "right";
}
