import { findMethod, type CapabilityGate } from "@app-server-protocol/types";
import { lineFinding, quoted, shown, type LineFinding } from "../findings.js";
import { own } from "../json-value.js";

// The server dispatch rules of spec 1.7 that depend on the connection's
// `initialize`: rule 1 (a request before it is refused with
// `invalid_request`), rules 3 and 4 (a method whose capability it did not
// declare is refused with `method_not_found`). They are judged only once the
// transcript holds an `initialize`: a transcript without one may start in the
// middle of its connection. The request is a warning (the client asked for
// something the server must refuse); an answer that is not that refusal is
// an error (the server broke the rule).

/** The refusal spec 1.7 requires as the answer to a client request. */
export interface Refusal {
  readonly rule: 1 | 3 | 4;
  readonly code: "invalid_request" | "method_not_found";
}

/** A request the refusal rules hold to: set when its refusal is known, judged when it is answered. */
export interface RefusableRequest {
  refusal: Refusal | undefined;
  /** Its record while no `initialize` has come, when it is one of those remembered. */
  early: EarlyRequest | undefined;
}

/** A client request that came before any `initialize`, and its answer once given. */
export interface EarlyRequest {
  readonly line: number;
  readonly id: string;
  readonly method: string;
  /** The JSON Pointer of the request's message in its line. */
  readonly path: string;
  readonly request: RefusableRequest;
  answer: { readonly line: number; readonly path: string; readonly result: unknown } | undefined;
}

/** The findings of a request no rule holds to: one array for them all (a request is the most common line). */
const NONE: readonly LineFinding[] = Object.freeze([]);

/** How many requests before `initialize` are remembered one by one; the rest are counted. */
export const EARLY_REQUESTS_REMEMBERED = 64;

const RULE_1: Refusal = { rule: 1, code: "invalid_request" };
const RULE_3: Refusal = { rule: 3, code: "method_not_found" };
const RULE_4: Refusal = { rule: 4, code: "method_not_found" };

/** How an answer's `result` differs from `refusal`, `undefined` when it is that refusal (or no result to judge). */
function notRefused(result: unknown, refusal: Refusal): string | undefined {
  const status = own(result, "status");
  if (status === "success") return "success";
  const code = own(result, "code");
  return status !== "error" || typeof code !== "string" || code === refusal.code ? undefined : `the error ${quoted(code)}`;
}

function capabilityNames(gates: readonly CapabilityGate[]): string {
  return gates.map((gate) => `capabilities.${gate}`).join(" and ");
}

/** The dispatch rules of one connection: what its `initialize` declared, and the requests sent before one. */
export class DispatchRules {
  /** The capability flags the last `initialize` declared; `undefined` before one, `"unknown"` after one whose params are invalid. */
  private declared: ReadonlySet<CapabilityGate> | "unknown" | undefined;
  private initializeLine = 0;
  private early: EarlyRequest[] = [];
  /** The requests before `initialize` past those remembered: how many, and the first one's line. */
  private moreEarly: { count: number; line: number } | undefined;

  /**
   * Notes a client request at `line` (not an `initialize`) and returns the
   * findings it has now; sets the refusal its answer is held to once known.
   */
  request(line: number, id: string, method: string, request: RefusableRequest, path: string): readonly LineFinding[] {
    const declared = this.declared;
    if (declared === undefined) {
      if (this.early.length < EARLY_REQUESTS_REMEMBERED) {
        request.early = { line, id, method, path, request, answer: undefined };
        this.early.push(request.early);
      } else if (this.moreEarly === undefined) this.moreEarly = { count: 1, line };
      else this.moreEarly.count += 1;
      return NONE;
    }
    if (declared === "unknown") return NONE;
    const entry = findMethod(method);
    const missing = entry?.direction === "client_request" ? entry.requires.filter((gate) => !declared.has(gate)) : [];
    if (entry === undefined || missing.length === 0) return NONE;
    const refusal = entry.requires.includes("persistent_goals") ? RULE_3 : RULE_4;
    request.refusal = refusal;
    const message = `${shown(method)} needs ${capabilityNames(entry.requires)}; the initialize at line ${this.initializeLine} does not declare ${capabilityNames(missing)}, so the server refuses it with ${refusal.code} (spec 1.7 rule ${refusal.rule})`;
    return [lineFinding(line, "capability_not_declared", message, `${path}/method`)];
  }

  /**
   * Notes an `initialize` at `line` with its params when they are valid
   * (`undefined` when not), and returns the findings of the requests that
   * came before the first one.
   */
  initialize(line: number, params: unknown): readonly LineFinding[] {
    const first = this.declared === undefined;
    const capabilities = own(params, "capabilities");
    this.declared = params === undefined ? "unknown" : new Set((["experimental_methods", "persistent_goals"] as const).filter((gate) => own(capabilities, gate) === true));
    this.initializeLine = line;
    if (!first) return NONE;
    const findings = this.early.flatMap((early) => this.earlyFindings(early, line));
    if (this.moreEarly !== undefined) {
      findings.push(lineFinding(this.moreEarly.line, "request_before_initialize", `${this.moreEarly.count} more client requests, from this line on, come before the initialize at line ${line} (spec 1.7 rule 1)`));
    }
    this.early = [];
    this.moreEarly = undefined;
    return findings;
  }

  private earlyFindings(early: EarlyRequest, initializeLine: number): LineFinding[] {
    early.request.early = undefined;
    const message = `${shown(early.method)} comes before the initialize at line ${initializeLine}, so the server refuses it with invalid_request (spec 1.7 rule 1)`;
    const findings = [lineFinding(early.line, "request_before_initialize", message, `${early.path}/method`)];
    if (early.answer === undefined) early.request.refusal = RULE_1;
    else {
      const finding = refusalFinding(early.answer.line, early.id, early.method, early.answer.result, RULE_1, early.answer.path);
      if (finding !== undefined) findings.push(finding);
    }
    return findings;
  }

  /**
   * The finding of the answer `message` at `line` to request `id` (method
   * `method`), whose `result` is at `path`: the refusal its request is held
   * to, or, before any `initialize`, nothing until one comes.
   */
  answered(line: number, id: string, method: string, request: RefusableRequest, message: unknown, path: string): LineFinding | undefined {
    if (request.refusal !== undefined) return refusalFinding(line, id, method, own(message, "result"), request.refusal, path);
    if (request.early !== undefined) request.early.answer = { line, path, result: own(message, "result") };
    return undefined;
  }
}

/** The error finding of an answer that is not the refusal spec 1.7 requires, if it is not. */
function refusalFinding(line: number, id: string, method: string, result: unknown, refusal: Refusal, path: string): LineFinding | undefined {
  const got = notRefused(result, refusal);
  if (got === undefined) return undefined;
  return lineFinding(line, "refusal_expected", `answers request ${quoted(id)} (${shown(method)}) with ${got}; spec 1.7 rule ${refusal.rule} requires the error ${refusal.code}`, path);
}
