import { validateType, type JsonValue } from "@app-server-protocol/validators/all";
import { HANDSHAKE_RULES, type Assertion, type Selector, type SendForm, type Step } from "./model.js";
import { choiceAt, DocumentError, objectAt, oneOf, optionalString, stringAt, stringsAt, under } from "./reader.js";
import { capture, decodeStep, optionalObjectValue, optionalValue, pointerValues, type StepScope, type StepVocabulary } from "./step-parts.js";

// The step vocabulary of the server role (README "Steps"): the kit plays
// the client, sends requests and answers, and expects the server's frames.

const ASSERTION_KEYS = ["error", "not_error", "success", "equals", "handshake", "validation_error", "same_request"] as const;

function requestId(scope: StepScope, value: JsonValue | undefined, path: string): string {
  const id = stringAt(value, path, "a request id");
  if (scope.requestIds.has(id)) throw new DocumentError(path, `request id ${JSON.stringify(id)} is sent by an earlier step`);
  scope.requestIds.add(id);
  return id;
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

function assertion(key: string, value: JsonValue | undefined, at: string, scope: StepScope): Assertion {
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
    case "same_request":
      return { kind: "same_request", as: capture(scope, value, at) };
    default:
      throw new DocumentError(at, "is not an assertion of the server role");
  }
}

function errorCode(code: string, path: string): string {
  if (!validateType("ErrorCode", code).ok) throw new DocumentError(path, `must be one of the 14 ErrorCode values of spec 1.4, not ${JSON.stringify(code)}`);
  return code;
}

const SERVER_VOCABULARY: StepVocabulary<SendForm, Selector, Assertion> = { sendForm, selector, assertion, assertionKeys: ASSERTION_KEYS };

/** Decodes one step of a server-role scenario; the captures and request ids it makes are added to `scope`. */
export function serverStep(value: JsonValue | undefined, path: string, scope: StepScope): Step {
  return decodeStep(value, path, scope, SERVER_VOCABULARY);
}
