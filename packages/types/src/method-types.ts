// Type-level view of the method registry: the params and result types of
// each method, from the method string alone. No wire types are declared
// here, so the schema generator skips this module.
import type { ContractTypes } from "./contract-types.js";
import type { ClientMethod, METHOD_CONTRACTS, ServerNotificationMethod, ServerRequestMethod } from "./methods.js";

/**
 * The params type of a client request method, from the method string alone.
 *
 * @example
 * ```ts
 * import type { ClientRequestParams } from "@app-server-protocol/types";
 *
 * const params: ClientRequestParams<"turn/submit"> = { session_id: "s1", prompt: "Run the tests" };
 * params.prompt; // => "Run the tests"
 * ```
 */
export type ClientRequestParams<M extends ClientMethod> = ContractTypes[(typeof METHOD_CONTRACTS)[M]["params"]];

/**
 * The client methods whose params are `EmptyParams`. Their requests may leave
 * `params` out, as the reference client does; the server reads an absent
 * `params` as `{}`.
 *
 * @example
 * ```ts
 * import type { ParamlessClientMethod } from "@app-server-protocol/types";
 *
 * const method: ParamlessClientMethod = "session/list";
 * method; // => "session/list"
 * ```
 */
export type ParamlessClientMethod = { [M in ClientMethod]: (typeof METHOD_CONTRACTS)[M]["params"] extends "EmptyParams" ? M : never }[ClientMethod];

/**
 * The type of the success `data` of a client request method's response
 * (`null` for the methods that return no payload).
 *
 * @example
 * ```ts
 * import type { ClientRequestResult } from "@app-server-protocol/types";
 *
 * function subscription(result: ClientRequestResult<"turn/submit">): string {
 *   return result.subscription_id;
 * }
 * subscription({ subscription_id: "sub-1" }); // => "sub-1"
 * ```
 */
export type ClientRequestResult<M extends ClientMethod> = ContractTypes[(typeof METHOD_CONTRACTS)[M]["result"]];

/**
 * The params type of a server notification method.
 */
export type ServerNotificationParams<M extends ServerNotificationMethod> = ContractTypes[(typeof METHOD_CONTRACTS)[M]["params"]];

/**
 * The params type of a server request method.
 *
 * @example
 * ```ts
 * import type { ServerRequestParams } from "@app-server-protocol/types";
 *
 * function onQuestion(params: ServerRequestParams<"ask_user/request">) {
 *   return params.request_id;
 * }
 * ```
 */
export type ServerRequestParams<M extends ServerRequestMethod> = ContractTypes[(typeof METHOD_CONTRACTS)[M]["params"]];

/**
 * The type of the success `data` a client answers a server request with.
 *
 * @example
 * ```ts
 * import type { ServerRequestResult } from "@app-server-protocol/types";
 *
 * const answer: ServerRequestResult<"mcp_trust/request"> = "trust";
 * answer; // => "trust"
 * ```
 */
export type ServerRequestResult<M extends ServerRequestMethod> = ContractTypes[(typeof METHOD_CONTRACTS)[M]["result"]];
