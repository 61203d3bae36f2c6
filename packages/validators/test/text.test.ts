import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_MESSAGE_BYTES, NdjsonReader, parseClientMessage, parseServerMessage, readNdjson, type LineVerdict } from "@app-server-protocol/validators";

const request = (id: string) => JSON.stringify({ type: "request", id, method: "session/list" });

describe("parseClientMessage / parseServerMessage", () => {
  it("parse and validate", () => {
    expect(parseClientMessage(request("1"))).toEqual({ ok: true, value: { type: "request", id: "1", method: "session/list" } });
    const delta = { type: "notification", method: "stream/event", params: { subscription_id: "sub-1", event: { event: "assistant_delta", session_id: "s1", delta: "hi" } } };
    expect(parseServerMessage(JSON.stringify(delta)).ok).toBe(true);
    expect(parseServerMessage('{"type":"notification","method":"stream/event","params":{}}')).toMatchObject({ ok: false, error: { path: "/params/subscription_id" } });
  });

  it("report invalid JSON", () => {
    const result = parseClientMessage('{"type": "request",');
    expect(result).toMatchObject({ ok: false, error: { code: "invalid_json", path: "" } });
    expect(result.ok ? "" : result.error.message).toMatch(/^invalid JSON: /);
  });

  it("report a valid JSON text that is not a valid message", () => {
    expect(parseClientMessage("null")).toMatchObject({ ok: false, error: { code: "wrong_type" } });
  });

  it("cap the UTF-8 size before parsing, inclusively", () => {
    const text = JSON.stringify({ type: "request", id: "é".repeat(10), method: "session/list" });
    const size = new TextEncoder().encode(text).length;
    expect(parseClientMessage(text, { maxBytes: size }).ok).toBe(true);
    expect(parseClientMessage(text, { maxBytes: size - 1 })).toMatchObject({ ok: false, error: { code: "too_large", message: `message exceeds ${size - 1} bytes` } });
    expect(parseClientMessage("{".repeat(100), { maxBytes: 10 })).toMatchObject({ ok: false, error: { code: "too_large" } });
  });

  it("default to a 16 MiB cap", () => {
    expect(DEFAULT_MAX_MESSAGE_BYTES).toBe(16 * 1024 * 1024);
    const big = JSON.stringify({ type: "request", id: "1", method: "session/list", params: { blob: "x".repeat(DEFAULT_MAX_MESSAGE_BYTES) } });
    expect(parseClientMessage(big)).toMatchObject({ ok: false, error: { code: "too_large" } });
  });

  it("pass validation options through", () => {
    expect(parseClientMessage('{"type":"request","id":"1","method":"session/list","extra":1}', { strict: true })).toMatchObject({ ok: false, error: { code: "unknown_field", path: "/extra" } });
  });
});

describe("NdjsonReader", () => {
  const summary = (verdicts: LineVerdict<unknown>[]) => verdicts.map(({ line, result }) => [line, result.ok ? "ok" : result.error.code]);

  it("judges every line and keeps going after a bad one", () => {
    const reader = new NdjsonReader(parseClientMessage);
    const verdicts = reader.push(`${request("1")}\n{oops\n${JSON.stringify({ type: "request", id: "3" })}\n${request("4")}\n`);
    expect(summary(verdicts)).toEqual([
      [1, "ok"],
      [2, "invalid_json"],
      [3, "missing_field"],
      [4, "ok"],
    ]);
    expect(reader.end()).toEqual([]);
  });

  it("reassembles lines split across chunks, skips blank lines and accepts CRLF", () => {
    const reader = new NdjsonReader(parseClientMessage);
    const text = `${request("1")}\r\n\n   \n${request("2")}`;
    const verdicts = [...text].flatMap((char) => reader.push(char));
    expect(summary([...verdicts, ...reader.end()])).toEqual([
      [1, "ok"],
      [4, "ok"],
    ]);
  });

  it("decodes UTF-8 bytes split inside a character", () => {
    const bytes = new TextEncoder().encode(`${JSON.stringify({ type: "request", id: "日本😀", method: "session/list" })}\n`);
    const reader = new NdjsonReader(parseClientMessage);
    const verdicts = [...bytes].flatMap((byte) => reader.push(Uint8Array.of(byte)));
    expect(verdicts).toHaveLength(1);
    expect(verdicts[0]?.result).toMatchObject({ ok: true, value: { id: "日本😀" } });
  });

  it("reports an overlong line as too_large without buffering it, then recovers", () => {
    const reader = new NdjsonReader(parseClientMessage, { maxBytes: 100 });
    const verdicts = [...reader.push("x".repeat(60)), ...reader.push("y".repeat(60)), ...reader.push(`z\n${request("2")}\n`)];
    expect(summary(verdicts)).toEqual([
      [1, "too_large"],
      [2, "ok"],
    ]);
  });

  it("reports an unterminated overlong last line at the end", () => {
    const reader = new NdjsonReader(parseClientMessage, { maxBytes: 10 });
    expect(reader.push("x".repeat(50))).toEqual([]);
    expect(summary(reader.end())).toEqual([[1, "too_large"]]);
  });

  it("reads an async stream", async () => {
    async function* chunks() {
      yield `${request("1")}\n{"type":"res`;
      yield new TextEncoder().encode('ponse","id":"x","result":{"status":"success"}}\nnope');
    }
    const verdicts: LineVerdict<unknown>[] = [];
    for await (const verdict of readNdjson(chunks(), parseClientMessage)) verdicts.push(verdict);
    expect(summary(verdicts)).toEqual([
      [1, "ok"],
      [2, "ok"],
      [3, "invalid_json"],
    ]);
  });
});
