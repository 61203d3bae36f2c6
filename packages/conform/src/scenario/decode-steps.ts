import { validateType, type JsonValue } from "@app-server-protocol/validators/all";
import type { JsonObject } from "../support/json.js";
import { HANDSHAKE_RULES, type Assertion, type PointerValues, type Selector, type SendForm, type Step } from "./model.js";
import { booleanAt, choiceAt, DocumentError, mapAt, objectAt, oneOf, optionalString, stringAt, stringsAt, under } from "./reader.js";
import { checkValue, JSON_POINTER, type ValueScope } from "./values.js";

// The step vocabulary of the server role (README "Steps"): the kit plays
// the client, sends requests and answers, and expects the server's frames.


const ASSERTION_KEYS = ["error", "not_error", "success", "equals", "handshake", "validation_error", "same_request"] as const;
const SEND_STEP_KEYS = ["send", "as", "invalid", "note"];
const EXPECT_STEP_KEYS = ["expect", "as", "check", "note", ...ASSERTION_KEYS];
const ASSERT_STEP_KEYS = ["assert", "check", "note", ...ASSERTION_KEYS];

/** What the steps of one scenario have made so far, for the references of the next ones. */
export interface StepScope extends ValueScope {
  readonly captures: Set<string>;
  /** The ids of the requests sent so far. */
  readonly requestIds: Set<string>;
  /** Whether a requirement id may be checked. */
  readonly knownCheck: (id: string) => boolean;
}

function capture(scope: StepScope, value: JsonValue | undefined, path: string): string {
  const name = stringAt(value, path, "a capture name");
  if (!scope.captures.has(name)) throw new DocumentError(path, `names no capture of an earlier step: ${JSON.stringify(name)}`);
  return name;
}

function newCapture(scope: StepScope, step: JsonObject, path: string): string | undefined {
  const name = optionalString(step, "as", path);
  if (name === undefined) return undefined;
  if (scope.captures.has(name)) throw new DocumentError(under(path, "as"), `capture ${JSON.stringify(name)} is made by an earlier step`);
  return name;
}

function pointerValues(value: JsonValue | undefined, path: string, scope: StepScope): PointerValues {
  return Object.entries(mapAt(value, path, "a map of JSON Pointers to values")).map(([pointer, expected]) => {
    if (!JSON_POINTER.test(pointer)) throw new DocumentError(under(path, pointer), "is not a JSON Pointer (\"\" or /key/...)");
    checkValue(expected, under(path, pointer), scope);
    return [pointer, expected] as const;
  });
}

function requestId(scope: StepScope, value: JsonValue | undefined, path: string): string {
  const id = stringAt(value, path, "a request id");
  if (scope.requestIds.has(id)) throw new DocumentError(path, `request id ${JSON.stringify(id)} is sent by an earlier step`);
  scope.requestIds.add(id);
  return id;
}

function optionalValue(object: JsonObject, key: string, path: string, scope: StepScope): JsonValue | undefined {
  if (!Object.hasOwn(object, key)) return undefined;
  const value = object[key] ?? null;
  checkValue(value, under(path, key), scope);
  return value;
}

function optionalObjectValue(object: JsonObject, key: string, path: string, scope: StepScope): JsonValue | undefined {
  const value = optionalValue(object, key, path, scope);
  if (value !== undefined) mapAt(value, under(path, key), `${key} (fields to add)`);
  return value;
}

function sendForm(value: JsonValue | undefined, path: string, scope: StepScope): SendForm {
  const send = objectAt(value, path, ["initialize", "id", "request", "params", "params_extra", "extra", "response_to", "result", "ask_user", "frame"], "a send");
  const form = oneOf(send, path, ["initialize", "request", "response_to", "frame"], "a send");
  const allow = (keys: readonly string[]) => objectAt(send, path, [form, ...keys], `a send of ${form}`);
  if (form === "initialize") {
    allow(["id"]);
    const init = objectAt(send["initialize"], under(path, "initialize"), ["protocol_version", "capabilities", "params_extra"], "initialize params");
    const at = under(path, "initialize");
    const protocolVersion = optionalString(init, "protocol_version", at);
    const capabilities = optionalValue(init, "capabilities", at, scope);
    const paramsExtra = optionalObjectValue(init, "params_extra", at, scope);
    return {
      form,
      id: requestId(scope, send["id"], under(path, "id")),
      ...(protocolVersion === undefined ? {} : { protocolVersion }),
      ...(capabilities === undefined ? {} : { capabilities }),
      ...(paramsExtra === undefined ? {} : { paramsExtra }),
    };
  }
  if (form === "request") {
    allow(["id", "params", "params_extra", "extra"]);
    const method = stringAt(send["request"], under(path, "request"), "a method name");
    if (method === "$method" && !scope.hasMethod) throw new DocumentError(under(path, "request"), '"$method" needs the scenario\'s "method"');
    const params = optionalValue(send, "params", path, scope);
    const paramsExtra = optionalObjectValue(send, "params_extra", path, scope);
    const extra = optionalObjectValue(send, "extra", path, scope);
    return {
      form,
      id: requestId(scope, send["id"], under(path, "id")),
      method,
      ...(params === undefined ? {} : { params }),
      ...(paramsExtra === undefined ? {} : { paramsExtra }),
      ...(extra === undefined ? {} : { extra }),
    };
  }
  if (form === "response_to") {
    allow(["result", "ask_user"]);
    const to = capture(scope, send["response_to"], under(path, "response_to"));
    const answer = oneOf(send, path, ["result", "ask_user"], "a response");
    if (answer === "ask_user") return { form: "ask_user_answer", to, answer: choiceAt(send["ask_user"], under(path, "ask_user"), ["refused", "answered"] as const) };
    return { form: "response", to, result: optionalValue(send, "result", path, scope) ?? null };
  }
  allow([]);
  return { form: "frame", frame: optionalValue(send, "frame", path, scope) ?? null };
}

