import type { SessionGoal } from "./goals.js";
import type { Uint, Uint32, Uint64 } from "./integers.js";

/**
 * A model provider, in the spelling the reference emits. Decoders also
 * accept the alias `open_ai`; see `ProviderIdInput`.
 */
export type ProviderId = "anthropic" | "openai" | "gemini" | "grok";

/**
 * Every spelling of `ProviderId` a decoder accepts: the emitted values plus
 * the input alias `open_ai`, which reads as `openai` (a serde `alias`, so
 * the reference accepts it in both directions). Never emitted; a field of
 * this type holds a `ProviderId` when written.
 * @emitted ProviderId
 */
export type ProviderIdInput = ProviderId | "open_ai";

/**
 * `SessionStatus` variant: the session can be loaded.
 */
export interface SessionStatusAvailable {
  /**
   * Tag: `"available"`. Required.
   */
  kind: "available";
}

/**
 * `SessionStatus` variant: the transcript exists on disk but could not be
 * loaded.
 */
export interface SessionStatusCorrupt {
  /**
   * Tag: `"corrupt"`. Required.
   */
  kind: "corrupt";
  /**
   * Short human-readable diagnostic. Required.
   */
  reason: string;
}

/**
 * Whether a listed session can be loaded, tagged by `kind`.
 */
export type SessionStatus = SessionStatusAvailable | SessionStatusCorrupt;

/**
 * One session as listed by `session/list` and reported by the
 * `session_started` and `session_loaded` stream events.
 */
export interface SessionSummary {
  /**
   * Session id. Required.
   */
  session_id: string;
  /**
   * Display title: the custom title when set, otherwise the automatic title.
   * Optional and nullable; absent and `null` both mean untitled; always
   * emitted.
   */
  title?: string | null;
  /**
   * Title the user set by renaming the session. Optional and nullable;
   * absent and `null` both mean none; always emitted.
   */
  custom_title?: string | null;
  /**
   * Number of transcript messages. Required.
   */
  message_count: Uint;
  /**
   * When the session was created, as an RFC 3339 timestamp. Required.
   */
  created_at: string;
  /**
   * When the session last changed, as an RFC 3339 timestamp. Required.
   */
  updated_at: string;
  /**
   * Working directory of the session. Optional and nullable; absent and
   * `null` both mean unknown; always emitted.
   */
  cwd?: string | null;
  /**
   * Git branch the session was recorded on. Optional and nullable; absent
   * and `null` both mean none; always emitted.
   */
  git_branch?: string | null;
  /**
   * Model the session used. Optional and nullable; absent and `null` both
   * mean unknown; always emitted.
   */
  model?: string | null;
  /**
   * Provider the session used. Optional and nullable; absent and
   * `null` both mean unknown; always emitted.
   */
  provider?: ProviderIdInput | null;
  /**
   * Path of the session's transcript file. Optional and nullable; absent and
   * `null` both mean unknown; always emitted.
   */
  transcript_path?: string | null;
  /**
   * Whether the session can be loaded. Optional, defaults to
   * `{"kind":"available"}` (`null` is not accepted); always emitted.
   * @default {"kind":"available"}
   */
  status?: SessionStatus;
  /**
   * Sum of the messages' `usage.input_tokens`. Optional, defaults to `0`
   * (`null` is not accepted); always emitted.
   * @default 0
   */
  total_input_tokens?: Uint64;
  /**
   * Sum of the messages' `usage.output_tokens`. Optional, defaults to `0`
   * (`null` is not accepted); always emitted.
   * @default 0
   */
  total_output_tokens?: Uint64;
  /**
   * Seconds from `created_at` to `updated_at`. Optional and nullable; absent
   * and `null` both mean unknown (the reference sends `null` for a session
   * without messages); always emitted.
   */
  duration_secs?: Uint64 | null;
}

/**
 * A whole session: its metadata and its transcript. Returned by
 * `session/fork` and inside `BootstrapState` and other results.
 */
