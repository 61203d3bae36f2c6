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
  /** Judge each line's text too, what `JSON.parse` hides of it (README "Per line"); on unless `false`, which the bench compares with. */
  readonly lexical?: boolean;
  /** Told the running count of judged lines every `PROGRESS_EVERY` lines. */
  readonly progress?: (lines: number) => void;
}

/** How many judged lines apart progress is told. */
export const PROGRESS_EVERY = 10_000;

/**
 * The judge of one transcript's lines, in order. A class holding what it
 * reads per line, not a closure over the run's options: the engine keeps
 * the code it optimized for it from one transcript to the next, where a new
 * options object (with a new `progress` function) each run would discard it.
 */
class LineJudge {
  private checker: TranscriptChecker | undefined;
  private readonly progress: ((lines: number) => void) | undefined;
  private readonly lexical: boolean;
  /** How many non-blank lines were judged. */
  lines = 0;

  constructor(
    private readonly file: string,
    private readonly options: ValidateRunOptions,
    private readonly report: (finding: Finding) => void,
  ) {
    this.progress = options.progress;
    this.lexical = options.lexical !== false;
  }

  judge(verdicts: readonly LineVerdict<ParsedLine>[]): void {
    for (const { line, result } of verdicts) {
      this.lines += 1;
      if (this.lines % PROGRESS_EVERY === 0) this.progress?.(this.lines);
      if (!result.ok) {
        this.report({ file: this.file, ...failureFinding(line, result.error) });
        continue;
      }
      const checker = this.checker ?? this.firstChecker(result.value.value);
      const findings = checkedLine(checker, line, result.value.value, this.lexical ? result.value.text : undefined);
      // Most lines have none, and an iterator made per line to find that out costs more than the check.
      if (findings.length > 0) for (const finding of findings) this.report({ file: this.file, ...finding });
    }
  }

  end(): void {
    for (const finding of this.checker?.end() ?? []) this.report({ file: this.file, ...finding });
  }

  /** The checker, chosen by the first line that is JSON. */
  private firstChecker(first: unknown): TranscriptChecker {
    this.checker = checkerFor(this.options.framing, first, this.options);
    return this.checker;
  }
}

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
  const judge = new LineJudge(file, options, report);
  for await (const chunk of source) {
    judge.judge(reader.push(chunk));
    await onChunk(chunk);
  }
  const last = reader.end();
  // An empty list is of another kind of array than a list of verdicts: the judge's code is kept for the one kind.
  if (last.length > 0) judge.judge(last);
  judge.end();
  return judge.lines;
}
