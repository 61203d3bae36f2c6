/** A line cut from a byte stream, without its newline: its bytes, or, past the cap, only that it was too long. */
export type CutLine = { readonly overflow: false; readonly bytes: Uint8Array } | { readonly overflow: true; readonly endsWithCr: boolean };

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Cuts a byte stream into lines at each newline, holding one line at a
 * time and at most `cap` bytes of it: a longer line is dropped as it comes
 * and reported as an overflow. (A newline byte is never part of a multi-byte
 * UTF-8 sequence, so cutting bytes cuts characters only where text would.)
 */
export class LineCutter {
  private parts: Uint8Array[] = [];
  private size = 0;
  private overflow = false;
  private last = -1;

  constructor(private readonly cap: number) {}

  /**
   * The lines `chunk` completes. Only the new bytes are searched, so a long
   * line costs time linear in its length. A line wholly inside `chunk` is a
   * view of it, not a copy: read it before the chunk's buffer is reused.
   */
  push(chunk: Uint8Array): CutLine[] {
    const lines: CutLine[] = [];
    let start = 0;
    for (let newline = chunk.indexOf(NEWLINE); newline !== -1; newline = chunk.indexOf(NEWLINE, start)) {
      if (this.size === 0 && !this.overflow && newline - start <= this.cap) lines.push({ overflow: false, bytes: chunk.subarray(start, newline) });
      else {
        this.append(chunk.subarray(start, newline));
        lines.push(this.taken());
      }
      start = newline + 1;
    }
    this.append(chunk.subarray(start));
    return lines;
  }

  /** The last line, when the stream ended without a newline after it. */
  end(): CutLine | undefined {
    return this.size === 0 && !this.overflow ? undefined : this.taken();
  }

  private append(piece: Uint8Array): void {
    if (piece.length === 0) return;
    this.last = piece[piece.length - 1] ?? -1;
    if (this.overflow) return;
    this.size += piece.length;
    if (this.size > this.cap) {
      this.overflow = true;
      this.parts = [];
      return;
    }
    // A copy: the caller may reuse its buffer once the chunk is handed over.
    this.parts.push(piece.slice());
  }

  private taken(): CutLine {
    const line: CutLine = this.overflow ? { overflow: true, endsWithCr: this.last === CARRIAGE_RETURN } : { overflow: false, bytes: joined(this.parts, this.size) };
    this.parts = [];
    this.size = 0;
    this.overflow = false;
    this.last = -1;
    return line;
  }
}

function joined(parts: readonly Uint8Array[], size: number): Uint8Array {
  const [only] = parts;
  if (parts.length === 1 && only !== undefined) return only;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}
