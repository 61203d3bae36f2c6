import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { NdjsonReader, parseClientMessage, readNdjson, type LineVerdict, type NdjsonOptions } from "@app-server-protocol/validators";

// The framing of spec 1.1 and 5 as the NDJSON reader applies it: the byte cap
// counts a line without its terminator, a byte-order mark is dropped only at
// the very start of the stream, and text and UTF-8 bytes are read alike.

const BOM = "\uFEFF";
const encoder = new TextEncoder();
const request = (id: string) => JSON.stringify({ type: "request", id, method: "session/list" });
const bytesOf = (text: string) => encoder.encode(text).length;

type Verdicts = LineVerdict<unknown>[];
const summary = (verdicts: Verdicts) => verdicts.map(({ line, result }) => [line, result.ok ? "ok" : result.error.code]);

function readAll(chunks: readonly (string | Uint8Array)[], options: NdjsonOptions = {}): Verdicts {
  const reader = new NdjsonReader(parseClientMessage, options);
  return [...chunks.flatMap((chunk) => reader.push(chunk)), ...reader.end()];
}

/** `whole` cut at `cuts` (positions taken modulo its length). */
function cut<C extends string | Uint8Array>(whole: C, cuts: readonly number[], slice: (from: number, to: number) => C): C[] {
  const ends = [...new Set(cuts.map((position) => position % (whole.length + 1)))].sort((a, b) => a - b);
  const pieces: C[] = [];
  let start = 0;
  for (const end of [...ends, whole.length]) {
    pieces.push(slice(start, end));
    start = end;
  }
  return pieces;
}

/** `text` cut at `cuts` (positions in UTF-16 units or bytes), as one kind of chunk. */
function chunked(text: string, cuts: readonly number[], kind: "text" | "bytes"): (string | Uint8Array)[] {
  if (kind === "text") return cut(text, cuts, (from, to) => text.slice(from, to));
  const bytes = encoder.encode(text);
  return cut(bytes, cuts, (from, to) => bytes.slice(from, to));
}

describe("the byte cap counts a line without its terminator", () => {
  const line = request("a-1");
  const cap = bytesOf(line);

  it.each(["text", "bytes"] as const)("accepts a CRLF line of exactly maxBytes (%s)", (kind) => {
    expect(summary(readAll(chunked(`${line}\r\n${line}\n`, [], kind), { maxBytes: cap }))).toEqual([
      [1, "ok"],
      [2, "ok"],
    ]);
  });

  it("accepts it when the CR and LF arrive in separate chunks", () => {
    expect(summary(readAll([line, "\r", `\n${line}\r`, "\n"], { maxBytes: cap }))).toEqual([
      [1, "ok"],
      [2, "ok"],
    ]);
  });

  it("accepts an unterminated last line ending in CR", () => {
    expect(summary(readAll([`${line}\r`], { maxBytes: cap }))).toEqual([[1, "ok"]]);
  });

  it("still refuses one byte more, with or without CR", () => {
    const longer = request("a-12");
    for (const text of [`${longer}\r\n`, `${longer}\n`]) {
      expect(summary(readAll([text], { maxBytes: cap }))).toEqual([[1, "too_large"]]);
    }
  });

  it("judges the content of a line split before its CR, refusing only content over the cap", () => {
    const reader = new NdjsonReader(parseClientMessage, { maxBytes: 10 });
    const verdicts = [...reader.push("x".repeat(10)), ...reader.push("\r"), ...reader.push(`\n${"y".repeat(11)}`), ...reader.push("\r\n")];
    expect(verdicts.map(({ result }) => (result.ok ? "ok" : result.error.message))).toEqual([expect.stringMatching(/^invalid JSON: /), "line exceeds 10 bytes"]);
  });

  it("gives CRLF and LF streams the same verdicts, for any lines and cap (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme", maxLength: 30 }).filter((text) => !/[\r\n]/.test(text)), { maxLength: 6 }), fc.nat({ max: 40 }), (lines, maxBytes) => {
        const lf = summary(readAll([lines.map((text) => `${text}\n`).join("")], { maxBytes }));
        const crlf = summary(readAll([lines.map((text) => `${text}\r\n`).join("")], { maxBytes }));
        expect(crlf).toEqual(lf);
      }),
    );
  });
});

