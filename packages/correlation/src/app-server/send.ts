import type { AskUserQuestionRequest } from "@app-server-protocol/types";
import { emittedRequest } from "@app-server-protocol/legacy-shim";
import { jsonSnapshot, validateType } from "@app-server-protocol/validators";
import { isJsonObject } from "../stream-json/json-object.js";
import { attempt } from "../support/attempt.js";

/** The params to send, or why there are none and the question's id when it could be read. */
export type EmittedParams =
  | { readonly ok: true; readonly params: AskUserQuestionRequest }
  | { readonly ok: false; readonly message: string; readonly requestId?: string };

function readableRequestId(request: unknown): string | undefined {
  return attempt(
    () => (isJsonObject(request) && typeof request.request_id === "string" ? request.request_id : undefined),
    () => undefined,
  );
}

/**
 * The params of the `ask_user/request` for `request`, as the reference emits
 * them, without `validation_error`: the request is read once into JSON data,
 * which is decoded and emitted, so the params are the package's own plain
 * data. Never throws.
 */
export function emittedParams(request: unknown): EmittedParams {
  const refused = (reason: string): EmittedParams => {
    const requestId = readableRequestId(request);
    const message = `invalid AskUserQuestion request: ${reason}`;
    return requestId === undefined ? { ok: false, message } : { ok: false, message, requestId };
  };
  const read = jsonSnapshot(request);
  const decoded = read.ok ? validateType("AskUserQuestionRequest", read.value) : read;
  if (!decoded.ok) return refused(decoded.error.message);
  return attempt(
    (): EmittedParams => {
      const { validation_error: _none, ...params } = emittedRequest(decoded.value);
      return { ok: true, params };
    },
    () => refused("could not be examined"),
  );
}
