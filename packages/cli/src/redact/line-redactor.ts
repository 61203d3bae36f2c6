import { DEFAULT_MAX_MESSAGE_BYTES } from "@app-server-protocol/validators";
import { parseLine } from "../parse-line.js";
import { MessageRedactor } from "./message-redactor.js";

const BOM = "\uFEFF";

/** What `TextDecoder` offers for streaming UTF-8 (declared: this package compiles without the DOM library). */
interface StreamingDecoder {
  decode(input?: Uint8Array, options?: { readonly stream: boolean }): string;
}

/**
 * Redacts an NDJSON transcript as its chunks arrive, one line in memory at
 * a time: a line whose JSON has sensitive fields is written again as
 * compact JSON with them replaced; every other line (blank, not JSON, over
 * the byte cap, or without sensitive content) is written exactly as read.
 */
export class LineRedactor {
  private readonly messages = new MessageRedactor();
  private readonly decoder: StreamingDecoder = new TextDecoder("utf-8", { ignoreBOM: true });
  private pending = "";
  private line = 0;

  constructor(
    private readonly maxBytes = DEFAULT_MAX_MESSAGE_BYTES,
    /** Told about each line left as read because it could not be parsed. */
    private readonly unparsed: (line: number, reason: string) => void = () => {},
  ) {}

  /** The output for the lines `chunk` completes. */
  push(chunk: string | Uint8Array): string {
    const text = typeof chunk === "string" ? chunk : this.decoder.decode(chunk, { stream: true });
    // Only the new text is searched, so a long line costs time linear in its length.
    const last = text.lastIndexOf("\n");
    if (last === -1) {
      this.pending += text;
      return "";
    }
    const complete = this.pending + text.slice(0, last);
    this.pending = text.slice(last + 1);
    return complete
      .split("\n")
      .map((line) => `${this.redactedLine(line)}\n`)
      .join("");
  }

  /** The output for a last line without a newline. */
  end(): string {
    const rest = this.pending + this.decoder.decode();
    this.pending = "";
    return rest === "" ? "" : this.redactedLine(rest);
  }

  private redactedLine(raw: string): string {
    this.line += 1;
    const bom = this.line === 1 && raw.startsWith(BOM) ? BOM : "";
    const cr = raw.endsWith("\r") ? "\r" : "";
    const text = raw.slice(bom.length, raw.length - cr.length);
    if (text.trim() === "") return raw;
    const parsed = parseLine(text, { maxBytes: this.maxBytes });
    if (!parsed.ok) {
      this.unparsed(this.line, parsed.error.message);
      return raw;
    }
    const redacted = this.messages.redacted(parsed.value.value);
    return redacted === parsed.value.value ? raw : `${bom}${JSON.stringify(redacted)}${cr}`;
  }
}
