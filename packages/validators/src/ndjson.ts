import { decodedTexts, linesDecodedApart, lineDecoder, PendingLine, type LineContent, type Utf8Decoder } from "./pending-line.js";
import { numberOption, readOption } from "./options.js";
import { failure, thrownName, type ValidationResult } from "./result.js";
import { DEFAULT_MAX_MESSAGE_BYTES, type ParseOptions } from "./text.js";

/** The verdict on one line of an NDJSON stream. */
export interface LineVerdict<T> {
  /** 1-based line number, counting blank lines. */
  readonly line: number;
  readonly result: ValidationResult<T>;
}

/** A text entry point such as `parseClientMessage` or `parseServerMessage`. */
export type LineParser<T> = (text: string, options: ParseOptions) => ValidationResult<T>;

/** Options of the NDJSON readers; the rest is passed to the line parser. */
export interface NdjsonOptions extends ParseOptions {
  /**
   * Refuse a line of byte chunks that is not valid UTF-8 as `invalid_utf8`
   * (reading goes on with the next line). By default invalid sequences are
   * replaced with U+FFFD, as `TextDecoder` does, and the line is then judged
   * as JSON. Text chunks are already decoded and are not affected.
   */
  readonly fatal?: boolean;
}

const BOM = "\uFEFF";

const CARRIAGE_RETURN = 0x0d;

/**
 * Whether a line holds only white space, as `trim` tells it. A line that
 * starts with a printable ASCII character (as every JSON line but a spaced
 * one does) is not, which is told without the copy `trim` may make of it.
 */
function isBlank(text: string): boolean {
  const first = text.charCodeAt(0);
  return !(first > 0x20 && first < 0x7f) && text.trim() === "";
}

/** %TypedArray%.prototype: its getters read a typed array's internal slots, and none of its own properties. */
const TYPED_ARRAY_PROTOTYPE: object = Object.getPrototypeOf(Uint8Array.prototype);

/** The getter of `name` on %TypedArray%.prototype, typed as the specification defines it. */
function slotGetter<V>(name: "buffer" | "byteOffset" | "length" | typeof Symbol.toStringTag): ((this: Uint8Array) => V) | undefined {
  const getter: unknown = Object.getOwnPropertyDescriptor(TYPED_ARRAY_PROTOTYPE, name)?.get;
  return typeof getter === "function" ? (getter as (this: Uint8Array) => V) : undefined;
}

const toStringTagOf = slotGetter<string | undefined>(Symbol.toStringTag);
const bufferOf = slotGetter<ArrayBufferLike>("buffer");
const byteOffsetOf = slotGetter<number>("byteOffset");
const lengthOf = slotGetter<number>("length");

/**
 * Whether `value` is a `Uint8Array` (a Node `Buffer` included), read from
 * its internal slot: the `Symbol.toStringTag` getter consults none of the
 * value's own properties and gives `undefined` for anything else, a proxy
 * of a byte array included.
 */
function isUint8Array(value: unknown): value is Uint8Array {
  return ArrayBuffer.isView(value) && toStringTagOf !== undefined && Reflect.apply(toStringTagOf, value, []) === "Uint8Array";
}

/**
 * A plain `Uint8Array` over the bytes of `chunk`, made from its internal
 * slots and not copied: the chunk's own `constructor` (which `subarray`
 * consults), `length` or `indexOf` are never used.
 */
function viewOf(chunk: Uint8Array): Uint8Array {
  if (bufferOf === undefined || byteOffsetOf === undefined || lengthOf === undefined) return new Uint8Array(chunk);
  return new Uint8Array(bufferOf.call(chunk), byteOffsetOf.call(chunk), lengthOf.call(chunk));
}

// Room beyond `maxBytes` for what the cap does not count: a line's CR, and a BOM at the start of the stream.
const UNCOUNTED_UNITS = 2;

