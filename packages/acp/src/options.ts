import type { AcpPermissionOption } from "./acp-types.js";

/** The option that approves a permission request once. */
export const ALLOW_ONCE = "allow_once";
/** The option that approves a permission request and remembers it (offered only with `offerAllowAlways`). */
export const ALLOW_ALWAYS = "allow_always";
/** The option that rejects a permission request. */
export const REJECT_ONCE = "reject_once";
/** The option that trusts an MCP server. */
export const TRUST_MCP_SERVER = "trust_mcp_server";
/** The option that refuses to trust an MCP server. */
export const REJECT_MCP_SERVER = "reject_mcp_server";
/** The prefix of a question's options: `ask_user_option_0`, `ask_user_option_1`, ... */
export const ASK_USER_OPTION_PREFIX = "ask_user_option_";

/** The options of a permission request, with "Always allow" only when asked for. */
export function permissionOptions(offerAllowAlways: boolean): AcpPermissionOption[] {
  return [
    { optionId: ALLOW_ONCE, name: "Allow once", kind: "allow_once" },
    ...(offerAllowAlways ? [{ optionId: ALLOW_ALWAYS, name: "Always allow", kind: "allow_always" as const }] : []),
    { optionId: REJECT_ONCE, name: "Reject", kind: "reject_once" },
  ];
}

/** The options of an MCP trust request. */
export const MCP_TRUST_OPTIONS: readonly AcpPermissionOption[] = [
  { optionId: TRUST_MCP_SERVER, name: "Trust server", kind: "allow_once" },
  { optionId: REJECT_MCP_SERVER, name: "Reject server", kind: "reject_once" },
];

/** The option id of the legacy label at `index` (0-based); a value that is not a number names no option (`ask_user_option_NaN`). */
export function askUserOptionId(index: number): string {
  return `${ASK_USER_OPTION_PREFIX}${typeof index === "number" ? index : Number.NaN}`;
}

/**
 * The 0-based index an `ask_user_option_<N>` id names, read as the reference
 * reads it (an unsigned decimal, optionally with a leading `+`), or
 * `undefined` when it names none (or is not a string).
 */
export function askUserOptionIndex(optionId: string): number | undefined {
  if (typeof optionId !== "string" || !optionId.startsWith(ASK_USER_OPTION_PREFIX)) return undefined;
  const digits = optionId.slice(ASK_USER_OPTION_PREFIX.length);
  if (!/^\+?[0-9]+$/.test(digits)) return undefined;
  const index = Number(digits.replace(/^\+/, ""));
  return Number.isSafeInteger(index) ? index : undefined;
}
