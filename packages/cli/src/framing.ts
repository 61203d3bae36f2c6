import { AppServerTranscript } from "./app-server/transcript.js";
import type { CheckerOptions, TranscriptChecker } from "./checker.js";
import { own } from "./json-value.js";
import { StreamJsonTranscript } from "./stream-json/transcript.js";

/** How a transcript is framed; `auto` decides per file. */
export type Framing = "auto" | "app-server" | "stream-json";

export const FRAMINGS: readonly Framing[] = ["auto", "app-server", "stream-json"];

/** The `type`s of duplex stream-JSON lines, in either direction (spec 5). */
const STREAM_JSON_TYPES = new Set([
  "stream_event",
  "system",
  "assistant",
  "user",
  "result",
  "control_request",
  "control_response",
  "server_response",
  "keep_alive",
  "control_cancel_request",
]);

/** The framing of a file whose first JSON line is `first`: stream-JSON when its `type` is a stream-JSON line type, else app-server. */
export function detectedFraming(first: unknown): Exclude<Framing, "auto"> {
  const type = own(first, "type");
  return typeof type === "string" && STREAM_JSON_TYPES.has(type) ? "stream-json" : "app-server";
}

/** The checker for a file, the framing chosen from its first JSON line when `auto`. */
export function checkerFor(framing: Framing, first: unknown, options: CheckerOptions): TranscriptChecker {
  const chosen = framing === "auto" ? detectedFraming(first) : framing;
  return chosen === "stream-json" ? new StreamJsonTranscript(options) : new AppServerTranscript(options);
}
