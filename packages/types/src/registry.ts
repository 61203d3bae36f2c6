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

function describe(
  methods: readonly ProtocolMethod[],
  direction: MethodDirection,
  stability: MethodStability,
): MethodDescriptor[] {
  return methods.map((method) => ({
    method,
    direction,
    stability,
    requires: gatesOf(method, stability),
    params: contracts[method].params,
    result: contracts[method].result,
    opaque_fields: [...(fieldMarks[method]?.opaque ?? [])],
    sensitive_fields: [...(fieldMarks[method]?.sensitive ?? [])],
  }));
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
export const METHOD_REGISTRY: readonly MethodDescriptor[] = [
  ...describe(STABLE_METHODS, "client_request", "stable"),
  ...describe(EXPERIMENTAL_METHODS, "client_request", "experimental"),
  ...describe(SERVER_NOTIFICATION_METHODS, "server_notification", "stable"),
  ...describe(SERVER_REQUEST_METHODS, "server_request", "stable"),
];

const byName: ReadonlyMap<string, MethodDescriptor> = new Map(METHOD_REGISTRY.map((entry) => [entry.method, entry]));

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
  return byName.get(method);
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
