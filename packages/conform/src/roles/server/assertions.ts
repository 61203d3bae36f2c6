import type { AskUserValidationError } from "@app-server-protocol/types";
import type { JsonValue } from "@app-server-protocol/validators";
import type { Assertion } from "../../scenario/model.js";
import type { ValueContext } from "../../scenario/values.js";
import { atPointer, excerpt, jsonEqual, member, stringMember, withoutMember } from "../../support/json.js";
import type { Captured, Verdict } from "../steps.js";
import { equalsVerdict, failed, held } from "../verdicts.js";
import { describeResult } from "./frames.js";
import { handshakeFailure } from "./handshake.js";

/** What the assertions read besides the frame: the values of placeholders, the kit's requests, its answers to the server's. */
export interface AssertionContext {
  readonly values: ValueContext;
  readonly captures: ReadonlyMap<string, Captured>;
  /** The kit's requests by id, as sent. */
  readonly sentRequests: ReadonlyMap<string, JsonValue>;
  /** The kit's last answer to each server request, by id: how the server must judge it (`null` valid, `undefined` not an ask_user answer). */
  readonly lastAnswers: ReadonlyMap<string, AskUserValidationError | null | undefined>;
}

function errorCode(frame: JsonValue): string | undefined {
  const result = member(frame, "result");
  return stringMember(result, "status") === "error" ? stringMember(result, "code") : undefined;
}

function validationErrorVerdict(frame: JsonValue, context: AssertionContext): Verdict {
  const id = stringMember(frame, "id") ?? "";
  const predicted = context.lastAnswers.get(id);
  const actual = atPointer(frame, "/params/validation_error/code");
  if (predicted === undefined) return failed(`the client sent no answer to request ${excerpt(id)} that it can judge`);
  if (predicted === null) return failed(`re-sent with validation_error ${excerpt(actual)}, though the client's answer was valid`);
  return actual === predicted.code ? held(`validation_error.code is ${predicted.code}`) : failed(`validation_error.code is ${excerpt(actual)}, but the answer fails with ${predicted.code}`);
}

function sameRequestVerdict(frame: JsonValue, original: Captured | undefined): Verdict {
  if (original === undefined) return failed("no request to compare with");
  if (stringMember(frame, "method") !== stringMember(original.value, "method")) return failed(`the re-sent request's method is ${excerpt(member(frame, "method"))}`);
  const now = withoutMember(member(frame, "params"), "validation_error");
  const before = withoutMember(member(original.value, "params"), "validation_error");
  return jsonEqual(now, before) ? held("the same params, with validation_error") : failed("the re-sent params differ from the request's beyond validation_error");
}

/** Judges a frame by an assertion (placeholders resolved now; throws `Unresolved` when one stands for nothing). */
export function judgeAssertion(assertion: Assertion, frame: JsonValue, context: AssertionContext): Verdict {
  switch (assertion.kind) {
    case "error": {
      const code = errorCode(frame);
      return code !== undefined && assertion.codes.includes(code) ? held(`answered with error ${code}`) : failed(`answered with ${describeResult(frame)}; expected error ${assertion.codes.join(" or ")}`);
    }
    case "not_error": {
      const code = errorCode(frame);
      if (code !== undefined && assertion.codes.includes(code)) return failed(`answered with error ${code}`);
      const result = describeResult(frame);
      return result.startsWith("a result") ? failed(`answered with ${result}`) : held(`answered with ${result}`);
    }
    case "success":
      return describeResult(frame) === "success" ? held("answered with success") : failed(`answered with ${describeResult(frame)}; expected success`);
    case "equals":
      return equalsVerdict(frame, assertion.values, context.values);
    case "handshake": {
      const request = context.sentRequests.get(stringMember(frame, "id") ?? "");
      const failure = handshakeFailure(assertion.rule, atPointer(frame, "/result/data"), atPointer(request, "/params/capabilities"));
      return failure === undefined ? held(`${assertion.rule} holds`) : failed(failure);
    }
    case "validation_error":
      return validationErrorVerdict(frame, context);
    default:
      return sameRequestVerdict(frame, context.captures.get(assertion.as));
  }
}
