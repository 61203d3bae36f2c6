import { DEFAULT_MAX_MESSAGE_BYTES } from "@app-server-protocol/validators";
import { InvalidArgumentError, Option } from "commander";

/** The parsed options, as commander hands them over. */
export type Parsed = { readonly [name: string]: unknown };

/** Where a command puts its exit code once its action has run. */
export interface ExitCode {
  code: number;
}

function byteCount(text: string): number {
  const count = Number(text);
  if (!Number.isSafeInteger(count) || count < 1) throw new InvalidArgumentError("must be a positive integer");
  return count;
}

export function maxBytesOption(): Option {
  return new Option("--max-bytes <bytes>", "largest line accepted, in UTF-8 bytes").argParser(byteCount).default(DEFAULT_MAX_MESSAGE_BYTES);
}

export function maxBytesOf(parsed: Parsed): number {
  return typeof parsed["maxBytes"] === "number" ? parsed["maxBytes"] : DEFAULT_MAX_MESSAGE_BYTES;
}

/** The value of `name` when it is one of `choices`, else `fallback`. */
export function choiceOf<T extends string>(parsed: Parsed, name: string, choices: readonly T[], fallback: T): T {
  const value = parsed[name];
  return choices.find((choice) => choice === value) ?? fallback;
}
