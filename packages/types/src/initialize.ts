/**
 * Who the client is.
 */
export interface ClientInfo {
  /**
   * Client name. Required.
   */
  name: string;
  /**
   * Client version. Required.
   */
  version: string;
}

/**
 * Who the server is.
 */
export interface ServerInfo {
  /**
   * Server name; `"orbcode"` for the reference server. Required.
   */
  name: string;
  /**
   * Server version (the reference reports its crate version). Required.
   */
  version: string;
}

/**
 * The interactive-question behaviours a connection can complete. There is no
 * version field: "version 1" is this set of six flags, and the complete
 * version-1 capability is all six set to `true`.
 */
export interface InteractiveQuestionsCapability {
  /**
   * The client can show single-select questions. Optional, defaults to
   * `false`.
   * @default false
   */
  single_select?: boolean;
  /**
   * The client can show multi-select questions. Optional, defaults to
   * `false`.
   * @default false
   */
  multi_select?: boolean;
  /**
   * The client can collect a free-text answer. Optional, defaults to `false`.
   * @default false
   */
  free_text?: boolean;
  /**
   * The client can render option previews. Optional, defaults to `false`.
   * @default false
   */
  previews?: boolean;
  /**
   * The client can collect a per-question annotation. Optional, defaults to
   * `false`.
   * @default false
   */
  annotations?: boolean;
  /**
   * The client can send the special outcomes `rejected`, `clarify` and
   * `finish_plan_interview`. Only counts toward the complete capability; no
   * server rejects special outcomes from a client that did not declare it.
   * Optional, defaults to `false`.
   * @default false
   */
  special_outcomes?: boolean;
}

/**
 * What the client can do, declared once at `initialize`.
 */
export interface ClientCapabilities {
  /**
   * Declared streaming support; informational, the server always streams
   * notifications. Optional, defaults to `false`; always emitted.
   * @default false
   */
  streaming?: boolean;
  /**
   * Opts in to the experimental client methods. Optional, defaults to
   * `false`; always emitted.
   * @default false
   */
  experimental_methods?: boolean;
  /**
   * Opts in to the `session/goal/*` methods; only effective together with
   * `experimental_methods`. Also adds the goal tools to `tools/list`.
   * Optional, defaults to `false`; always emitted.
   * @default false
   */
  persistent_goals?: boolean;
  /**
   * The interactive-question behaviours this client can complete. Absent or
   * `null` means the capability is off; omitted when absent.
   */
  interactive_questions?: InteractiveQuestionsCapability | null;
}

/**
 * What the server offers, reported in the `initialize` result.
 */
export interface ServerCapabilities {
  /**
   * Always `true` for the reference server. Required.
   */
  streaming: boolean;
  /**
   * Every stable client method, in canonical order. Required.
   */
  stable_methods: string[];
  /**
   * The experimental client methods this client may call: empty unless the
   * client declared `experimental_methods`, and without the four
   * `session/goal/*` methods unless it also declared `persistent_goals`.
   * Required.
   */
  experimental_methods: string[];
  /**
   * Every server notification method. Required.
   */
  server_notification_methods: string[];
  /**
   * Every server request method. Required.
   */
  server_request_methods: string[];
}

/**
 * Params of `initialize`, the first request on every connection.
 */
export interface InitializeParams {
  /**
   * The client's protocol version; send `"1.0"`. Not validated by the
   * reference server, which echoes it back. Required.
   */
  protocol_version: string;
  /**
   * Client identity. Required.
   */
  client_info: ClientInfo;
  /**
   * What the client can do. Optional; absent means every capability off
   * (`null` is not accepted).
   */
  capabilities?: ClientCapabilities;
}

/**
 * Result of `initialize`.
 */
export interface InitializeResult {
  /**
   * The protocol version: the reference server echoes the client's
   * `protocol_version`. Required.
   */
  protocol_version: string;
  /**
   * Server identity. Required.
   */
  server_info: ServerInfo;
  /**
   * What the server offers this connection. Required.
   */
  capabilities: ServerCapabilities;
}
