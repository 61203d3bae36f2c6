import { NdjsonReader, type JsonValue, type ValidationResult } from "@app-server-protocol/validators";

/**
 * One line a peer wrote to stdout, as the kit reads it: a JSON value, a
 * line that is not JSON (kept as written), a line that is not UTF-8 or
 * longer than the line limit (neither kept), or the end of reading because
 * the scenario's output limit was passed.
 */
export type PeerLine =
  | { readonly kind: "json"; readonly line: number; readonly text: string; readonly value: JsonValue }
  | { readonly kind: "not_json"; readonly line: number; readonly text: string }
  | { readonly kind: "not_utf8"; readonly line: number }
  | { readonly kind: "too_large"; readonly line: number }
  | { readonly kind: "flood"; readonly bytes: number };

export interface IntakeLimits {
  /** The longest line accepted, in UTF-8 bytes, without its terminator. */
  readonly lineBytes: number;
  /** The most bytes read from the peer's stdout in one scenario; past it reading stops with a `flood` line. */
  readonly outputBytes: number;
}

// The reader's own parser keeps the text: JSON is parsed here, so that a line that is not JSON is kept as written.
const keepText = (text: string) => ({ ok: true as const, value: text });

function parsed(line: number, text: string): PeerLine {
  try {
    // JSON.parse builds plain data (no getters, no prototypes but Object's and Array's): the JSON value it promises.
    const value: JsonValue = JSON.parse(text);
    return { kind: "json", line, text, value };
  } catch {
    return { kind: "not_json", line, text };
  }
}

function lineOf(line: PeerLine): number {
  return line.kind === "flood" ? 0 : line.line;
}

/**
 * Reads a peer's stdout, chunk by chunk, into lines: NDJSON framed by the
 * validators' reader (UTF-8 checked, blank lines skipped, a line over the
 * limit refused unbuffered). Nothing a peer writes makes it throw; once the
 * output limit is passed it reads nothing more.
 */
export class FrameIntake {
  private readonly reader: NdjsonReader<string>;
  private bytes = 0;
  private flooded = false;
  /** Lines ended so far, and the bytes of the line being read: a line over the limit is told as soon as it passes it, not at its end (which a flood never writes). */
  private lines = 0;
  private lineBytes = 0;
  private toldTooLarge = false;

  constructor(private readonly limits: IntakeLimits) {
    this.reader = new NdjsonReader(keepText, { fatal: true, maxBytes: limits.lineBytes });
  }

  /** Whether the output limit was passed. */
  get stopped(): boolean {
    return this.flooded;
  }

  push(chunk: Uint8Array): PeerLine[] {
    if (this.flooded) return [];
    this.bytes += chunk.byteLength;
    if (this.bytes > this.limits.outputBytes) {
      this.flooded = true;
      return [{ kind: "flood", bytes: this.bytes }];
    }
    const early = this.overLimit(chunk);
    const read = this.reader.push(chunk).flatMap(({ line, result }) => this.lineOf(line, result));
    return early.length === 0 ? read : [...early, ...read].sort((left, right) => lineOf(left) - lineOf(right));
  }

  /** The `too_large` line the chunk makes of the line being read, the moment it passes the limit. */
  private overLimit(chunk: Uint8Array): PeerLine[] {
    const told: PeerLine[] = [];
    let start = 0;
    for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      this.lineBytes += newline - start;
      if (this.lineBytes > this.limits.lineBytes && !this.toldTooLarge) told.push({ kind: "too_large", line: this.lines + 1 });
      this.lines += 1;
      this.lineBytes = 0;
      this.toldTooLarge = false;
      start = newline + 1;
    }
    this.lineBytes += chunk.byteLength - start;
    if (this.lineBytes > this.limits.lineBytes && !this.toldTooLarge) {
      this.toldTooLarge = true;
      told.push({ kind: "too_large", line: this.lines + 1 });
    }
    return told;
  }

  /** The last line, when the output ended without a newline. */
  end(): PeerLine[] {
    if (this.flooded) return [];
    return this.reader.end().flatMap(({ line, result }) => this.lineOf(line, result));
  }

  // The reader's own too_large comes at the line's end: the line was told already.
  private lineOf(line: number, result: ValidationResult<string>): PeerLine[] {
    if (result.ok) return [parsed(line, result.value)];
    if (result.error.code === "too_large") return [];
    return [result.error.code === "invalid_utf8" ? { kind: "not_utf8", line } : { kind: "not_json", line, text: "" }];
  }
}
