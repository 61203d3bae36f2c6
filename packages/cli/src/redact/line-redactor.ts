import { DEFAULT_MAX_MESSAGE_BYTES, exceedsUtf8Bytes, lexicalFacts, spansOf } from "@app-server-protocol/validators";
import { detectedFraming, type Framing } from "../framing.js";
import { LineCutter, type CutLine } from "./line-cutter.js";
import { MessageRedactor } from "./message-redactor.js";
import type { Replacement } from "./shape-walk.js";
import { placeholderLine, type WithheldReason } from "./withheld.js";

const BOM = "\uFEFF";
const NEWLINE = 0x0a;

/** Whether a line holds only whitespace (a blank line, kept as read); most lines start with a brace, and are told at once. */
function isBlank(text: string): boolean {
  const first = text.charCodeAt(0);
  return text === "" || ((first <= 0x20 || first >= 0x80) && text.trim() === "");
}

/** A byte-order mark and a carriage return around a line: kept, and not part of the JSON. */
const EDGE_BYTES = 4;

/** `text` with each replaced value's literal swapped for the replacement's text; `undefined` when a pointer names no value of it. */
function withReplacements(text: string, replacements: readonly Replacement[]): string | undefined {
  const spans = spansOf(
    text,
    replacements.map(({ pointer }) => pointer),
  );
  const edits: { start: number; end: number; text: string }[] = [];
  for (const { pointer, text: replacement } of replacements) {
    const span = spans.get(pointer);
    if (span === undefined) return undefined;
    edits.push({ start: span.start, end: span.end, text: replacement });
  }
  // The walk meets the values in the order JSON.parse keeps keys, which puts integer-like keys first.
  if (edits.some((edit, index) => index > 0 && edit.start < (edits[index - 1]?.start ?? 0))) edits.sort((a, b) => a.start - b.start);
  let out = "";
  let at = 0;
  for (const edit of edits) {
    if (edit.start < at) return undefined;
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}

/**
 * Redacts an NDJSON transcript as its chunks arrive, one line in memory at
 * a time (and at most `maxBytes` of it). In an app-server transcript, the
 * sensitive values of a message are replaced in its text (`MessageRedactor`
 * says which), every other byte kept as written; a stream-JSON transcript
 * (the framing chosen as `validate` chooses it) has no field the schemas
 * mark and is kept. A line that cannot be read (not UTF-8, not JSON, over
 * the byte cap) or that writes a key twice (the value `JSON.parse` drops
 * would be written unredacted) is withheld: a placeholder line takes its
 * place, and `withheld` is told its number and why.
 */
export class LineRedactor {
  private readonly messages = new MessageRedactor();
  private readonly cutter: LineCutter;
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  private line = 0;
  private chosen: Exclude<Framing, "auto"> | undefined;

  constructor(
    private readonly maxBytes = DEFAULT_MAX_MESSAGE_BYTES,
    /** Told about each line withheld. */
    private readonly withheld: (line: number, reason: WithheldReason) => void = () => {},
    framing: Framing = "auto",
  ) {
    this.cutter = new LineCutter(maxBytes + EDGE_BYTES);
    this.chosen = framing === "auto" ? undefined : framing;
  }

  /** The output for the lines `chunk` completes. */
  push(chunk: string | Uint8Array): string {
    const bytes = typeof chunk === "string" ? this.encoder.encode(chunk) : chunk;
    const first = bytes.indexOf(NEWLINE);
    if (first === -1) {
      this.cutter.push(bytes);
      return "";
    }
    let out = "";
    for (const line of this.cutter.push(bytes.subarray(0, first + 1))) out += `${this.redactedLine(line)}\n`;
    const last = bytes.lastIndexOf(NEWLINE);
    if (last > first) out += this.redactedRun(bytes.subarray(first + 1, last + 1));
    this.cutter.push(bytes.subarray(last + 1));
    return out;
  }

  /**
   * The output for `run`, whole lines of one chunk each ending in a newline:
   * decoded in one call, and line by line only when one of them is not UTF-8
   * (a newline byte is never part of a multi-byte sequence, so each line
   * decodes on its own as it does in the run).
   */
  private redactedRun(run: Uint8Array): string {
    let text: string;
    try {
      text = this.decoder.decode(run);
    } catch {
      let out = "";
      for (const line of this.cutter.push(run)) out += `${this.redactedLine(line)}\n`;
      return out;
    }
    let out = "";
    for (let start = 0, newline = text.indexOf("\n"); newline !== -1; start = newline + 1, newline = text.indexOf("\n", start)) {
      this.line += 1;
      out += `${this.redactedRaw(text.slice(start, newline), undefined)}\n`;
    }
    return out;
  }

  /** The output for a last line without a newline. */
  end(): string {
    const last = this.cutter.end();
    return last === undefined ? "" : this.redactedLine(last);
  }

  private redactedLine(cut: CutLine): string {
    this.line += 1;
    if (cut.overflow) return this.withhold("over --max-bytes", "", cut.endsWithCr ? "\r" : "");
    let raw: string;
    try {
      raw = this.decoder.decode(cut.bytes);
    } catch {
      return this.withhold("not UTF-8", "", cut.bytes[cut.bytes.length - 1] === 0x0d ? "\r" : "");
    }
    return this.redactedRaw(raw, cut.bytes.length);
  }

  /** The output for the decoded line `raw`, of `bytes` UTF-8 bytes (counted when `undefined`). */
  private redactedRaw(raw: string, bytes: number | undefined): string {
    const bom = this.line === 1 && raw.startsWith(BOM) ? BOM : "";
    const cr = raw.endsWith("\r") ? "\r" : "";
    const text = bom === "" && cr === "" ? raw : raw.slice(bom.length, raw.length - cr.length);
    if (isBlank(text)) return raw;
    // The BOM takes three bytes, the CR one.
    if (bytes === undefined ? exceedsUtf8Bytes(text, this.maxBytes) : bytes - (bom === "" ? 0 : 3) - cr.length > this.maxBytes) return this.withhold("over --max-bytes", bom, cr);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return this.withhold("not JSON", bom, cr);
    }
    if (lexicalFacts(text, value).duplicateKeys.length > 0) return this.withhold("a key written twice", bom, cr);
    this.chosen ??= detectedFraming(value);
    if (this.chosen === "stream-json") return raw;
    const redacted = this.redactedText(text, value);
    if (redacted === undefined) return this.withhold("cannot be redacted", bom, cr);
    return redacted === text ? raw : `${bom}${redacted}${cr}`;
  }

  /**
   * `text` with its sensitive values replaced; `undefined` when that cannot
   * be done safely: a pointer the scanner cannot place, or a value the walk
   * cannot finish (the shapes have no cycle, so only a schema change could
   * make one too deep). Failing closed: such a line is withheld.
   */
  private redactedText(text: string, value: unknown): string | undefined {
    try {
      const replacements = this.messages.replacements(value);
      return replacements.length === 0 ? text : withReplacements(text, replacements);
    } catch {
      return undefined;
    }
  }

  private withhold(reason: WithheldReason, bom: string, cr: string): string {
    this.withheld(this.line, reason);
    return `${bom}${placeholderLine(reason)}${cr}`;
  }
}