function selector(value: JsonValue | undefined, path: string, scope: StepScope): Selector {
  const select = objectAt(value, path, ["response", "request", "resend", "event", "notification", "where", "after"], "an expected frame");
  const kind = oneOf(select, path, ["response", "request", "resend", "event", "notification"], "an expected frame");
  const where = Object.hasOwn(select, "where") ? pointerValues(select["where"], under(path, "where"), scope) : [];
  const after = Object.hasOwn(select, "after") ? capture(scope, select["after"], under(path, "after")) : undefined;
  const common = { where, ...(after === undefined ? {} : { after }) };
  const at = under(path, kind);
  switch (kind) {
    case "response": {
      const id = stringAt(select["response"], at, "a request id");
      if (!scope.requestIds.has(id)) throw new DocumentError(at, `${JSON.stringify(id)} is not the id of a request an earlier step sends`);
      return { kind, id, ...common };
    }
    case "resend":
      return { kind, of: capture(scope, select["resend"], at), ...common };
    case "event":
      return { kind, events: stringsAt(select["event"], at, "a stream event kind"), ...common };
    case "request":
      return { kind, method: stringAt(select["request"], at, "a method name"), ...common };
    default:
      return { kind: "notification", method: stringAt(select["notification"], at, "a method name"), ...common };
  }
}

function assertion(step: JsonObject, path: string, scope: StepScope, required: boolean): Assertion | undefined {
  const present = ASSERTION_KEYS.filter((key) => Object.hasOwn(step, key));
  if (present.length === 0) {
    if (required) throw new DocumentError(path, `an assert step needs one of ${ASSERTION_KEYS.join(", ")}`);
    return undefined;
  }
  const key = oneOf(step, path, ASSERTION_KEYS, "a step's assertion");
  const at = under(path, key);
  const value = step[key];
  switch (key) {
    case "error":
    case "not_error":
      return { kind: key, codes: stringsAt(value, at, "an ErrorCode").map((code, index) => errorCode(code, typeof value === "string" ? at : under(at, index))) };
    case "success":
      if (value !== true) throw new DocumentError(at, "must be true");
      return { kind: "success" };
    case "equals":
      return { kind: "equals", values: pointerValues(value, at, scope) };
    case "handshake":
      return { kind: "handshake", rule: choiceAt(value, at, HANDSHAKE_RULES) };
    case "validation_error":
      if (value !== "predicted") throw new DocumentError(at, 'must be "predicted"');
      return { kind: "validation_error" };
    default:
      return { kind: "same_request", as: capture(scope, value, at) };
  }
}

function errorCode(code: string, path: string): string {
  if (!validateType("ErrorCode", code).ok) throw new DocumentError(path, `must be one of the 14 ErrorCode values of spec 1.4, not ${JSON.stringify(code)}`);
  return code;
}

function checkOf(step: JsonObject, path: string, scope: StepScope): string {
  const id = stringAt(step["check"], under(path, "check"), "a requirement id");
  if (!scope.knownCheck(id)) throw new DocumentError(under(path, "check"), `is not a requirement of the registry or of this file: ${JSON.stringify(id)}`);
  return id;
}

/** Decodes one step of a server-role scenario; the captures and request ids it makes are added to `scope`. */
export function serverStep(value: JsonValue | undefined, path: string, scope: StepScope): Step {
  const object = objectAt(value, path, [...new Set([...SEND_STEP_KEYS, ...EXPECT_STEP_KEYS, ...ASSERT_STEP_KEYS])], "a step");
  const kind = oneOf(object, path, ["send", "expect", "assert"], "a step");
  optionalString(object, "note", path);
  if (kind === "send") {
    objectAt(object, path, SEND_STEP_KEYS, "a send step");
    const as = newCapture(scope, object, path);
    const invalid = Object.hasOwn(object, "invalid") ? booleanAt(object["invalid"], under(path, "invalid")) : false;
    const send = sendForm(object["send"], under(path, "send"), scope);
    if (as !== undefined) scope.captures.add(as);
    return { kind, send, invalid, ...(as === undefined ? {} : { as }) };
  }
  if (kind === "expect") {
    objectAt(object, path, EXPECT_STEP_KEYS, "an expect step");
    const as = newCapture(scope, object, path);
    const select = selector(object["expect"], under(path, "expect"), scope);
    const check = checkOf(object, path, scope);
    if (as !== undefined) scope.captures.add(as);
    const judged = assertion(object, path, scope, false);
    return { kind, select, check, ...(as === undefined ? {} : { as }), ...(judged === undefined ? {} : { assertion: judged }) };
  }
  objectAt(object, path, ASSERT_STEP_KEYS, "an assert step");
  const frame = capture(scope, object["assert"], under(path, "assert"));
  const check = checkOf(object, path, scope);
  const judged = assertion(object, path, scope, true);
  if (judged === undefined) throw new DocumentError(path, "an assert step needs an assertion");
  return { kind: "assert", frame, check, assertion: judged };
}
