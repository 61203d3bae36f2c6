import { jsonSnapshot } from "@app-server-protocol/validators";
import { attempt, errorName } from "../support/attempt.js";
import type { ControlAnswer } from "./control.js";
import { isJsonObject } from "./json-object.js";

/** What the handler answered, once read; `unwritable` when its data has no JSON text. */
type Reading = ControlAnswer | "malformed" | "unwritable";

/**
 * The handler's answer as plain data: the reply data is read once into JSON
 * data (`jsonSnapshot`), so the reply line can always be written (spec 5.5
 * has a reply for every request, and a line that cannot be encoded would be
 * none).
 */
function plainAnswer(answer: unknown): Reading {
  if (!isJsonObject(answer)) return "malformed";
  const { ok, error, data } = answer;
  if (ok === false) return typeof error === "string" ? { ok: false, error } : "malformed";
  if (ok !== true) return "malformed";
  if (data === undefined) return { ok: true };
  const copy = jsonSnapshot(data);
  return copy.ok && isJsonObject(copy.value) ? { ok: true, data: copy.value } : "unwritable";
}

/** Runs the handler for one subtype and checks its answer; a throw, a malformed answer or unwritable data becomes an error answer. */
export function checkedAnswer(subtype: string, run: () => unknown): ControlAnswer {
  const reading = attempt<Reading>(
    () => plainAnswer(run()),
    (error) => ({ ok: false, error: `control request handler failed for \`${subtype}\` (${errorName(error)})` }),
  );
  if (reading === "malformed") return { ok: false, error: `control request handler gave no valid answer for \`${subtype}\`` };
  if (reading === "unwritable") return { ok: false, error: `control request handler answered \`${subtype}\` with data JSON cannot write` };
  return reading;
}
