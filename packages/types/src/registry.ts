import {
  EXPERIMENTAL_METHODS,
  METHOD_CONTRACTS,
  METHOD_FIELD_MARKS,
  PERSISTENT_GOAL_METHODS,
  SERVER_NOTIFICATION_METHODS,
  SERVER_REQUEST_METHODS,
  STABLE_METHODS,
  type CapabilityGate,
  type MethodContract,
  type MethodDescriptor,
  type MethodDirection,
  type MethodFieldMarks,
  type MethodRegistry,
  type MethodStability,
  type ProtocolMethod,
} from "./methods.js";
import { PROTOCOL_VERSION } from "./version.js";

const contracts: { readonly [M in ProtocolMethod]: MethodContract } = METHOD_CONTRACTS;
const goalMethods: readonly string[] = PERSISTENT_GOAL_METHODS;
const fieldMarks: { readonly [M in ProtocolMethod]?: MethodFieldMarks } = METHOD_FIELD_MARKS;

function gatesOf(method: ProtocolMethod, stability: MethodStability): CapabilityGate[] {
  if (goalMethods.includes(method)) return ["experimental_methods", "persistent_goals"];
  return stability === "experimental" ? ["experimental_methods"] : [];
}

function describe(method: ProtocolMethod, direction: MethodDirection, stability: MethodStability): MethodDescriptor {
  return {
    method,
    direction,
    stability,
    requires: gatesOf(method, stability),
    params: contracts[method].params,
    result: contracts[method].result,
    opaque_fields: [...(fieldMarks[method]?.opaque ?? [])],
    sensitive_fields: [...(fieldMarks[method]?.sensitive ?? [])],
  };
}

/** Each list of methods with the direction and stability of its methods, in canonical order. */
const METHOD_LISTS: readonly (readonly [readonly ProtocolMethod[], MethodDirection, MethodStability])[] = [
  [STABLE_METHODS, "client_request", "stable"],
  [EXPERIMENTAL_METHODS, "client_request", "experimental"],
  [SERVER_NOTIFICATION_METHODS, "server_notification", "stable"],
  [SERVER_REQUEST_METHODS, "server_request", "stable"],
];

// A method is described when it is first looked up (or the registry is
// read): a program that dispatches a few methods, as a validator does at its
// first message, never builds the descriptors of the others.
const described = new Map<string, MethodDescriptor>();

function descriptorOf(name: string): MethodDescriptor | undefined {
  const known = described.get(name);
  if (known !== undefined) return known;
  for (const [methods, direction, stability] of METHOD_LISTS) {
    const names: readonly string[] = methods;
    const index = names.indexOf(name);
    const method = index === -1 ? undefined : methods[index];
    if (method === undefined) continue;
    const descriptor = describe(method, direction, stability);
    described.set(name, descriptor);
    return descriptor;
  }
  return undefined;
}

/**
 * Every method of protocol 1.0 with its direction, stability, gates and
 * contract types, in canonical order: stable, experimental, notifications,
 * server requests.
 *
 * @example
 * ```ts
 * import { METHOD_REGISTRY } from "@app-server-protocol/types";
 *
 * const experimental = METHOD_REGISTRY.filter((m) => m.stability === "experimental");
 * experimental.length; // => 28
 * ```
 */
export const METHOD_REGISTRY: readonly MethodDescriptor[] = /* @__PURE__ */ METHOD_LISTS.flatMap(([methods]) => methods.flatMap((method) => descriptorOf(method) ?? []));

/**
 * Looks a method up by name; `undefined` for a name protocol 1.0 does not
 * define.
 *
 * @example
 * ```ts
 * import { findMethod } from "@app-server-protocol/types";
 *
 * findMethod("session/goal/get")?.requires; // => ["experimental_methods", "persistent_goals"]
 * findMethod("no/such_method"); // => undefined
 * ```
 */
export function findMethod(method: string): MethodDescriptor | undefined {
  return descriptorOf(method);
}

/**
 * The registry as the document written to `schemas/methods.json`.
 */
export function methodRegistryDocument(): MethodRegistry {
  return {
    protocol_version: PROTOCOL_VERSION,
    stable_methods: [...STABLE_METHODS],
    experimental_methods: [...EXPERIMENTAL_METHODS],
    server_notification_methods: [...SERVER_NOTIFICATION_METHODS],
    server_request_methods: [...SERVER_REQUEST_METHODS],
    methods: METHOD_REGISTRY.map((entry) => ({ ...entry, requires: [...entry.requires] })),
  };
}
