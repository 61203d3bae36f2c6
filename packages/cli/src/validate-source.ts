import { failureFinding, type Finding } from "./findings.js";
import { checkedLine, type CheckerOptions, type TranscriptChecker } from "./checker.js";
import { checkerFor, type Framing } from "./framing.js";
import type { ChunkSource } from "./io.js";
import { parseLine, type ParsedLine } from "./parse-line.js";
import { NdjsonReader, type LineVerdict } from "@app-server-protocol/validators";

/** Options of a `validate` run. */
export interface ValidateRunOptions extends CheckerOptions {
  readonly framing: Framing;
  readonly maxBytes: number;
  /** Told the running count of judged lines every `PROGRESS_EVERY` lines. */
  readonly progress?: (lines: number) => void;
}

/** How many judged lines apart progress is told. */
export const PROGRESS_EVERY = 10_000;

/**
 * Validates one transcript as it streams (one line in memory at a time),
 * handing each finding to `report` with its file and line, and each chunk
 * to `onChunk` once judged (awaited, so a slow consumer slows the reading).
 * Returns how many non-blank lines it judged. Throws only what reading the
 * source throws.
 */
export async function validateSource(
  file: string,
  source: ChunkSource,
  options: ValidateRunOptions,
  report: (finding: Finding) => void,
  onChunk: (chunk: string | Uint8Array) => Promise<void> | void = () => {},
): Promise<number> {
  // `fatal`: a line that is not UTF-8 is reported as `invalid_utf8`, not judged with U+FFFD in it.
  const reader = new NdjsonReader(parseLine, { maxBytes: options.maxBytes, fatal: true });
  let checker: TranscriptChecker | undefined;
  let lines = 0;
  const judge = (verdicts: readonly LineVerdict<ParsedLine>[]) => {
    for (const { line, result } of verdicts) {
      lines += 1;
      if (lines % PROGRESS_EVERY === 0) options.progress?.(lines);
      if (!result.ok) {
        report({ file, ...failureFinding(line, result.error) });
        continue;
      }
      // The framing is chosen by the first line that is JSON.
      checker ??= checkerFor(options.framing, result.value.value, options);
      for (const finding of checkedLine(checker, line, result.value.value, result.value.text)) report({ file, ...finding });
    }
  };
  for await (const chunk of source) {
    judge(reader.push(chunk));
    await onChunk(chunk);
  }
  judge(reader.end());
  for (const finding of checker?.end() ?? []) report({ file, ...finding });
  return lines;
}