export interface SessionRecord {
  /**
   * Session id. Required.
   */
  session_id: string;
  /**
   * Automatic title, taken from the first user message. Optional and
   * nullable; absent and `null` both mean untitled; always emitted.
   */
  title?: string | null;
  /**
   * Title the user set by renaming the session. Optional and nullable;
   * absent and `null` both mean none; always emitted.
   */
  custom_title?: string | null;
  /**
   * When the session was created, as an RFC 3339 timestamp. Required.
   */
  created_at: string;
  /**
   * When the session last changed, as an RFC 3339 timestamp. Required.
   */
  updated_at: string;
  /**
   * Working directory of the session. Optional and nullable; absent and
   * `null` both mean unknown; always emitted.
   */
  cwd?: string | null;
  /**
   * Git branch the session was recorded on. Optional and nullable; absent
   * and `null` both mean none; always emitted.
   */
  git_branch?: string | null;
  /**
   * Model the session uses. Optional and nullable; absent and `null` both
   * mean unknown; always emitted.
   */
  model?: string | null;
  /**
   * Provider the session uses. Optional and nullable; absent and
   * `null` both mean unknown; always emitted.
   */
  provider?: ProviderIdInput | null;
  /**
   * Extra directories the session may access. Optional, defaults to `[]`
   * (`null` is not accepted); always emitted.
   * @default []
   */
  additional_directories?: string[];
  /**
   * Tool rules allowed for this session only. Optional, defaults to `[]`
   * (`null` is not accepted); always emitted.
   * @default []
   */
  session_allowed_tools?: string[];
  /**
   * Tool rules denied for this session only. Optional, defaults to `[]`
   * (`null` is not accepted); always emitted.
   * @default []
   */
  session_disallowed_tools?: string[];
  /**
   * Per-session effort override. Optional and nullable; absent and `null`
   * both mean no override; always emitted.
   */
  session_effort?: EffortLevel | null;
  /**
   * The session's persistent goal. Optional and nullable; absent and `null`
   * both mean no goal; always emitted.
   */
  goal?: SessionGoal | null;
  /**
   * The transcript, oldest message first. Required.
   */
  messages: TranscriptMessage[];
}

/**
 * Who wrote a transcript message.
 */
export type MessageRole = "system" | "user" | "assistant";

/**
 * One message of a session transcript.
 */
export interface TranscriptMessage {
  /**
   * Message id. Required.
   */
  id: string;
  /**
   * Who wrote the message. Required.
   */
  role: MessageRole;
  /**
   * The visible text: the message's non-empty `text` blocks, trimmed and
   * joined by a blank line (thinking and tool blocks are left out).
   * Required.
   */
  content: string;
  /**
   * The message's content blocks in order. Optional, defaults to `[]`
   * (`null` is not accepted); always emitted.
   * @default []
   */
  blocks?: TranscriptBlock[];
  /**
   * Why the provider stopped generating, in the provider's spelling.
   * Optional and nullable; absent and `null` both mean none; always
   * emitted.
   */
  stop_reason?: string | null;
  /**
   * Token usage the provider reported for this message. Optional and
   * nullable; absent and `null` both mean none; always emitted.
   */
  usage?: TokenUsage | null;
  /**
   * When the message was created, as an RFC 3339 timestamp. Required.
   */
  created_at: string;
  /**
   * The agent inserted the message itself; its `usage` is not counted.
   * Omitted when `false`.
   * @default false
   */
  is_synthetic?: boolean;
}

/**
 * `TranscriptBlock` variant: visible text.
 */
export interface TranscriptBlockText {
  /**
   * Tag: `"text"`. Required.
   */
  kind: "text";
  /**
   * The text. Required.
   */
  text: string;
}

/**
 * `TranscriptBlock` variant: the model's reasoning.
 */
export interface TranscriptBlockThinking {
  /**
   * Tag: `"thinking"`. Required.
   */
  kind: "thinking";
  /**
   * The reasoning text. Required.
   */
  text: string;
  /**
   * Provider signature of the reasoning. Optional and nullable; absent and
   * `null` both mean none; always emitted.
   */
  signature?: string | null;
}

