import type { JsonValue } from "@app-server-protocol/validators";
import { CLIENT_HANDSHAKE_RULES, type ClientAssertion, type ClientSelector, type ClientSendForm, type ClientStep } from "./model.js";
import { choiceAt, DocumentError, mapAt, objectAt, oneOf, optionalString, stringAt, under } from "./reader.js";
import { capture, decodeStep, optionalObjectValue, optionalValue, pointerValues, type StepScope, type StepVocabulary } from "./step-parts.js";

// The step vocabulary of the client role (README "Client steps"): the kit
// plays the server, sends server requests, notifications and events, and
// expects the client's requests and answers.

const ASSERTION_KEYS = ["equals", "answer", "handshake"] as const;

function requiredValue(object: { readonly [key: string]: JsonValue }, key: string, path: string, scope: StepScope): JsonValue {
  const value = optionalValue(object, key, path, scope);
  if (value === undefined) throw new DocumentError(under(path, key), "is required");
  return value;
}

function sendForm(value: JsonValue | undefined, path: string, scope: StepScope): ClientSendForm {
  const send = objectAt(value, path, ["request", "notification", "event", "resend", "resolved", "frame", "params", "params_extra", "extra", "subscription_id", "validation_error"], "a send");
  const form = oneOf(send, path, ["request", "notification", "event", "resend", "resolved", "frame"], "a send");
  const allow = (keys: readonly string[]) => objectAt(send, path, [form, ...keys], `a send of ${form}`);
  switch (form) {
    case "request":
    case "notification": {
      allow(["params", "params_extra", "extra"]);
      const method = stringAt(send[form], under(path, form), "a method name");
      const params = requiredValue(send, "params", path, scope);
      const paramsExtra = optionalObjectValue(send, "params_extra", path, scope);
      const extra = optionalObjectValue(send, "extra", path, scope);
      return { form, method, params, ...(paramsExtra === undefined ? {} : { paramsExtra }), ...(extra === undefined ? {} : { extra }) };
    }
    case "event": {
      allow(["subscription_id"]);
      const event = requiredValue(send, "event", path, scope);
      mapAt(event, under(path, "event"), "a stream event");
      const subscriptionId = optionalString(send, "subscription_id", path);
      return { form, event, ...(subscriptionId === undefined ? {} : { subscriptionId }) };
    }
    case "resend": {
      allow(["validation_error"]);
      const validationError = requiredValue(send, "validation_error", path, scope);
      mapAt(validationError, under(path, "validation_error"), "an AskUserValidationError");
      return { form, of: capture(scope, send["resend"], under(path, "resend")), validationError };
    }
    case "resolved":
      allow([]);
      return { form, answer: capture(scope, send["resolved"], under(path, "resolved")) };
    default:
      allow([]);
      return { form: "frame", frame: requiredValue(send, "frame", path, scope) };
  }
}

function selector(value: JsonValue | undefined, path: string, scope: StepScope): ClientSelector {
  const select = objectAt(value, path, ["request", "response", "where", "after"], "an expected frame");
  const kind = oneOf(select, path, ["request", "response"], "an expected frame");
  const where = Object.hasOwn(select, "where") ? pointerValues(select["where"], under(path, "where"), scope) : [];
  const after = Object.hasOwn(select, "after") ? capture(scope, select["after"], under(path, "after")) : undefined;
  const common = { where, ...(after === undefined ? {} : { after }) };
  const at = under(path, kind);
  if (kind === "response") return { kind, to: capture(scope, select["response"], at), ...common };
  return { kind, method: stringAt(select["request"], at, "a method name"), ...common };
}

function assertion(key: string, value: JsonValue | undefined, at: string, scope: StepScope): ClientAssertion {
  switch (key) {
    case "equals":
      return { kind: "equals", values: pointerValues(value, at, scope) };
    case "answer":
      if (value !== "valid") throw new DocumentError(at, 'must be "valid"');
      return { kind: "answer" };
    case "handshake":
      return { kind: "handshake", rule: choiceAt(value, at, CLIENT_HANDSHAKE_RULES) };
    default:
      throw new DocumentError(at, "is not an assertion of the client role");
  }
}

const CLIENT_VOCABULARY: StepVocabulary<ClientSendForm, ClientSelector, ClientAssertion> = { sendForm, selector, assertion, assertionKeys: ASSERTION_KEYS };

/** Decodes one step of a client-role scenario; the captures it makes are added to `scope`. */
export function clientStep(value: JsonValue | undefined, path: string, scope: StepScope): ClientStep {
  return decodeStep(value, path, scope, CLIENT_VOCABULARY);
}
