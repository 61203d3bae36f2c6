import type { AskUserQuestionRequest } from "@app-server-protocol/types";
import { canonicalQuestions, outcomeFromResponse, type ResponseOutcome } from "@app-server-protocol/legacy-shim";
import { checkOutcome, jsonSnapshot, validateType, type JsonSnapshot } from "@app-server-protocol/validators";
import { isJsonObject } from "../stream-json/json-object.js";
import { attempt } from "../support/attempt.js";

/** What a client's response to a server request says, each field read once. */
export type ResponseReading =
  /** Not a response envelope (no string `id`, no `result` with a known `status`): the transport drops it (spec 1.3, 1.4). */
  | { readonly kind: "undecodable" }
  /** An error result, or a success without a payload: absent and `null` data alike (spec 1.3, 4.9 step 6). */
  | { readonly kind: "no_payload"; readonly id: string }
  /** A payload, read once into JSON data (or why it could not be). */
  | { readonly kind: "payload"; readonly id: string; readonly data: JsonSnapshot };

const UNDECODABLE: ResponseReading = { kind: "undecodable" };

function reading(response: unknown): ResponseReading {
  if (!isJsonObject(response)) return UNDECODABLE;
  const { id, result } = response;
  if (typeof id !== "string" || !isJsonObject(result)) return UNDECODABLE;
  const { status, data } = result;
  if (status === "error") return { kind: "no_payload", id };
  if (status !== "success") return UNDECODABLE;
  if (data === undefined) return { kind: "no_payload", id };
  // Judged as read: a value written as null (a `toJSON` that gives null, say) is no payload, as null is.
  const read = jsonSnapshot(data);
  return read.ok && read.value === null ? { kind: "no_payload", id } : { kind: "payload", id, data: read };
}

/** Reads a response envelope; one that cannot be read (a throwing getter or proxy) is undecodable. Never throws. */
export function readResponse(response: unknown): ResponseReading {
  return attempt(
    () => reading(response),
    () => UNDECODABLE,
  );
}

const malformed = (reason: string): ResponseOutcome => ({ ok: false, error: { code: "malformed_response", message: `invalid AskUserQuestion response: ${reason}` } });

/**
 * The outcome a success payload gives for `request`, or the error to re-send
 * (spec 4.9 step 3): `data` must have been read (`malformed_response` saying
 * where it could not be), decode as an `AskUserQuestionResponse`
 * (`malformed_response`, its text built from the failure's path and reason),
 * name the request's `request_id`, and, normalized, pass spec 4.3. Never
 * throws.
 */
export function answerOutcome(request: AskUserQuestionRequest, data: JsonSnapshot): ResponseOutcome {
  if (!data.ok) return malformed(data.error.message);
  const decoded = validateType("AskUserQuestionResponse", data.value);
  if (!decoded.ok) return malformed(decoded.error.message);
  return attempt(
    () => {
      const read = outcomeFromResponse(request, decoded.value);
      if (!read.ok) return read;
      const error = checkOutcome(canonicalQuestions(request), read.outcome);
      return error === null ? read : { ok: false, error };
    },
    () => malformed("could not be examined"),
  );
}
