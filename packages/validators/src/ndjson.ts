import { failure, type ValidationResult } from "./result.js";
import { DEFAULT_MAX_MESSAGE_BYTES, type ParseOptions } from "./text.js";

// TextDecoder is a global in Node and in browsers, but in neither library set
// this package compiles against (no DOM, no Node types): declare the part used.
interface Utf8Decoder {
  decode(input?: Uint8Array, options?: { readonly stream?: boolean }): string;
}
declare const TextDecoder: new () => Utf8Decoder;

/** The verdict on one line of an NDJSON stream. */
export interface LineVerdict<T> {
  /** 1-based line number, counting blank lines. */
  readonly line: number;
  readonly result: ValidationResult<T>;
}

/** A text entry point such as `parseClientMessage` or `parseServerMessage`. */
export type LineParser<T> = (text: string, options: ParseOptions) => ValidationResult<T>;

/**
 * Splits NDJSON chunks into lines and judges each one, going on after a bad
 * line. Blank lines are skipped, as the reference's readers skip them. A line
 * longer than `maxBytes` is reported as `too_large` without being buffered
 * whole.
 *
 * @example
 * ```ts
 * import { NdjsonReader, parseClientMessage } from "@app-server-protocol/validators";
 *
 * const reader = new NdjsonReader(parseClientMessage);
 * const verdicts = [
 *   ...reader.push('{"type":"request","id":"1","method":"session/list"}\nnot json\n\n{"type":"req'),
 *   ...reader.push('uest","id":"2","method":"turn/cancel","params":{"session_id":"s"}}\n'),
 *   ...reader.end(),
 * ];
 * verdicts.map(({ line, result }) => [line, result.ok]); // => [[1, true], [2, false], [4, true]]
 * ```
 */
export class NdjsonReader<T> {
  private readonly decoder = new TextDecoder();
  private readonly maxBytes: number;
  private parts: string[] = [];
  private pendingLength = 0;
  private overflowing = false;
  private line = 0;

  constructor(
    private readonly parse: LineParser<T>,
    private readonly options: ParseOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

  /** Feeds the next chunk (text, or UTF-8 bytes that may split characters) and returns the verdicts of the lines it completed. */
  push(chunk: string | Uint8Array): LineVerdict<T>[] {
    const text = typeof chunk === "string" ? chunk : this.decoder.decode(chunk, { stream: true });
    const verdicts: LineVerdict<T>[] = [];
    let start = 0;
    for (let newline = text.indexOf("\n"); newline !== -1; newline = text.indexOf("\n", start)) {
      this.append(text.slice(start, newline));
      this.finishLine(verdicts);
      start = newline + 1;
    }
    this.append(text.slice(start));
    return verdicts;
  }

  /** Ends the stream: judges a last line that had no newline. */
  end(): LineVerdict<T>[] {
    this.append(this.decoder.decode());
    const verdicts: LineVerdict<T>[] = [];
    if (this.pendingLength > 0 || this.overflowing) this.finishLine(verdicts);
    return verdicts;
  }

  private append(piece: string): void {
    if (piece === "" || this.overflowing) return;
    this.pendingLength += piece.length;
    // Each UTF-16 unit is at least one UTF-8 byte, so this line is already too large.
    if (this.pendingLength > this.maxBytes) {
      this.overflowing = true;
      this.parts = [];
    } else {
      this.parts.push(piece);
    }
  }

  private finishLine(verdicts: LineVerdict<T>[]): void {
    this.line += 1;
    const text = this.parts.join("");
    const overflowed = this.overflowing;
    this.parts = [];
    this.pendingLength = 0;
    this.overflowing = false;
    if (overflowed) {
      verdicts.push({ line: this.line, result: failure("too_large", "", `line exceeds ${this.maxBytes} bytes`) });
    } else if (text.trim() !== "") {
      verdicts.push({ line: this.line, result: this.parse(text.endsWith("\r") ? text.slice(0, -1) : text, this.options) });
    }
  }
}

/**
 * Judges every line of an NDJSON stream, such as a transcript file or a
 * process's stdout, as it arrives.
 *
 * @example
 * ```ts
 * import { createReadStream } from "node:fs";
 * import { parseServerMessage, readNdjson } from "@app-server-protocol/validators";
 *
 * async function report(path: string): Promise<number> {
 *   let bad = 0;
 *   for await (const { line, result } of readNdjson(createReadStream(path), parseServerMessage)) {
 *     if (!result.ok) {
 *       bad += 1;
 *       console.error(`line ${line}: ${result.error.message}`);
 *     }
 *   }
 *   return bad;
 * }
 * ```
 */
export async function* readNdjson<T>(
  source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  parse: LineParser<T>,
  options: ParseOptions = {},
): AsyncGenerator<LineVerdict<T>> {
  const reader = new NdjsonReader(parse, options);
  for await (const chunk of source) yield* reader.push(chunk);
  yield* reader.end();
}
