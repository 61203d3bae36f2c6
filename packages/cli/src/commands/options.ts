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

function warningCount(text: string): number {
  const count = Number(text);
  if (text.trim() === "" || !Number.isSafeInteger(count) || count < 0) throw new InvalidArgumentError("must be a non-negative integer");
  return count;
}

export function maxWarningsOption(): Option {
  return new Option("--max-warnings <count>", "exit 1 when more warnings than this are found").argParser(warningCount);
}

/** The `--max-warnings` count, undefined when not given. */
export function maxWarningsOf(parsed: Parsed): number | undefined {
  return typeof parsed["maxWarnings"] === "number" ? parsed["maxWarnings"] : undefined;
}

/** Added to every command that reads files; main hands it to their reading through the io. */
export function followSymlinksOption(): Option {
  return new Option("--follow-symlinks", "read files through symbolic links that lead out of their folder");
}
