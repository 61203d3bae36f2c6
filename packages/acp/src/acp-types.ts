import { isList, readField, readJson } from "./json-data.js";

// The part of the Agent Client Protocol (ACP) v1 this bridge speaks:
// `session/request_permission` and its response. Field names are ACP's
// (camelCase). Tests check these against the schema shipped in
// @agentclientprotocol/sdk.

/** The nature of a permission option, a hint for the editor's UI. */
export type AcpPermissionOptionKind = "allow_once" | "allow_always" | "reject_once" | "reject_always";

/** One choice offered to the user. */
export interface AcpPermissionOption {
  /** The id the editor answers with. */
  optionId: string;
  /** The label shown to the user. */
  name: string;
  /** What kind of choice it is. */
  kind: AcpPermissionOptionKind;
}

/** ACP's tool categories, which editors use for icons. */
export type AcpToolKind = "read" | "edit" | "delete" | "move" | "search" | "execute" | "think" | "fetch" | "switch_mode" | "other";

/** The tool call the permission is asked for. */
export interface AcpToolCallUpdate {
  /** The tool call's id. */
  toolCallId: string;
  /** The tool's category. */
  kind: AcpToolKind;
  /** The call's state: always `pending` while permission is asked. */
  status: "pending";
  /** A human-readable title. */
  title: string;
  /** The tool's programmatic name; the reference sets it for questions only (`AskUserQuestion`). */
  name?: string;
  /** The tool's input, as JSON. */
  rawInput: unknown;
}

/** Params of ACP's `session/request_permission`. */
export interface AcpRequestPermissionParams {
  /** The ACP session. */
  sessionId: string;
  /** The tool call needing permission. */
  toolCall: AcpToolCallUpdate;
  /** The choices, in display order. */
  options: AcpPermissionOption[];
}

/** The editor's answer: a selected option, or cancelled. */
export type AcpPermissionOutcome = { readonly outcome: "cancelled" } | { readonly outcome: "selected"; readonly optionId: string };

/** Result of ACP's `session/request_permission`. */
export interface AcpRequestPermissionResponse {
  /** The user's decision. */
  readonly outcome: AcpPermissionOutcome;
}

/** The option the editor selected, or `undefined` for `cancelled`, a transport error or anything malformed (a response with no JSON snapshot included: it is read once, into JSON data). */
export function selectedOption(response: unknown): string | undefined {
  const read = readJson(response);
  if (isList(read)) return undefined;
  const outcome = readField(read, "outcome");
  if (isList(outcome) || readField(outcome, "outcome") !== "selected") return undefined;
  const optionId = readField(outcome, "optionId");
  return typeof optionId === "string" ? optionId : undefined;
}
