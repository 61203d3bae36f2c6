import type { ProtocolError } from "./errors.js";

/**
 * The successful outcome of a request.
 */
export interface ResponseResultSuccess {
  /**
   * Tag: `"success"`. Required.
   */
  status: "success";
  /**
   * The method's result; any JSON value. Omitted when the method returns no
   * payload: readers treat absent `data` as `null` (the `NoData` contract).
   */
  data?: unknown;
}

/**
 * The failed outcome of a request: the `ProtocolError` fields flattened next
 * to the tag.
 */
export interface ResponseResultError extends ProtocolError {
  /**
   * Tag: `"error"`. Required.
   */
  status: "error";
}

/**
 * The outcome of a request, tagged by `status`. Any other `status` value
 * fails to decode.
 */
export type ResponseResult = ResponseResultSuccess | ResponseResultError;

/**
 * A request from client to server, without its `type` tag.
 */
export interface ClientRequestEnvelope {
  /**
   * Client-chosen request id, echoed in the response. Always a string.
   * Required.
   */
  id: string;
  /**
   * Method name, for example `session/list`. An unknown method decodes fine
   * and is answered with `method_not_found`. Required.
   */
  method: string;
  /**
   * Method parameters; any JSON value. Omitted when there are none; the
   * server treats absent `params` as `{}`.
   */
  params?: unknown;
}

/**
 * The client's answer to a server-initiated request, without its `type` tag.
 */
export interface ServerRequestResponse {
  /**
   * The id of the server request being answered (for example
   * `srv-ask-user-1`). A response whose id is not pending is dropped
   * silently. Required.
   */
  id: string;
  /**
   * The answer: success with the method's response data, or an error.
   * Required.
   */
  result: ResponseResult;
}

/**
 * The server's response to a client request, without its `type` tag.
 */
export interface ServerResponseEnvelope {
  /**
   * Echo of the client request's id. Required.
   */
  id: string;
  /**
   * The outcome of the request. Required.
   */
  result: ResponseResult;
}

/**
 * A server notification, without its `type` tag. It has no id and gets no
 * answer.
 */
export interface ServerNotificationEnvelope {
  /**
   * Notification method; `stream/event` in protocol 1.0. Required.
   */
  method: string;
  /**
   * Notification parameters; any JSON value. Required.
   */
  params: unknown;
}

/**
 * A server-initiated request, without its `type` tag.
 */
export interface ServerRequestEnvelope {
  /**
   * Server-chosen id (`srv-perm-<n>`, `srv-mcp-trust-<n>`,
   * `srv-ask-user-<n>`); treat it as opaque and answer with the same id.
   * Required.
   */
  id: string;
  /**
   * Server request method, for example `ask_user/request`. Required.
   */
  method: string;
  /**
   * Request parameters; any JSON value. Required.
   */
  params: unknown;
}

/**
 * `ClientMessage` variant: a request from the client.
 */
export interface ClientMessageRequest extends ClientRequestEnvelope {
  /**
   * Tag: `"request"`. Required.
   */
  type: "request";
}

/**
 * `ClientMessage` variant: the client's answer to a server request.
 */
export interface ClientMessageResponse extends ServerRequestResponse {
  /**
   * Tag: `"response"`. Required.
   */
  type: "response";
}

/**
 * Every message a client sends, tagged by `type`. An unknown `type` fails to
 * decode; unknown extra fields are ignored.
 */
export type ClientMessage = ClientMessageRequest | ClientMessageResponse;

/**
 * `ServerMessage` variant: the response to a client request.
 */
export interface ServerMessageResponse extends ServerResponseEnvelope {
  /**
   * Tag: `"response"`. Required.
   */
  type: "response";
}

/**
 * `ServerMessage` variant: a notification.
 */
export interface ServerMessageNotification extends ServerNotificationEnvelope {
  /**
   * Tag: `"notification"`. Required.
   */
  type: "notification";
}

/**
 * `ServerMessage` variant: a server-initiated request.
 */
export interface ServerMessageRequest extends ServerRequestEnvelope {
  /**
   * Tag: `"request"`. Required.
   */
  type: "request";
}

/**
 * Every message a server sends, tagged by `type`. An unknown `type` fails to
 * decode; unknown extra fields are ignored.
 */
export type ServerMessage = ServerMessageResponse | ServerMessageNotification | ServerMessageRequest;