/**
 * Splits NDJSON chunks into lines and judges each one, going on after a bad
 * line. Blank lines are skipped, as the reference's readers skip them. The
 * `maxBytes` cap counts a line without its terminator (`\n` or `\r\n`); a
 * longer line is reported as `too_large` without being buffered whole. A
 * byte-order mark at the very start of the stream is dropped, for text and
 * byte chunks alike; anywhere else it is part of the line.
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
  private readonly maxBytes: number;
  private readonly decoder: Utf8Decoder;
  private readonly capacity: number;
  private readonly pending: PendingLine;
  private line = 0;

  constructor(
    private readonly parse: LineParser<T>,
    private readonly options: NdjsonOptions = {},
  ) {
    // Read once, each falling back to its default when it is not of its type (or throws when read).
    this.maxBytes = numberOption(options, "maxBytes", DEFAULT_MAX_MESSAGE_BYTES);
    this.decoder = lineDecoder(readOption(options, "fatal") === true);
    this.capacity = this.maxBytes + UNCOUNTED_UNITS;
    this.pending = new PendingLine(this.capacity);
  }

  /**
   * Feeds the next chunk (text, or UTF-8 bytes that may split characters)
   * and returns the verdicts of the lines it completed. A chunk that is
   * neither (from plain JavaScript) spoils the line it falls in, which is
   * then `invalid_json`.
   */
  push(chunk: string | Uint8Array): LineVerdict<T>[] {
    const verdicts: LineVerdict<T>[] = [];
    if (typeof chunk === "string") this.pushText(chunk, verdicts);
    else if (isUint8Array(chunk)) this.pushBytes(chunk, verdicts);
    else this.pending.spoil();
    return verdicts;
  }

  private pushText(chunk: string, verdicts: LineVerdict<T>[]): void {
    const first = chunk.indexOf("\n");
    if (first === -1) {
      this.pending.add(chunk);
      return;
    }
    this.pending.add(chunk.slice(0, first));
    this.judge(this.pending.take(this.decoder), verdicts);
    const last = chunk.lastIndexOf("\n");
    // The lines wholly inside the chunk are cut in one call, as they are decoded in one call from bytes.
    if (last > first) for (const text of chunk.slice(first + 1, last).split("\n")) this.judge({ kind: "text", text }, verdicts);
    this.pending.add(chunk.slice(last + 1));
  }

  private pushBytes(chunk: Uint8Array, verdicts: LineVerdict<T>[]): void {
    const bytes = viewOf(chunk);
    const first = bytes.indexOf(0x0a);
    const last = bytes.lastIndexOf(0x0a);
    if (first !== -1) {
      this.pending.add(bytes.subarray(0, first));
      this.judge(this.pending.take(this.decoder), verdicts);
    }
    // The lines wholly inside the chunk are decoded together: one decoder call, not one per line.
    if (last > first) this.judgeRegion(bytes.subarray(first + 1, last), verdicts);
    // Copied: the rest of the line is judged after this call, and the caller may reuse its buffer by then.
    if (last + 1 < bytes.length) this.pending.add(bytes.slice(last + 1));
  }

  /** Judges the whole lines of `region`: decoded in one call, or one by one when a fatal decoder refuses them together, to find the ones at fault. */
  private judgeRegion(region: Uint8Array, verdicts: LineVerdict<T>[]): void {
    const texts = decodedTexts(region, this.decoder);
    if (texts === undefined) for (const content of linesDecodedApart(region, this.decoder, this.capacity)) this.judge(content, verdicts);
    else for (const text of texts) this.judgeText(text, verdicts);
  }

  /** Ends the stream: judges a last line that had no newline. */
  end(): LineVerdict<T>[] {
    const verdicts: LineVerdict<T>[] = [];
    if (this.pending.started) this.judge(this.pending.take(this.decoder), verdicts);
    return verdicts;
  }

  private judge(content: LineContent, verdicts: LineVerdict<T>[]): void {
    this.line += 1;
    if (content.kind === "overflow") {
      verdicts.push({ line: this.line, result: this.tooLarge() });
      return;
    }
    if (content.kind === "invalid_utf8") {
      verdicts.push({ line: this.line, result: failure("invalid_utf8", "", "line is not valid UTF-8") });
      return;
    }
    if (content.kind === "spoiled") {
      verdicts.push({ line: this.line, result: failure("invalid_json", "", "invalid JSON: a chunk of the line is neither text nor bytes") });
      return;
    }
    this.judgeLineText(content.text, verdicts);
  }

  private judgeText(text: string, verdicts: LineVerdict<T>[]): void {
    this.line += 1;
    this.judgeLineText(text, verdicts);
  }

  /** Judges the text of line `this.line`. */
  private judgeLineText(read: string, verdicts: LineVerdict<T>[]): void {
    let text = this.line === 1 && read.startsWith(BOM) ? read.slice(BOM.length) : read;
    if (text.charCodeAt(text.length - 1) === CARRIAGE_RETURN) text = text.slice(0, -1);
    // Each UTF-16 unit is at least one UTF-8 byte; the exact count is the parser's.
    if (text.length > this.maxBytes) verdicts.push({ line: this.line, result: this.tooLarge() });
    else if (!isBlank(text)) verdicts.push({ line: this.line, result: this.parsed(text) });
  }

  /** The parser's verdict; a parser that throws (one of the caller's, or given options it cannot read) gets the line `unprocessable`. */
  private parsed(text: string): ValidationResult<T> {
    try {
      return this.parse(text, this.options);
    } catch (error) {
      return failure("unprocessable", "", `the line could not be validated (the parser threw ${thrownName(error)})`);
    }
  }

  private tooLarge(): ValidationResult<T> {
    return failure("too_large", "", `line exceeds ${this.maxBytes} bytes`);
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
  options: NdjsonOptions = {},
): AsyncGenerator<LineVerdict<T>> {
  const reader = new NdjsonReader(parse, options);
  for await (const chunk of source) yield* reader.push(chunk);
  yield* reader.end();
}
