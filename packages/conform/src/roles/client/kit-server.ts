import { EXPERIMENTAL_METHODS, findMethod, PERSISTENT_GOAL_METHODS, PROTOCOL_VERSION, SERVER_NOTIFICATION_METHODS, SERVER_REQUEST_METHODS, STABLE_METHODS } from "@app-server-protocol/types";
import { validateType, type JsonValue } from "@app-server-protocol/validators/all";
import { exampleOf } from "../../examples.js";
import { member, stringMember, type JsonObject } from "../../support/json.js";

/** How the kit names itself in its `InitializeResult`. */
export const KIT_SERVER_INFO = { name: "app-server-protocol-conform", version: "1.0" } as const;

const GOALS: readonly string[] = PERSISTENT_GOAL_METHODS;

const error = (code: string, message: string): JsonObject => ({ status: "error", code, message });

/**
 * The server the kit plays to a client under test, for the client's own
 * requests (README "How a client is driven"): it answers each at once, as
 * the reference does (spec 1.6, 1.7): `initialize` with an
 * `InitializeResult` (the client's `protocol_version` echoed, the method
 * lists of the registry, experimental methods only as the client asked),
 * any other request before it with `invalid_request`, an unknown method or
 * one gated by a capability the client did not declare with
 * `method_not_found`, params of the wrong type with `invalid_params`, and
 * every other request with a success carrying a valid example of the
 * method's result type.
 */
export class KitServer {
  private initialized = false;
  private capabilities: JsonValue | undefined;

  /** The response to a frame of the client's, when it is a request the kit can answer (one with a string id). */
  answer(frame: JsonValue): JsonObject | undefined {
    const id = stringMember(frame, "id");
    if (stringMember(frame, "type") !== "request" || id === undefined) return undefined;
    return { type: "response", id, result: this.result(stringMember(frame, "method") ?? "", member(frame, "params") ?? {}) };
  }

  private result(method: string, params: JsonValue): JsonObject {
    if (method === "initialize") return this.initialize(params);
    if (!this.initialized) return error("invalid_request", "not initialized");
    const descriptor = findMethod(method);
    if (descriptor === undefined || descriptor.direction !== "client_request") return error("method_not_found", `unknown method: ${method}`);
    const missing = descriptor.requires.filter((gate) => member(this.capabilities, gate) !== true);
    if (missing.length > 0) return error("method_not_found", `${GOALS.includes(method) ? "persistent goal" : "experimental"} method '${method}' requires ${descriptor.requires.map((gate) => `capabilities.${gate} = true`).join(" and ")}`);
    const checked = validateType(descriptor.params, params);
    if (!checked.ok) return error("invalid_params", checked.error.message);
    if (descriptor.result === null || descriptor.result === "NoData") return { status: "success" };
    const data = exampleOf(descriptor.result);
    return data === undefined ? error("internal_error", `the conformance kit has no example of ${descriptor.result}`) : { status: "success", data };
  }

  private initialize(params: JsonValue): JsonObject {
    const checked = validateType("InitializeParams", params);
    if (!checked.ok) return error("invalid_params", checked.error.message);
    this.initialized = true;
    this.capabilities = member(params, "capabilities");
    const experimental = member(this.capabilities, "experimental_methods") === true;
    const goals = experimental && member(this.capabilities, "persistent_goals") === true;
    const data = {
      protocol_version: stringMember(params, "protocol_version") ?? PROTOCOL_VERSION,
      server_info: { ...KIT_SERVER_INFO },
      capabilities: {
        streaming: true,
        stable_methods: [...STABLE_METHODS],
        experimental_methods: experimental ? EXPERIMENTAL_METHODS.filter((name) => goals || !GOALS.includes(name)) : [],
        server_notification_methods: [...SERVER_NOTIFICATION_METHODS],
        server_request_methods: [...SERVER_REQUEST_METHODS],
      },
    };
    return { status: "success", data };
  }
}