describe("a byte-order mark", () => {
  it.each(["text", "bytes"] as const)("is dropped at the start of the stream (%s)", (kind) => {
    expect(summary(readAll(chunked(`${BOM}${request("1")}\n${request("2")}\n`, [], kind)))).toEqual([
      [1, "ok"],
      [2, "ok"],
    ]);
  });

  it.each(["text", "bytes"] as const)("is kept, and refused, anywhere else (%s)", (kind) => {
    expect(summary(readAll(chunked(`${request("1")}\n${BOM}${request("2")}\n\n${BOM}${request("4")}`, [], kind)))).toEqual([
      [1, "ok"],
      [2, "invalid_json"],
      [4, "invalid_json"],
    ]);
  });

  it("is kept on the first line that follows a blank one", () => {
    expect(summary(readAll([`\n${BOM}${request("2")}\n`]))).toEqual([[2, "invalid_json"]]);
  });

  it("does not count towards the cap", () => {
    const line = request("1");
    expect(summary(readAll([`${BOM}${line}\r\n`], { maxBytes: bytesOf(line) }))).toEqual([[1, "ok"]]);
    expect(summary(readAll([encoder.encode(`${BOM}${line}\r\n`)], { maxBytes: bytesOf(line) }))).toEqual([[1, "ok"]]);
  });

  it("is dropped when split across chunks", () => {
    const bytes = encoder.encode(`${BOM}${request("1")}\n`);
    expect(summary(readAll([bytes.slice(0, 1), bytes.slice(1, 2), bytes.slice(2)]))).toEqual([[1, "ok"]]);
    expect(summary(readAll(["", BOM, `${request("1")}\n`]))).toEqual([[1, "ok"]]);
  });

  describe("in a file read as text", () => {
    const folder = mkdtempSync(join(tmpdir(), "ndjson-"));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it("is dropped, as for the same file read as bytes", async () => {
      const file = join(folder, "transcript.ndjson");
      writeFileSync(file, `${BOM}${request("1")}\n{oops\n`);
      const read = async (encoding?: "utf8") => {
        const verdicts: Verdicts = [];
        for await (const verdict of readNdjson(createReadStream(file, encoding === undefined ? {} : { encoding, highWaterMark: 7 }), parseClientMessage)) verdicts.push(verdict);
        return summary(verdicts);
      };
      expect(await read("utf8")).toEqual([
        [1, "ok"],
        [2, "invalid_json"],
      ]);
      expect(await read()).toEqual(await read("utf8"));
    });
  });

  it("is not dropped by the text entry points: a single message is JSON, which the reference does not read with a BOM", () => {
    expect(parseClientMessage(`${BOM}${request("1")}`)).toMatchObject({ ok: false, error: { code: "invalid_json", path: "" } });
  });
});

describe("text and bytes are read alike", () => {
  const lineText = fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 40 }),
    fc.constantFrom(request("1"), request("日本😀"), "", "  ", "\r", BOM, `${BOM}${request("b")}`, "{oops"),
  );
  const stream = fc.tuple(fc.boolean(), fc.array(lineText, { maxLength: 6 }), fc.constantFrom("\n", "\r\n")).map(([bom, lines, newline]) => `${bom ? BOM : ""}${lines.join(newline)}`);

  it("gives the same verdicts for any stream, any chunking and any cap (property)", () => {
    fc.assert(
      fc.property(stream, fc.array(fc.nat(), { maxLength: 5 }), fc.array(fc.nat(), { maxLength: 5 }), fc.integer({ min: 0, max: 80 }), (text, textCuts, byteCuts, maxBytes) => {
        const options = { maxBytes };
        const whole = readAll([text], options);
        expect(readAll(chunked(text, textCuts, "text"), options)).toEqual(whole);
        expect(readAll(chunked(text, byteCuts, "bytes"), options)).toEqual(whole);
        expect(readAll(chunked(text, byteCuts, "bytes"), { ...options, fatal: true })).toEqual(whole);
      }),
    );
  });

  it("drops a leading BOM without changing any verdict (property)", () => {
    fc.assert(
      fc.property(stream, fc.constantFrom("text" as const, "bytes" as const), (text, kind) => {
        fc.pre(!text.startsWith(BOM));
        expect(readAll(chunked(`${BOM}${text}`, [1], kind))).toEqual(readAll([text]));
      }),
    );
  });
});

