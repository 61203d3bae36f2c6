import { findMethod } from "@app-server-protocol/types";
import type { JsonValue } from "@app-server-protocol/validators";
import { readDocument } from "./scenario/reader.js";
import { isJsonObject, stringMember } from "./support/json.js";

/** A frame of a recorded session, by who wrote it. */
export interface RecordedFrame {
  /** Who wrote it. */
  readonly party: "client" | "server";
  /** The message, as recorded. */
  readonly message: JsonValue;
  /** Its line in the recording, from 1. */
  readonly line: number;
}

/** A recorded app-server session (`--replay`), read from a transcript: its frames in order. */
export interface ReplayRecording {
  /** The file it was read from, as given. */
  readonly source: string;
  /** Its messages, in the recorded order. */
  readonly frames: readonly RecordedFrame[];
}

/** A recording that cannot be replayed: which file, where, and why. */
export class ReplayError extends Error {
  override readonly name = "ReplayError";
}

/** The party a bare message is from: notifications are the server's, requests their method's sender's, responses the other party's of the request they answer. */
function partyOf(message: JsonValue, requests: ReadonlyMap<string, "client" | "server">): "client" | "server" | undefined {
  const type = stringMember(message, "type");
  if (type === "notification") return "server";
  if (type === "request") return findMethod(stringMember(message, "method") ?? "")?.direction === "server_request" ? "server" : "client";
  const asked = type === "response" ? requests.get(stringMember(message, "id") ?? "") : undefined;
  return asked === undefined ? undefined : asked === "client" ? "server" : "client";
}

function frameOf(value: JsonValue, line: number, requests: ReadonlyMap<string, "client" | "server">, source: string): RecordedFrame | undefined {
  if (!isJsonObject(value)) return undefined;
  if (!Object.hasOwn(value, "type") && Object.hasOwn(value, "direction") && Object.hasOwn(value, "message")) {
    const direction = value["direction"];
    if (direction !== "client" && direction !== "server") throw new ReplayError(`${source}: line ${line}: direction must be "client" or "server"`);
    return { party: direction, message: value["message"] ?? null, line };
  }
  const party = partyOf(value, requests);
  return party === undefined ? undefined : { party, message: value, line };
}

/**
 * Reads a recorded session (`source` names it in errors): one message a
 * line, each a direction wrapper `{"direction":"client"|"server","message":…}`
 * (what `--transcripts` writes) or a bare message, placed by its kind (a
 * notification is the server's, a request its method's sender's, a
 * response the other party's of the request it answers). Blank lines,
 * lines that are not JSON objects and bare responses to no request of the
 * recording are passed over. Throws a `ReplayError` when a wrapper names
 * another party, or nothing of the server's is left to play.
 *
 * @example
 * ```ts
 * import { parseReplay } from "@app-server-protocol/conform";
 *
 * const recording = parseReplay(['{"type":"request","id":"c1","method":"initialize","params":{"protocol_version":"1.0","client_info":{"name":"c","version":"1"}}}', '{"direction":"server","message":{"type":"response","id":"c1","result":{"status":"success"}}}'].join("\n"), "session.ndjson");
 * recording.frames.map((frame) => frame.party); // => ["client", "server"]
 * ```
 */
export function parseReplay(text: string, source: string): ReplayRecording {
  const frames: RecordedFrame[] = [];
  const requests = new Map<string, "client" | "server">();
  text.split("\n").forEach((raw, index) => {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line.trim() === "") return;
    let value: JsonValue;
    try {
      value = JSON.parse(line);
    } catch {
      return;
    }
    const frame = frameOf(value, index + 1, requests, source);
    if (frame === undefined) return;
    const id = stringMember(frame.message, "id");
    if (stringMember(frame.message, "type") === "request" && id !== undefined) requests.set(id, frame.party);
    frames.push(frame);
  });
  if (!frames.some((frame) => frame.party === "server")) throw new ReplayError(`${source}: the recording holds no message of the server's to play`);
  return { source, frames };
}

/** Reads the recording at `path`; throws a `ReplayError` when it cannot be read or replayed. */
export function loadReplay(path: string): ReplayRecording {
  let text: string;
  try {
    text = readDocument(path);
  } catch (error) {
    throw new ReplayError(`${path}: ${error instanceof Error ? error.message : "cannot be read"}`);
  }
  return parseReplay(text, path);
}
