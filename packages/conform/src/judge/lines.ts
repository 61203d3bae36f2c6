import type { JsonValue, ValidationFailure } from "@app-server-protocol/validators";
import type { PeerLine } from "../peer/intake.js";
import { excerpt } from "../support/json.js";
import type { Findings } from "./findings.js";

/** One role's per-frame requirements that a line or a validation failure can break. */
export interface FrameRules {
  readonly framesOnly: string;
  readonly envelope: string;
  readonly knownMethod: string;
  readonly paramsValid: string;
  readonly resultShape: string;
  readonly errorCode: string;
  readonly errorMessage: string;
  readonly resultType: string;
}

/** The requirement a validation failure of a peer's frame breaks, by where it lies. */
export function brokenRule(failure: ValidationFailure, rules: FrameRules): string {
  if (failure.code === "unknown_method") return rules.knownMethod;
  const path = failure.path;
  if (path === "/params" || path.startsWith("/params/")) return rules.paramsValid;
  if (path === "/result/code") return rules.errorCode;
  if (path === "/result/message") return rules.errorMessage;
  if (path === "/result/data" || path.startsWith("/result/data/")) return rules.resultType;
  if (path === "/result" || path.startsWith("/result/")) return rules.resultShape;
  return rules.envelope;
}

/** Judges one line a peer wrote: a JSON line goes on to `frame`, any other is a finding against `framesOnly` (spec 1.1). */
export function judgeLine(line: PeerLine, findings: Findings, framesOnly: string, frame: (line: number, value: JsonValue) => void): void {
  switch (line.kind) {
    case "json":
      findings.judge(framesOnly);
      frame(line.line, line.value);
      return;
    case "not_json":
      findings.fail(framesOnly, `line ${line.line} is not JSON: ${excerpt(line.text)}`);
      return;
    case "not_utf8":
      findings.fail(framesOnly, `line ${line.line} is not UTF-8`);
      return;
    case "too_large":
      findings.fail(framesOnly, `line ${line.line} is longer than the kit's line limit`);
      return;
    case "flood":
      return;
  }
}