/**
 * `TranscriptBlock` variant: a tool call the model made.
 */
export interface TranscriptBlockToolUse {
  /**
   * Tag: `"tool_use"`. Required.
   */
  kind: "tool_use";
  /**
   * Provider tool-use id of the call. Required.
   */
  id: string;
  /**
   * Name of the tool. Required.
   */
  name: string;
  /**
   * The tool's input as a JSON text (a string, not an object). Required.
   */
  input: string;
}

/**
 * `TranscriptBlock` variant: the result of a tool call.
 */
export interface TranscriptBlockToolResult {
  /**
   * Tag: `"tool_result"`. Required.
   */
  kind: "tool_result";
  /**
   * The `id` of the `tool_use` block this answers. Required.
   */
  tool_use_id: string;
  /**
   * The tool's output as text (always a string on the wire). Required.
   */
  content: string;
  /**
   * The tool call failed. Required.
   */
  is_error: boolean;
  /**
   * Extra result metadata as text. Optional and nullable; absent and `null`
   * both mean none; always emitted.
   */
  metadata?: string | null;
}

/**
 * One content block of a transcript message, tagged by `kind`.
 */
export type TranscriptBlock =
  | TranscriptBlockText
  | TranscriptBlockThinking
  | TranscriptBlockToolUse
  | TranscriptBlockToolResult;

/**
 * A count of `TokenUsage` or `ServerToolUseUsage` as the reference reads
 * it: any JSON integer that fits 64 unsigned bits (0 to
 * 18446744073709551615). The reference reads a `u64` and keeps its low 32
 * bits, so a value above 4294967295 is accepted but does not mean what it
 * says; producers emit a `Uint32`.
 * @TJS-type integer
 * @minimum 0
 * @maximum 18446744073709551615
 * @emitted Uint32
 */
export type UsageCountInput = number;

/**
 * Server-side tool requests counted in a `TokenUsage`.
 */
export interface ServerToolUseUsage {
  /**
   * Web searches the provider ran. Optional, defaults to `0`; `null` is also
   * accepted on input and read as `0`, but never emitted; always emitted.
   * @default 0
   */
  web_search_requests?: UsageCountInput | null;
  /**
   * Web fetches the provider ran. Optional, defaults to `0`; `null` is also
   * accepted on input and read as `0`, but never emitted; always emitted.
   * @default 0
   */
  web_fetch_requests?: UsageCountInput | null;
}

/**
 * Cache-write tokens of a `TokenUsage`, split by cache lifetime.
 */
export interface CacheCreationUsage {
  /**
   * Tokens written to the one-hour cache. Optional, defaults to `0`; `null`
   * is also accepted on input and read as `0`, but never emitted; always
   * emitted.
   * @default 0
   */
  ephemeral_1h_input_tokens?: Uint32 | null;
  /**
   * Tokens written to the five-minute cache. Optional, defaults to `0`;
   * `null` is also accepted on input and read as `0`, but never emitted;
   * always emitted.
   * @default 0
   */
  ephemeral_5m_input_tokens?: Uint32 | null;
}

/**
 * Token counts of one iteration of a provider request.
 */
export interface UsageIteration {
  /**
   * Input tokens of the iteration. Optional, defaults to `0`; `null` is also
   * accepted on input and read as `0`, but never emitted; always emitted.
   * @default 0
   */
  input_tokens?: Uint32 | null;
  /**
   * Output tokens of the iteration. Optional, defaults to `0`; `null` is
   * also accepted on input and read as `0`, but never emitted; always
   * emitted.
   * @default 0
   */
  output_tokens?: Uint32 | null;
}

/**
 * `TokenUsage.iterations` as producers write it: a list of well-formed
 * `UsageIteration` records (the reference emits one), or `null`, which
 * every reader reads as `[]`.
 */
export type UsageIterations = UsageIteration[] | null;

