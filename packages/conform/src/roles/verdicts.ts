import type { JsonValue } from "@app-server-protocol/validators";
import type { PointerValues } from "../scenario/model.js";
import { matchesExpected, resolveValue, type ValueContext } from "../scenario/values.js";
import { atPointer, excerpt } from "../support/json.js";
import type { Verdict } from "./steps.js";

export const held = (message: string): Verdict => ({ ok: true, message });
export const failed = (message: string): Verdict => ({ ok: false, message });

/** Whether the frame holds each expected value (placeholders resolved now) at its pointer: the first that differs, in words. */
export function equalsVerdict(frame: JsonValue, values: PointerValues, context: ValueContext): Verdict {
  for (const [pointer, expected] of values) {
    const resolved = resolveValue(expected, context);
    const actual = atPointer(frame, pointer);
    if (!matchesExpected(actual, resolved)) return failed(`${pointer} is ${excerpt(actual)}, expected ${excerpt(resolved)}`);
  }
  return held(values.map(([pointer]) => pointer).join(", ") + " as expected");
}
