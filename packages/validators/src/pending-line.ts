// TextDecoder is a global in Node and in browsers, but in neither library set
// this package compiles against (no DOM, no Node types): declare the part used.
/** A decoder of complete UTF-8 texts. */
export interface Utf8Decoder {
  decode(input: Uint8Array): string;
}
declare const TextDecoder: new (label: "utf-8", options: { readonly fatal: boolean; readonly ignoreBOM: boolean }) => Utf8Decoder;

/** A UTF-8 decoder of whole lines: `fatal` throws on invalid UTF-8 instead of writing U+FFFD; a BOM is left for the reader to judge. */
export function lineDecoder(fatal: boolean): Utf8Decoder {
  return new TextDecoder("utf-8", { fatal, ignoreBOM: true });
}

/** What a finished line holds: its text, or why there is none. */
export type LineContent =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "overflow" }
  | { readonly kind: "invalid_utf8" }
  /** A chunk of the line was neither text nor bytes. */
  | { readonly kind: "spoiled" };

const OVERFLOW: LineContent = { kind: "overflow" };
const SPOILED: LineContent = { kind: "spoiled" };
const INVALID_UTF8: LineContent = { kind: "invalid_utf8" };

/** The least number of UTF-16 units `byteCount` UTF-8 bytes decode to: a unit takes at most 3 bytes. */
function fewestUnits(byteCount: number): number {
  return Math.ceil(byteCount / 3);
}

function bytesContent(bytes: Uint8Array, decoder: Utf8Decoder, capacity: number): LineContent {
  if (fewestUnits(bytes.length) > capacity) return OVERFLOW;
  try {
    return { kind: "text", text: decoder.decode(bytes) };
  } catch {
    return INVALID_UTF8;
  }
}

/**
 * The texts of the lines of `region`, whole lines of bytes separated by
 * newlines, decoded in one call: a newline byte never occurs inside a UTF-8
 * sequence, so this gives the texts `PendingLine` gives each line.
 * `undefined` when a fatal decoder refuses the region.
 */
export function decodedTexts(region: Uint8Array, decoder: Utf8Decoder): string[] | undefined {
  try {
    return decoder.decode(region).split("\n");
  } catch {
    return undefined;
  }
}

/** The lines of `region`, as `decodedTexts` reads them, each decoded on its own: a line a fatal decoder refuses is `invalid_utf8`. */
export function linesDecodedApart(region: Uint8Array, decoder: Utf8Decoder, capacity: number): LineContent[] {
  const lines: LineContent[] = [];
  let start = 0;
  for (let newline = region.indexOf(0x0a); newline !== -1; newline = region.indexOf(0x0a, start)) {
    lines.push(bytesContent(region.subarray(start, newline), decoder, capacity));
    start = newline + 1;
  }
  lines.push(bytesContent(region.subarray(start), decoder, capacity));
  return lines;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1 && parts[0] !== undefined) return parts[0];
  let length = 0;
  for (const part of parts) length += part.length;
  const whole = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/**
 * The line being read: text chunks as they came, UTF-8 bytes kept undecoded
 * until the line is complete (a newline byte never occurs inside a UTF-8
 * sequence, so each line decodes on its own and a bad sequence is pinned to
 * its line). Past `capacity` UTF-16 units it keeps nothing and only
 * remembers that it overflowed.
 */
export class PendingLine {
  private pieces: (string | Uint8Array)[] = [];
  private textUnits = 0;
  private byteCount = 0;
  private overflowed = false;
  private spoiled = false;

  constructor(private readonly capacity: number) {}

  /** Whether anything arrived since the last newline. */
  get started(): boolean {
    return this.overflowed || this.spoiled || this.pieces.length > 0;
  }

  /** A chunk that is neither text nor bytes arrived: the line has no text, whatever else it holds. */
  spoil(): void {
    this.spoiled = true;
    this.pieces = [];
  }

  /** Adds a piece of the line; bytes must not change until the line is taken. */
  add(piece: string | Uint8Array): void {
    if (piece.length === 0 || this.overflowed || this.spoiled) return;
    if (typeof piece === "string") this.textUnits += piece.length;
    else this.byteCount += piece.length;
    if (this.textUnits + fewestUnits(this.byteCount) > this.capacity) {
      this.overflowed = true;
      this.pieces = [];
    } else {
      this.pieces.push(piece);
    }
  }

  /** Ends the line and starts the next one. */
  take(decoder: Utf8Decoder): LineContent {
    const { pieces, overflowed, spoiled } = this;
    this.pieces = [];
    this.textUnits = 0;
    this.byteCount = 0;
    this.overflowed = false;
    this.spoiled = false;
    if (spoiled) return SPOILED;
    if (overflowed) return OVERFLOW;
    try {
      let text = "";
      let run: Uint8Array[] = [];
      for (const piece of pieces) {
        if (typeof piece !== "string") {
          run.push(piece);
          continue;
        }
        if (run.length > 0) text += decoder.decode(concat(run));
        run = [];
        text += piece;
      }
      if (run.length > 0) text += decoder.decode(concat(run));
      return { kind: "text", text };
    } catch {
      return INVALID_UTF8;
    }
  }
}