/**
 * `TokenUsage.iterations` as the reference reads it: any JSON value. In an
 * array, the items that decode as a `UsageIteration` are kept and the
 * others dropped; any other value, `null` included, reads as `[]`.
 * Producers emit `UsageIterations`.
 * @emitted UsageIterations
 */
export type UsageIterationsInput = unknown;

/**
 * Token usage a provider reported. Every field is optional on input; the
 * reference server emits every field (counts as integers, the nested
 * records in full, `service_tier` and `speed` as `null` when unknown). The
 * counts and `iterations` are read as tolerantly as the reference reads
 * them (`UsageCountInput`, `UsageIterationsInput`); producer-strict
 * validation holds them to the emitted forms.
 */
export interface TokenUsage {
  /**
   * Input tokens not read from or written to the cache. Optional, defaults
   * to `0`; `null` is also accepted on input and read as `0`, but never
   * emitted; always emitted.
   * @default 0
   */
  input_tokens?: UsageCountInput | null;
  /**
   * Input tokens written to the cache. Optional, defaults to `0`; `null` is
   * also accepted on input and read as `0`, but never emitted; always
   * emitted.
   * @default 0
   */
  cache_creation_input_tokens?: UsageCountInput | null;
  /**
   * Input tokens read from the cache. Optional, defaults to `0`; `null` is
   * also accepted on input and read as `0`, but never emitted; always
   * emitted.
   * @default 0
   */
  cache_read_input_tokens?: UsageCountInput | null;
  /**
   * Output tokens. Optional, defaults to `0`; `null` is also accepted on
   * input and read as `0`, but never emitted; always emitted.
   * @default 0
   */
  output_tokens?: UsageCountInput | null;
  /**
   * Server-side tool requests. Optional, defaults to all counts `0`; `null`
   * is also accepted on input and read as the default, but never emitted;
   * always emitted.
   * @default {"web_search_requests":0,"web_fetch_requests":0}
   */
  server_tool_use?: ServerToolUseUsage | null;
  /**
   * Provider service tier, for example `standard`. Optional and nullable;
   * absent and `null` both mean unknown; always emitted.
   */
  service_tier?: string | null;
  /**
   * Cache-write tokens split by cache lifetime. Optional, defaults to all
   * counts `0`; `null` is also accepted on input and read as the default,
   * but never emitted; always emitted.
   * @default {"ephemeral_1h_input_tokens":0,"ephemeral_5m_input_tokens":0}
   */
  cache_creation?: CacheCreationUsage | null;
  /**
   * Per-iteration token counts. Optional, defaults to `[]`; always emitted,
   * as a list. Read tolerantly (`UsageIterationsInput`): a value that is not
   * an array, `null` included, reads as `[]`, and items that are not
   * well-formed `UsageIteration` records are dropped.
   * @default []
   */
  iterations?: UsageIterationsInput;
  /**
   * Provider speed mode. Optional and nullable; absent and `null` both mean
   * unknown; always emitted.
   */
  speed?: string | null;
  /**
   * Total tokens. Optional, defaults to `0`; `null` is also accepted on
   * input and read as `0`, but never emitted; always emitted.
   * @default 0
   */
  total_tokens?: UsageCountInput | null;
}

/**
 * The state of the git worktree at the turn's working directory.
 */
export type WorktreeState = "normal" | "detached" | "linked";

/**
 * One extra directory of a `TurnContext`, with what the server found there.
 */
export interface AdditionalDirectoryInfo {
  /**
   * The directory. Required.
   */
  path: string;
  /**
   * The directory has a CLAUDE.md file. Optional, defaults to `false`
   * (`null` is not accepted); always emitted.
   * @default false
   */
  has_claude_md?: boolean;
  /**
   * Git branch checked out in the directory. Optional and nullable; absent
   * and `null` both mean none; always emitted.
   */
  git_branch?: string | null;
  /**
   * Root of the git repository holding the directory. Optional and
   * nullable; absent and `null` both mean none; always emitted.
   */
  repo_root?: string | null;
}

/**
 * Where a memory source comes from.
 */
export type MemorySourceKind = "managed" | "user" | "project" | "local" | "team" | "agent" | "skill";

