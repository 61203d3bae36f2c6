import { describe, expect, it } from "vitest";
import { redactedAt, redactionMarker } from "../src/redact/redact-value.js";
import { pathSteps } from "../src/redact/sensitive-paths.js";
import { clientRequest, SUBMIT, SUBMITTED, success } from "./support/messages.js";
import { run, transcript } from "./support/run.js";

const SERVER = { name: "docs", transport: "stdio", endpoint: "/bin/docs", args: ["--token", "t"], env: { KEY: "secret" }, headers: {}, auth: null };

describe("redact", () => {
  it("replaces a sensitive string and writes every other line exactly as read", async () => {
    const untouched = '{"type":"response",  "id":"req-1","result":{"status":"success","data":{"subscription_id":"sub-1"}}}\r\n';
    const input = `${JSON.stringify(SUBMIT)}\n\n${untouched}not json\n${JSON.stringify(clientRequest("req-2", "session/list"))}`;
    const { stdout, code, stderr } = await run(["redact"], input);
    expect(stdout).toBe(
      `${JSON.stringify(clientRequest("req-1", "turn/submit", { session_id: "s1", prompt: "[redacted]" }))}\n\n${untouched}not json\n${JSON.stringify(clientRequest("req-2", "session/list"))}`,
    );
    expect(code).toBe(0);
    expect(stderr).toMatch(/^-:4: left as read: invalid JSON/);
  });

  it("uses a marker of the same JSON type, and leaves null alone", () => {
    expect(["secret", 42, true, [1], { a: 1 }, null].map(redactionMarker)).toEqual(["[redacted]", 0, false, [], {}, null]);
  });

  it("redacts every item of an array path ([*])", async () => {
    const bootstrap = clientRequest("req-1", "session/bootstrap", { session_id: "s1", session_mcp_servers: [SERVER, { ...SERVER, name: "two" }] });
    const { stdout } = await run(["redact"], transcript(bootstrap));
    const redacted = { ...SERVER, endpoint: "[redacted]", args: [], env: {} };
    expect(JSON.parse(stdout)).toEqual(clientRequest("req-1", "session/bootstrap", { session_id: "s1", session_mcp_servers: [redacted, { ...redacted, name: "two" }] }));
  });

  it("redacts result paths in the success data of the response to that method", async () => {
    const input = transcript(clientRequest("req-1", "background/log", { job_id: "j1" }), success("req-1", { log: "password=hunter2" }), success("req-1", { log: "again" }));
    const lines = (await run(["redact"], input)).stdout.trimEnd().split("\n");
    expect(lines.map((line) => JSON.parse(line))).toEqual([clientRequest("req-1", "background/log", { job_id: "j1" }), success("req-1", { log: "[redacted]" }), success("req-1", { log: "again" })]);
  });

  it("reads direction wrappers and keeps a parsed __proto__ key as a field", async () => {
    const wrapped = '{"direction":"client","message":{"type":"request","id":"r","method":"auth/login","params":{"token":"t0k","__proto__":{"x":1}}}}\n';
    const { stdout } = await run(["redact"], wrapped);
    expect(stdout).toBe('{"direction":"client","message":{"type":"request","id":"r","method":"auth/login","params":{"token":"[redacted]","__proto__":{"x":1}}}}\n');
  });

  it("produces a transcript that still validates", async () => {
    const bootstrap = clientRequest("req-2", "session/bootstrap", { session_id: "s1", session_mcp_servers: [SERVER] });
    const input = transcript(SUBMIT, SUBMITTED, bootstrap, clientRequest("req-3", "background/log", { job_id: "j1" }), success("req-3", { log: "x" }));
    const before = await run(["validate", "--format", "json"], input);
    const redacted = (await run(["redact"], input)).stdout;
    expect(redacted).not.toContain("Run the tests");
    const after = await run(["validate", "--format", "json"], redacted);
    expect(JSON.parse(after.stdout).findings).toEqual(JSON.parse(before.stdout).findings);
  });

  it("validate --redact writes the redacted transcript to stdout and the report to stderr", async () => {
    const { stdout, stderr, code } = await run(["validate", "--redact"], transcript(SUBMIT, SUBMITTED, "{"));
    expect(stdout).toBe(transcript(clientRequest("req-1", "turn/submit", { session_id: "s1", prompt: "[redacted]" }), SUBMITTED, "{"));
    expect(stderr).toContain("-:3: error invalid_json");
    expect(code).toBe(1);
  });

  it("splits lines across chunks and multi-byte characters across byte chunks", async () => {
    const bytes = new TextEncoder().encode(transcript(clientRequest("req-1", "turn/submit", { session_id: "é", prompt: "ü" })));
    const chunks = Array.from(bytes, (byte) => new Uint8Array([byte]));
    const split = await runBytes(chunks);
    expect(split).toBe(transcript(clientRequest("req-1", "turn/submit", { session_id: "é", prompt: "[redacted]" })));
  });

  it("copies only along the path and returns the same value when nothing is sensitive", () => {
    const value = { a: { b: "x" }, c: { d: 1 } };
    const redacted = redactedAt(value, pathSteps("a.b"));
    expect(redacted).toEqual({ a: { b: "[redacted]" }, c: { d: 1 } });
    expect(redacted).not.toBe(value);
    expect(redactedAt(value, pathSteps("z[*].q"))).toBe(value);
    expect(redactedAt({ a: { b: "[redacted]" } }, pathSteps("a.b"))).toEqual({ a: { b: "[redacted]" } });
  });
});

async function runBytes(chunks: readonly Uint8Array[]): Promise<string> {
  const { main } = await import("../src/index.js");
  const out: string[] = [];
  const sink = { write: (text: string) => out.push(text) };
  await main(["redact"], { stdin: chunks, stdout: sink, stderr: sink });
  return out.join("");
}

describe("redact output", () => {
  it("waits for drain when standard output asks to", async () => {
    const { main } = await import("../src/index.js");
    const events: string[] = [];
    const stdout = {
      write: (text: string) => {
        events.push(`write ${text.length}`);
        return false;
      },
      once: (_event: "drain", listener: () => void) => {
        events.push("wait");
        setTimeout(() => {
          events.push("drained");
          listener();
        }, 0);
      },
    };
    const sink = { write: () => true };
    const line = `${JSON.stringify(SUBMIT)}\n`;
    expect(await main(["redact"], { stdin: [line, line], stdout, stderr: sink })).toBe(0);
    const write = `write ${JSON.stringify(clientRequest("req-1", "turn/submit", { session_id: "s1", prompt: "[redacted]" })).length + 1}`;
    expect(events).toEqual([write, "wait", "drained", write, "wait", "drained"]);
  });
});
