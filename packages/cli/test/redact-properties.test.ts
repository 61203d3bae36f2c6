// Properties of the redact command over generated lines: it never throws,
// exits 1 exactly when it withholds a line, writes a line per line, and
// writes the lines of valid transcripts as read but for their sensitive values.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clientRequest, success } from "./support/messages.js";
import { run, transcript } from "./support/run.js";

const anyLine = fc.oneof(
  fc.anything().map((value) => JSON.stringify(value) ?? "null"),
  fc.string(),
  fc.jsonValue().map((value) => JSON.stringify({ type: "response", id: "x", result: value })),
  fc.jsonValue().map((value) => JSON.stringify({ type: "request", id: "x", method: "auth/login", params: value })),
);

const WITHHELD = /^(?:\uFEFF)?# redact: line withheld \((?:not JSON|not UTF-8|over --max-bytes|a key written twice|cannot be redacted)\)\r?$/;

describe("redact properties", () => {
  it("never throws, exits 1 exactly when it withholds a line, and writes one line per line", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anyLine, { maxLength: 6 }), fc.constantFrom("auto", "app-server", "stream-json"), async (lines, framing) => {
        const input = lines.join("\n");
        const { stdout, stderr, code } = await run(["redact", "--framing", framing], input);
        const withheld = stdout.split("\n").filter((line) => WITHHELD.test(line)).length;
        expect(code).toBe(withheld > 0 ? 1 : 0);
        expect(stderr.split("\n").filter((line) => line !== "").length).toBe(withheld);
        expect(stdout.split("\n").length).toBe(input.split("\n").length);
      }),
      { numRuns: 300 },
    );
  });

  it("writes a line that is not JSON only as the placeholder", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string().filter((text) => !/[\n\r\uFEFF]/.test(text) && text.trim() !== "" && !isJson(text)), async (text) => {
        expect((await run(["redact"], `${text}\n`)).stdout).toBe("# redact: line withheld (not JSON)\n");
      }),
      { numRuns: 200 },
    );
  });

  it("writes the lines of generated valid transcripts as read, their sensitive values replaced", async () => {
    const pair = fc.oneof(
      fc.record({ session: fc.string(), prompt: fc.string(), subscription: fc.string() }).map(({ session, prompt, subscription }) => (id: string) => ({
        lines: [clientRequest(id, "turn/submit", { session_id: session, prompt }), success(id, { subscription_id: subscription })],
        redacted: [clientRequest(id, "turn/submit", { session_id: session, prompt: "[redacted]" }), success(id, { subscription_id: subscription })],
      })),
      fc.record({ job: fc.string(), log: fc.string() }).map(({ job, log }) => (id: string) => ({
        lines: [clientRequest(id, "background/log", { job_id: job }), success(id, { log })],
        redacted: [clientRequest(id, "background/log", { job_id: job }), success(id, { log: "[redacted]" })],
      })),
      fc.record({ session: fc.string(), title: fc.string() }).map(({ session, title }) => (id: string) => {
        const lines = [clientRequest(id, "session/rename", { session_id: session, new_title: title }), success(id)];
        return { lines, redacted: lines };
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.tuple(fc.string({ minLength: 1 }), pair), { maxLength: 6, selector: ([id]) => id }), async (pairs) => {
        const built = pairs.map(([id, make]) => make(`c-${id}`));
        const { stdout, code } = await run(["redact"], transcript(...built.flatMap(({ lines }) => lines)));
        expect(stdout).toBe(transcript(...built.flatMap(({ redacted }) => redacted)));
        expect(code).toBe(0);
      }),
      { numRuns: 150 },
    );
  });
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