/**
 * One memory (instructions) source considered for a turn.
 */
export interface MemorySource {
  /**
   * Where the source comes from. Required.
   */
  kind: MemorySourceKind;
  /**
   * Human-readable name of the source. Required.
   */
  label: string;
  /**
   * File of the source. Optional and nullable; absent and `null` both mean
   * none; always emitted.
   */
  path?: string | null;
  /**
   * Whether the source was loaded. Required.
   */
  status: MemorySourceStatus;
  /**
   * The client may edit the source. Required.
   */
  writable: boolean;
  /**
   * Trust boundary the source belongs to. Optional and nullable; absent and
   * `null` both mean none; always emitted.
   */
  trust_boundary?: string | null;
  /**
   * Scope the source applies to. Optional and nullable; absent and `null`
   * both mean none; always emitted.
   */
  scope?: string | null;
  /**
   * Why the source was skipped. Optional and nullable; absent and `null`
   * both mean not skipped; always emitted.
   */
  skipped_reason?: string | null;
  /**
   * The source's text. Optional and nullable; absent and `null` both mean
   * none; always emitted.
   */
  content?: string | null;
}

/**
 * The environment a turn runs in, as given to the model: the
 * `context/preview` result and part of the `request_started` stream event.
 */
export interface TurnContext {
  /**
   * Working directory. Required.
   */
  cwd: string;
  /**
   * Extra directories the turn may access. Optional, defaults to `[]`
   * (`null` is not accepted); always emitted.
   * @default []
   */
  additional_directories?: string[];
  /**
   * What the server found in each extra directory. Optional, defaults to
   * `[]` (`null` is not accepted); always emitted.
   * @default []
   */
  additional_directory_details?: AdditionalDirectoryInfo[];
  /**
   * Root of the git repository holding `cwd`. Optional and nullable; absent
   * and `null` both mean none; always emitted.
   */
  repo_root?: string | null;
  /**
   * `cwd` relative to `repo_root`. Optional and nullable; absent and `null`
   * both mean none; always emitted.
   */
  cwd_relative_to_repo?: string | null;
  /**
   * Today's date as given to the model. Required.
   */
  current_date: string;
  /**
   * Git branch checked out in `cwd`. Optional and nullable; absent and
   * `null` both mean none (no git repository or no branch); always emitted.
   */
  git_branch?: string | null;
  /**
   * The repository's default branch. Optional and nullable; absent and
   * `null` both mean unknown; always emitted.
   */
  git_default_branch?: string | null;
  /**
   * The configured git user. Optional and nullable; absent and `null` both
   * mean unknown; always emitted.
   */
  git_user?: string | null;
  /**
   * Git status output for `cwd`. Optional and nullable; absent and `null`
   * both mean none; always emitted.
   */
  git_status?: string | null;
  /**
   * Recent commits as text. Optional and nullable; absent and `null` both
   * mean none; always emitted.
   */
  git_recent_commits?: string | null;
  /**
   * The repository's remote. Optional and nullable; absent and `null` both
   * mean none; always emitted.
   */
  git_remote?: string | null;
  /**
   * State of the git worktree. Optional and nullable; absent and `null` both
   * mean unknown; always emitted.
   */
  git_worktree_state?: WorktreeState | null;
  /**
   * Whether the project is trusted. Optional and nullable; absent and `null`
   * both mean unknown; always emitted.
   */
  trusted_project?: boolean | null;
  /**
   * Memory sources considered for the turn. Optional, defaults to `[]`
   * (`null` is not accepted); always emitted.
   * @default []
   */
  memory_sources?: MemorySource[];
  /**
   * CLAUDE.md memory text included in the context. Optional and nullable;
   * absent and `null` both mean none; always emitted.
   */
  claude_md?: string | null;
}

/**
 * How much reasoning effort the model spends.
 */
export type EffortLevel = "low" | "medium" | "high" | "max";

/**
 * The state of a memory file or source.
 */
export type MemorySourceStatus = "loaded" | "empty" | "missing" | "skipped";
