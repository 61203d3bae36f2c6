import type { AskUserCancellationReason } from "@app-server-protocol/types";

/** Every cancellation reason of spec 4.8; the check below fails to compile when the type gains one. */
const REASONS = ["interrupt", "disconnect", "timeout", "client_closed", "delivery_failed", "session_closed", "shutdown"] as const satisfies readonly AskUserCancellationReason[];

type Unlisted = Exclude<AskUserCancellationReason, (typeof REASONS)[number]>;
const everyReasonListed: [Unlisted] extends [never] ? true : never = true;

const KNOWN: ReadonlySet<unknown> = new Set<unknown>(everyReasonListed ? REASONS : []);

/** Whether `value` is a cancellation reason of spec 4.8. */
export function isCancellationReason(value: unknown): value is AskUserCancellationReason {
  return KNOWN.has(value);
}
