import { validateType, type JsonValue } from "@app-server-protocol/validators/all";
import type { ReceivedFrame } from "../../peer/inbox.js";
import type { ClientAssertion } from "../../scenario/model.js";
import type { ValueContext } from "../../scenario/values.js";
import { atPointer, excerpt, stringMember } from "../../support/json.js";
import type { Captured, Verdict } from "../steps.js";
import { equalsVerdict, failed, held } from "../verdicts.js";
import { readAnswer } from "./answers.js";

/** What the client role's assertions read besides the frame. */
export interface ClientAssertionContext {
  readonly values: ValueContext;
  /** The kit's server requests by envelope id, as last sent. */
  readonly sentRequests: ReadonlyMap<string, JsonValue>;
  /** The first frame the client wrote. */
  readonly firstFrame: ReceivedFrame | undefined;
}

function describeFrame(value: JsonValue): string {
  const type = stringMember(value, "type");
  const method = stringMember(value, "method");
  return method === undefined ? `a ${excerpt(type ?? "message")}` : `a ${excerpt(type)} of ${excerpt(method)}`;
}

function initializeFirst(frame: Captured, first: ReceivedFrame | undefined): Verdict {
  if (stringMember(frame.value, "method") !== "initialize") return failed(`the frame is ${describeFrame(frame.value)}, not initialize`);
  if (first !== undefined && first.seq !== frame.seq) return failed(`the client's first message is ${describeFrame(first.value)}, before its initialize`);
  return held("initialize is the client's first message");
}

function capabilitiesValid(frame: JsonValue): Verdict {
  const capabilities = atPointer(frame, "/params/capabilities");
  if (capabilities === undefined) return held("no capabilities given (all off)");
  const checked = validateType("ClientCapabilities", capabilities);
  return checked.ok ? held("the capabilities are a ClientCapabilities") : failed(`capabilities${checked.error.message}`);
}

/** Judges a captured frame of the client's by an assertion (placeholders resolved now; throws `Unresolved` when one stands for nothing). */
export function judgeClientAssertion(assertion: ClientAssertion, frame: Captured, context: ClientAssertionContext): Verdict {
  switch (assertion.kind) {
    case "equals":
      return equalsVerdict(frame.value, assertion.values, context.values);
    case "answer": {
      const id = stringMember(frame.value, "id");
      const request = id === undefined ? undefined : context.sentRequests.get(id);
      if (request === undefined) return failed(`the frame answers no request the kit sent (id ${excerpt(id)})`);
      const reading = readAnswer(request, frame.value);
      return { ok: reading.ok, message: reading.message };
    }
    default:
      return assertion.rule === "initialize-first" ? initializeFirst(frame, context.firstFrame) : capabilitiesValid(frame.value);
  }
}
