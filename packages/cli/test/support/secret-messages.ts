// Valid messages of every method of the registry, with a secret in every
// sensitive field: the conformance vectors of each method's params and
// result types, given secrets by support/sensitive-schema.ts.
import { METHOD_REGISTRY, type MethodDescriptor } from "@app-server-protocol/types";
import { secret, sensitiveSites, validValues, withSecrets } from "./sensitive-schema.js";
import { undefinedValues } from "./undefined-values.js";

/** One message built for a method, with where its sensitive values are. */
export interface SecretMessage {
  readonly method: string;
  readonly from: "client" | "server";
  readonly message: { readonly [key: string]: unknown };
  /** JSON Pointers of the sensitive values in the message. */
  readonly sites: readonly string[];
  /** JSON Pointers of the values no schema defines in the message (the vectors' extension fields). */
  readonly undefinedValues: readonly string[];
  /** The index of the request it answers, for a response. */
  readonly answers?: number;
}

/** The messages, and the schema paths of the sensitive fields that carried a secret, by contract type. */
export interface SecretMessages {
  readonly messages: readonly SecretMessage[];
  readonly exercised: ReadonlyMap<string, ReadonlySet<string>>;
}

/** Every method's messages: a request per params vector, a response per result vector (each to a request of its own), a notification per params vector. */
export function secretMessages(): SecretMessages {
  let serial = 0;
  const exercised = new Map<string, Set<string>>();
  const messages: SecretMessage[] = [];
  const bearing = (type: string, value: unknown) => {
    const { value: withSecret, paths } = withSecrets(type, value, () => secret((serial += 1)));
    const seen = exercised.get(type) ?? new Set();
    for (const path of paths) seen.add(path);
    exercised.set(type, seen);
    return { value: withSecret, sites: sensitiveSites(type, withSecret).map((site) => site.pointer), undefinedValues: undefinedValues(type, withSecret) };
  };
  const add = (method: MethodDescriptor) => {
    const params = validValues(method.params).map((value) => bearing(method.params, value));
    const results = method.result === null ? [] : validValues(method.result).map((value) => bearing(method.result ?? "", value));
    if (method.direction === "server_notification") {
      for (const { value, sites, undefinedValues } of params) {
        messages.push({ method: method.method, from: "server", message: { type: "notification", method: method.method, params: value }, sites: sites.map((site) => `/params${site}`), undefinedValues: undefinedValues.map((site) => `/params${site}`) });
      }
      return;
    }
    const requester = method.direction === "client_request" ? "client" : "server";
    for (let index = 0; index < Math.max(params.length, results.length); index += 1) {
      const id = `${method.method}#${index}`;
      const request = params[index % params.length];
      const at = messages.length;
      if (request !== undefined) messages.push({ method: method.method, from: requester, message: { type: "request", id, method: method.method, params: request.value }, sites: request.sites.map((site) => `/params${site}`), undefinedValues: request.undefinedValues.map((site) => `/params${site}`) });
      const result = results[index];
      if (result === undefined) continue;
      const response = { type: "response", id, result: { status: "success", data: result.value } };
      messages.push({ method: method.method, from: requester === "client" ? "server" : "client", message: response, sites: result.sites.map((site) => `/result/data${site}`), undefinedValues: result.undefinedValues.map((site) => `/result/data${site}`), answers: at });
    }
  };
  for (const method of METHOD_REGISTRY) add(method);
  return { messages, exercised };
}
