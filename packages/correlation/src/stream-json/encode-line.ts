import type { StreamJsonControlResponseLine, StreamJsonServerRequestResolvedEvent, StreamJsonStreamEventRecord } from "@app-server-protocol/types";
import { objectJson, outcomeJson } from "../emitted-outcome.js";
import { attempt } from "../support/attempt.js";
import { readAsGiven } from "../support/read-as-given.js";

function resolvedRecordJson(record: StreamJsonStreamEventRecord, event: StreamJsonServerRequestResolvedEvent): string {
  const { outcome } = event;
  const eventText = objectJson([
    ["type", JSON.stringify(event.type)],
    ["request_id", JSON.stringify(event.request_id)],
    ["outcome", "legacy_answer" in outcome ? JSON.stringify({ legacy_answer: outcome.legacy_answer }) : outcomeJson(outcome)],
  ]);
  const { event: _writtenLast, ...envelope } = record;
  return objectJson([...Object.entries(envelope).map(([key, value]) => [key, JSON.stringify(value)] as const), ["event", eventText]]);
}

function lineJson(value: StreamJsonStreamEventRecord | StreamJsonControlResponseLine): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  if (value.type === "stream_event" && value.event.type === "server_request_resolved") return resolvedRecordJson(value, value.event);
  // JSON.stringify gives `undefined` for a value it cannot write, whatever its declared type.
  const text: string | undefined = JSON.stringify(value);
  return text;
}

/**
 * One NDJSON output line: compact JSON and a newline. A resolution's
 * outcome is written in its emitted form, map keys in byte order (spec 2.4),
 * which a JavaScript object cannot always hold (it lists integer-like keys
 * first). The value is read once, into JSON data (`jsonSnapshot`), and that
 * is written. Never throws: for a value with no snapshot (not an object, a
 * cycle, a BigInt, a getter or `toJSON` that throws, an array with holes,
 * nesting deeper than 64 levels) it returns `""`, nothing to write. Every
 * line this package builds can be written.
 */
export function encodeLine(value: StreamJsonStreamEventRecord | StreamJsonControlResponseLine): string {
  const read = readAsGiven(value);
  const text = read === undefined ? undefined : attempt(
    () => lineJson(read),
    () => undefined,
  );
  return text === undefined ? "" : `${text}\n`;
}
