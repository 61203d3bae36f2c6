import type { AskUserQuestionRequest } from "@app-server-protocol/types";
import { emittedRequest } from "@app-server-protocol/legacy-shim";
import { validateType } from "@app-server-protocol/validators";
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
 * them, without `validation_error`; built from a fresh decoding, so the
 * params are plain data. Never throws.
 */
export function emittedParams(request: unknown): EmittedParams {
  const refused = (reason: string): EmittedParams => {
    const requestId = readableRequestId(request);
    const message = `invalid AskUserQuestion request: ${reason}`;
    return requestId === undefined ? { ok: false, message } : { ok: false, message, requestId };
  };
  const decoded = validateType("AskUserQuestionRequest", request);
  if (!decoded.ok) return refused(decoded.error.message);
  return attempt(
    (): EmittedParams => {
      const { validation_error: _none, ...params } = emittedRequest(decoded.value);
      return { ok: true, params };
    },
    () => refused("could not be examined"),
  );
}
