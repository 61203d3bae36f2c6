// Type-level view of the method registry: no wire types are declared here,
// so the schema generator skips this module.
import type { AskUserQuestionRequest, AskUserQuestionResponse } from "./ask-user.js";
import type { InitializeParams, InitializeResult } from "./initialize.js";
import type { McpTrustApprovalRequest, McpTrustRequestResult } from "./mcp-trust.js";
import type { PermissionRequest, PermissionRequestResult } from "./permission-request.js";
import type { METHOD_CONTRACTS, ServerRequestMethod } from "./methods.js";

/**
 * Every type a method contract can name, keyed by its name in `schemas/`.
 * Each key is the name of the type it maps to; the generator verifies it.
 */
export interface ContractTypes {
  AskUserQuestionRequest: AskUserQuestionRequest;
  AskUserQuestionResponse: AskUserQuestionResponse;
  InitializeParams: InitializeParams;
  InitializeResult: InitializeResult;
  McpTrustApprovalRequest: McpTrustApprovalRequest;
  McpTrustRequestResult: McpTrustRequestResult;
  PermissionRequest: PermissionRequest;
  PermissionRequestResult: PermissionRequestResult;
}

type Contracts = typeof METHOD_CONTRACTS;

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
export type ServerRequestParams<M extends ServerRequestMethod> = ContractTypes[Contracts[M]["params"]];

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
export type ServerRequestResult<M extends ServerRequestMethod> = ContractTypes[Contracts[M]["result"]];