describe("invalid UTF-8", () => {
  const valid = encoder.encode(`${request("1")}\n`);
  const broken = Uint8Array.of(0x7b, 0xff, 0x7d, 0x0a); // "{", a byte that is never UTF-8, "}"
  const truncated = Uint8Array.of(0x22, 0xe6, 0x97, 0x0a); // a three-byte character cut after two bytes
  const stream = (...parts: Uint8Array[]) => parts;

  it("is replaced with U+FFFD by default, so the line is then judged as JSON", () => {
    const verdicts = readAll(stream(valid, broken, truncated, valid));
    expect(summary(verdicts)).toEqual([
      [1, "ok"],
      [2, "invalid_json"],
      [3, "invalid_json"],
      [4, "ok"],
    ]);
  });

  it("is reported as invalid_utf8 for its line with `fatal`, and reading goes on", () => {
    const verdicts = readAll(stream(valid, broken, truncated, valid), { fatal: true });
    expect(summary(verdicts)).toEqual([
      [1, "ok"],
      [2, "invalid_utf8"],
      [3, "invalid_utf8"],
      [4, "ok"],
    ]);
    expect(verdicts[1]?.result).toEqual({ ok: false, error: { code: "invalid_utf8", path: "", message: "line is not valid UTF-8" } });
    const oneChunk = Uint8Array.from([valid, valid, broken, truncated, valid, valid].flatMap((bytes) => [...bytes]));
    expect(summary(readAll([oneChunk], { fatal: true })).map(([, code]) => code)).toEqual(["ok", "ok", "invalid_utf8", "invalid_utf8", "ok", "ok"]);
  });

  it("is found with `fatal` when the bad sequence is split across chunks, or cut off by the end of the stream", () => {
    const reader = new NdjsonReader(parseClientMessage, { fatal: true });
    const split = [...reader.push(Uint8Array.of(0x22, 0xe6)), ...reader.push(Uint8Array.of(0x97, 0x22, 0x0a)), ...reader.push(Uint8Array.of(0x22, 0xe6, 0x97, 0xa5, 0x22, 0x0a, 0x22, 0xe6))];
    expect(summary([...split, ...reader.end()])).toEqual([
      [1, "invalid_utf8"],
      [2, "wrong_type"],
      [3, "invalid_utf8"],
    ]);
  });

  it("does not change what `fatal` makes of a line with a character split across chunks", () => {
    const bytes = encoder.encode(`${request("日本")}\n`);
    expect(summary(readAll([...bytes].map((byte) => Uint8Array.of(byte)), { fatal: true }))).toEqual([[1, "ok"]]);
  });

  it("gets the same verdicts however the bytes are chunked, fatal or not (property)", () => {
    const piece = fc.oneof(
      fc.constantFrom("{}", request("1"), "\n", "\r\n", "\n\n", BOM, "日本").map((text) => encoder.encode(text)),
      fc.constantFrom(Uint8Array.of(0xff), Uint8Array.of(0xe6, 0x97), Uint8Array.of(0xc3), Uint8Array.of(0xf0, 0x9f, 0x98)),
      fc.uint8Array({ maxLength: 8 }),
    );
    const stream = fc.array(piece, { maxLength: 12 }).map((pieces) => Uint8Array.from(pieces.flatMap((bytes) => [...bytes])));
    fc.assert(
      fc.property(stream, fc.array(fc.nat(), { maxLength: 6 }), fc.integer({ min: 0, max: 60 }), fc.boolean(), (bytes, cuts, maxBytes, fatal) => {
        const options = { maxBytes, fatal };
        expect(readAll(cut(bytes, cuts, (from, to) => bytes.slice(from, to)), options)).toEqual(readAll([bytes], options));
        expect(readAll([...bytes].map((byte) => Uint8Array.of(byte)), options)).toEqual(readAll([bytes], options));
      }),
    );
  });

  it("is not confused with a line the reader must skip or cap", () => {
    expect(summary(readAll([Uint8Array.of(0xff, 0x0a), Uint8Array.of(0x20, 0x0a), new Uint8Array(40).fill(0xff)], { fatal: true, maxBytes: 10 }))).toEqual([
      [1, "invalid_utf8"],
      [3, "too_large"],
    ]);
  });
});

describe("the reader keeps no view of a caller's buffer", () => {
  it.each([
    ["a Uint8Array", (text: string) => encoder.encode(text)],
    ["a Buffer", (text: string) => Buffer.from(text)],
  ])("reads a partial line the same after the caller reuses the chunk (%s)", (_name, bytes) => {
    const reader = new NdjsonReader(parseClientMessage);
    const buffer = bytes(`${request("1")}\n${request("2")}`);
    const verdicts = reader.push(buffer);
    buffer.fill(0x20);
    expect(summary([...verdicts, ...reader.push("\n")])).toEqual([
      [1, "ok"],
      [2, "ok"],
    ]);
  });
});

describe("blank lines", () => {
  const SPACES = [" ", "\t", "\r", "\u00a0", "\u2028", "\u3000", "\ufeff", "\v"];

  it("are skipped exactly when the line is white space as `trim` tells it, whatever character starts it (property)", () => {
    const piece = fc.oneof(fc.constantFrom(...SPACES), fc.constantFrom("{", "x", "1", "\u00e9", "\u0000"));
    fc.assert(
      fc.property(fc.array(fc.array(piece, { maxLength: 4 }).map((parts) => parts.join("")), { minLength: 1, maxLength: 6 }), (lines) => {
        const verdicts = readAll([`${lines.join("\n")}\n`]);
        const judged = lines.flatMap((line, index) => (line.replace(/\r$/, "").trim() === "" ? [] : [index + 1]));
        expect(verdicts.map(({ line }) => line)).toEqual(judged);
      }),
      { numRuns: 500 },
    );
  });
});
