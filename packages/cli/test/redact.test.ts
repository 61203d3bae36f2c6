import { describe, expect, it } from "vitest";
import { cachedMethodCount } from "../src/redact/method-shapes.js";
import { answer, askUser, clientRequest, SUBMIT, SUBMITTED, success } from "./support/messages.js";
import { findings, run, transcript } from "./support/run.js";

const SERVER = { id: "docs", transport: "stdio", endpoint: "/bin/docs", args: ["--token", "t"], env: { KEY: "secret" }, headers: {}, enabled: true, summary: "Docs", auth: { kind: "none" } };
const WITHHELD = "# redact: line withheld";

const goal = (objective: string) => ({ goal_id: "g1", revision: 3, session_id: "s1", objective, status: "active", created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z" });

describe("redact", () => {
  it("replaces a sensitive string and writes every other line exactly as read", async () => {
    const untouched = '{"type":"response",  "id":"req-1","result":{"status":"success","data":{"subscription_id":"sub-1"}}}\r\n';
    const input = `${JSON.stringify(SUBMIT)}\n\n${untouched}${JSON.stringify(clientRequest("req-2", "session/list"))}`;
    const { stdout, code, stderr } = await run(["redact"], input);
    expect(stdout).toBe(`${JSON.stringify(clientRequest("req-1", "turn/submit", { session_id: "s1", prompt: "[redacted]" }))}\n\n${untouched}${JSON.stringify(clientRequest("req-2", "session/list"))}`);
    expect(code).toBe(0);
    expect(stderr).toBe("");
  });

  it("keeps every byte outside the sensitive values as written: spacing, key order, escapes and number spellings", async () => {
    const line = '{ "id" : "r" ,"type":"request", "method":"turn/submit","params":{"prompt" : "Run \\u0074he tests","session_id":"s\\u00e9"} }\n';
    expect((await run(["redact"], line)).stdout).toBe('{ "id" : "r" ,"type":"request", "method":"turn/submit","params":{"prompt" : "[redacted]","session_id":"s\\u00e9"} }\n');
  });

  it("writes a u64 at its maximum as written (a double would print 18446744073709552000)", async () => {
    const request = clientRequest("g", "session/goal/get", { session_id: "s1" });
    const response = '{"type":"response","id":"g","result":{"status":"success","data":{"goal":{"goal_id":"g1","revision":18446744073709551615,"session_id":"s1","objective":"Ship the secret plan","status":"active","tokens_used":18446744073709551615,"created_at":"t","updated_at":"t"}}}}\n';
    const { stdout } = await run(["redact"], `${transcript(request)}${response}`);
    expect(stdout.split("\n")[1]).toBe(response.replace("Ship the secret plan", "[redacted]").trimEnd());
  });

  it("keeps the tag of a sensitive union (McpServerInput.auth) and redacts its free strings, so the message stays valid", async () => {
    const auth = { kind: "header", name: "X-Api-Key", value: "sk-live-123" };
    const input = transcript(clientRequest("u", "mcp/upsert_server", { ...SERVER, auth }), success("u"));
    const redacted = await run(["redact"], input);
    const request: unknown = JSON.parse(redacted.stdout.split("\n")[0] ?? "");
    expect(request).toEqual(clientRequest("u", "mcp/upsert_server", { ...SERVER, endpoint: "[redacted]", args: [], env: {}, auth: { kind: "header", name: "[redacted]", value: "[redacted]" } }));
    expect(await findings(redacted.stdout)).toEqual(await findings(input));
    expect(await findings(input)).toEqual([]);
  });

  it("redacts every field the schemas mark, wherever its type appears: a goal's objective in a bootstrap result, an MCP server's error in the ACP setup params", async () => {
    const bootstrap = clientRequest("b", "session/bootstrap", { session_id: "s1" });
    const state = success("b", { session: { session_id: "s1", created_at: "t", updated_at: "t", messages: [], goal: goal("Find the leaked key") } });
    const setup = clientRequest("a", "session/acp_load_setup", { session_id: "s1", session_mcp_servers: [{ ...SERVER, error: "connect failed: token=abc123" }] });
    const { stdout } = await run(["redact"], transcript(bootstrap, state, setup));
    expect(stdout).not.toContain("Find the leaked key");
    expect(stdout).not.toContain("abc123");
    const [, second, third] = stdout.trimEnd().split("\n").map((line): unknown => JSON.parse(line));
    expect(second).toEqual(success("b", { session: { session_id: "s1", created_at: "t", updated_at: "t", messages: [], goal: goal("[redacted]") } }));
    expect(third).toEqual(clientRequest("a", "session/acp_load_setup", { session_id: "s1", session_mcp_servers: [{ ...SERVER, endpoint: "[redacted]", args: [], env: {}, error: "[redacted]" }] }));
  });

  it("redacts every item of an array of secret-bearing objects", async () => {
    const bootstrap = clientRequest("req-1", "session/bootstrap", { session_id: "s1", session_mcp_servers: [SERVER, { ...SERVER, id: "two" }] });
    const { stdout } = await run(["redact"], transcript(bootstrap));
    const redacted = { ...SERVER, endpoint: "[redacted]", args: [], env: {} };
    expect(JSON.parse(stdout)).toEqual(clientRequest("req-1", "session/bootstrap", { session_id: "s1", session_mcp_servers: [redacted, { ...redacted, id: "two" }] }));
  });

  it("redacts a response's data by the method of the request it answers, and a repeated answer too", async () => {
    const input = transcript(clientRequest("req-1", "background/log", { job_id: "j1" }), success("req-1", { log: "password=hunter2" }), success("req-1", { log: "again" }));
    const lines = (await run(["redact"], input)).stdout.trimEnd().split("\n");
    expect(lines.map((line): unknown => JSON.parse(line))).toEqual([clientRequest("req-1", "background/log", { job_id: "j1" }), success("req-1", { log: "[redacted]" }), success("req-1", { log: "[redacted]" })]);
  });

  it("reads an answer whose request is not in the transcript as the result of any method: a field one defines as sensitive, or none defines, is redacted", async () => {
    const { stdout } = await run(["redact"], transcript(success("elsewhere", { log: "password=hunter2" }), success("other", { subscription_id: "sub-1", extension: "sk-x" })));
    expect(stdout).toBe(transcript(success("elsewhere", { log: "[redacted]" }), success("other", { subscription_id: "sub-1", extension: "[redacted]" })));
  });

  it("reads direction wrappers, and reads a parsed __proto__ key as a field like any other", async () => {
    const wrapped = '{"direction":"client","message":{"type":"request","id":"r","method":"auth/login","params":{"provider":"anthropic","method":"api_key","token":"t0k","__proto__":{"x":1}}}}\n';
    const { stdout } = await run(["redact"], wrapped);
    expect(stdout).toBe('{"direction":"client","message":{"type":"request","id":"r","method":"auth/login","params":{"provider":"anthropic","method":"api_key","token":"[redacted]","__proto__":{}}}}\n');
  });

  it("redacts the value of every field a type does not define, whatever its name and whatever the type holds", async () => {
    const misspelt = '{"type":"request","id":"r","method":"auth/login","params":{"provider":"anthropic","method":"api_key","tokn":"sk-misspelt","env_var":null,"hint":7,"extension":{"any":["thing"]},"on":true,"off":null}}\n';
    expect((await run(["redact"], misspelt)).stdout).toBe('{"type":"request","id":"r","method":"auth/login","params":{"provider":"anthropic","method":"api_key","tokn":"[redacted]","env_var":null,"hint":0,"extension":{},"on":false,"off":null}}\n');
    const plain = `${JSON.stringify(clientRequest("r", "session/rename", { session_id: "s1", new_title: "T", extension: { any: ["thing"] } }))}\n`;
    expect((await run(["redact"], plain)).stdout).toBe(plain.replace('{"any":["thing"]}', "{}"));
    const envelope = '{"type":"request","id":"r","method":"auth/login","parms":{"token":"sk-1","hint":"kept"},"trace":"t-1"}\n';
    expect((await run(["redact"], envelope)).stdout).toBe('{"type":"request","id":"r","method":"auth/login","parms":{},"trace":"[redacted]"}\n');
  });

  it("keeps unknown fields' names and the line's verdict: validate finds the same, in default and in strict mode", async () => {
    const lines = transcript(clientRequest("r", "session/rename", { session_id: "s1", new_title: "T", extension: { token: "sk" } }), clientRequest("j", "background/log", { job_id: "j1" }), success("j", { log: "sk", extra: [1, 2] }), clientRequest("q", "auth/login", { provider: "anthropic", method: "api_key", token: "sk", tokn: "sk" }));
    const redacted = (await run(["redact"], lines)).stdout;
    expect(redacted).not.toContain("sk");
    expect(await findings(redacted)).toEqual(await findings(lines));
    expect(await findings(redacted, "--strict")).toEqual(await findings(lines, "--strict"));
    expect((await findings(lines, "--strict")).filter(([, code]) => code === "unknown_field")).toHaveLength(3);
  });

  it("reads a method corrupted into another method as that method: what it does not define is redacted", async () => {
    const goal = `${JSON.stringify(clientRequest("r", "session/goal/get", { session_id: "s1", objective: "the secret plan" }))}\n`;
    expect((await run(["redact"], goal)).stdout).toBe(goal.replace('"the secret plan"', '"[redacted]"'));
    // workflow/list takes EmptyParams, a map of anything: it defines no key, so each is redacted.
    const workflow = `${JSON.stringify(clientRequest("w", "workflow/list", { name: "deploy", arguments: { API_KEY: "sk-workflow" } }))}\n`;
    expect((await run(["redact"], workflow)).stdout).toBe(`${JSON.stringify(clientRequest("w", "workflow/list", { name: "[redacted]", arguments: {} }))}\n`);
  });

  it("keeps a map's entries as its value schema defines them", async () => {
    const ask = askUser("s-1", "ask-1");
    const answered = answer("s-1", "pg");
    expect((await run(["redact"], transcript(ask, answered))).stdout).toBe(transcript(ask, answered));
  });

  it("redacts a value of a JSON type or a constant its schema does not allow, and keeps the finding", async () => {
    const line = `${JSON.stringify(clientRequest("u", "mcp/upsert_server", { ...SERVER, trust: "sk-not-a-trust", summary: 42, enabled: "yes" }))}\n`;
    const redacted = (await run(["redact"], line)).stdout;
    expect(JSON.parse(redacted)).toEqual(clientRequest("u", "mcp/upsert_server", { ...SERVER, endpoint: "[redacted]", args: [], env: {}, trust: "[redacted]", summary: 0, enabled: "[redacted]" }));
    expect(await findings(redacted)).toEqual(await findings(line));
    const valid = `${JSON.stringify(clientRequest("u", "mcp/upsert_server", { ...SERVER, endpoint: "[redacted]", args: [], env: {}, trust: "trusted" }))}\n`;
    expect((await run(["redact"], valid)).stdout).toBe(valid);
  });

  it("reads the envelope's own fields by their types: an id that is no string is redacted", async () => {
    const line = '{"type":"request","id":{"r":0,"method":"auth/login","params":{"token":"sk-nested"}}}\n';
    expect((await run(["redact"], line)).stdout).toBe('{"type":"request","id":{}}\n');
  });

  it("redacts the params of a method the registry does not define, and every field but the envelope's of a line that is no message", async () => {
    const unknownMethod = JSON.stringify(clientRequest("r", "auth/logn", { token: "sk-unknown-method" }));
    expect((await run(["redact"], `${unknownMethod}\n`)).stdout).toBe(`${JSON.stringify(clientRequest("r", "auth/logn", {}))}\n`);
    const noMessage = '{"direction":"client","messag":{"type":"request","id":"r","method":"auth/login","params":{"token":"sk-2"}},"type":"request"}\n';
    expect((await run(["redact"], noMessage)).stdout).toBe('{"direction":"[redacted]","messag":{},"type":"request"}\n');
    expect((await run(["redact"], '"sk-3"\n[{"token":"sk-4"}]\nnull\n')).stdout).toBe('"[redacted]"\n[]\nnull\n');
    const prototypeNames = '{"__proto__":null,"constructor":"sk-5","toString":{"a":1},"hasOwnProperty":[1]}\n';
    expect((await run(["redact"], prototypeNames)).stdout).toBe('{"__proto__":null,"constructor":"[redacted]","toString":{},"hasOwnProperty":[]}\n');
  });

  it("produces a transcript that still validates", async () => {
    const bootstrap = clientRequest("req-2", "session/bootstrap", { session_id: "s1", session_mcp_servers: [SERVER] });
    const input = transcript(SUBMIT, SUBMITTED, bootstrap, clientRequest("req-3", "background/log", { job_id: "j1" }), success("req-3", { log: "x" }));
    const redacted = (await run(["redact"], input)).stdout;
    expect(redacted).not.toContain("Run the tests");
    expect(await findings(redacted)).toEqual(await findings(input));
  });

  it("splits lines across chunks and multi-byte characters across byte chunks", async () => {
    const bytes = new TextEncoder().encode(transcript(clientRequest("req-1", "turn/submit", { session_id: "é", prompt: "ü" })));
    const chunks = Array.from(bytes, (byte) => new Uint8Array([byte]));
    const split = await runBytes(chunks);
    expect(split.stdout).toBe(transcript(clientRequest("req-1", "turn/submit", { session_id: "é", prompt: "[redacted]" })));
  });
});

describe("redact withholds a line it cannot read", () => {
  const LEAK = '{"type":"request","id":"r","method":"auth/login","params":{"provider":"anthropic","method":"api_key","token":"sk-LEAK","env_var":nul';

  it("never writes a line that is not JSON: a placeholder takes its place, stderr names its line, the exit code is 1", async () => {
    const { stdout, stderr, code } = await run(["redact", "-"], `${JSON.stringify(SUBMIT)}\n${LEAK}`);
    expect(stdout).not.toContain("sk-LEAK");
    expect(stdout).toBe(`${JSON.stringify(clientRequest("req-1", "turn/submit", { session_id: "s1", prompt: "[redacted]" }))}\n${WITHHELD} (not JSON)`);
    expect(stderr).toBe("-:2: withheld: not JSON\n");
    expect(code).toBe(1);
  });

  it("names the file and line of each withheld line, and quotes none of it", async () => {
    const { stdout, stderr, code } = await run(["redact", "a.ndjson"], [], { "a.ndjson": `${LEAK}\n\n{"token":"sk-2"\r\n` });
    expect(stdout).toBe(`${WITHHELD} (not JSON)\n\n${WITHHELD} (not JSON)\r\n`);
    expect(stderr).toBe("a.ndjson:1: withheld: not JSON\na.ndjson:3: withheld: not JSON\n");
    expect(stderr).not.toContain("sk-");
    expect(code).toBe(1);
  });

  it("withholds a line that is not UTF-8", async () => {
    const bytes = Uint8Array.from([...new TextEncoder().encode('{"type":"request","id":"r","method":"turn/submit","params":{"session_id":"s","prompt":"sk-BYTES'), 0xff, ...new TextEncoder().encode('"}}\n')]);
    const { stdout, stderr, code } = await runBytes([bytes]);
    expect(stdout).toBe(`${WITHHELD} (not UTF-8)\n`);
    expect(stderr).toBe("-:1: withheld: not UTF-8\n");
    expect(code).toBe(1);
  });

  it("reads the lines of one chunk alike whether one of them is UTF-8 or not, and however the chunk is split", async () => {
    const encoder = new TextEncoder();
    const submit = encoder.encode(`${JSON.stringify(SUBMIT)}\n`);
    const bad = Uint8Array.from([...encoder.encode('{"type":"request","id":"r","method":"turn/submit","params":{"session_id":"s","prompt":"sk-BYTES'), 0xc3, ...encoder.encode('"}}\n')]);
    const long = encoder.encode(`${JSON.stringify(clientRequest("l", "turn/submit", { session_id: "s", prompt: "x".repeat(300) }))}\n`);
    const whole = Uint8Array.from([...submit, ...bad, ...long, ...submit]);
    const redactedSubmit = JSON.stringify(clientRequest("req-1", "turn/submit", { session_id: "s1", prompt: "[redacted]" }));
    const expected = `${redactedSubmit}\n${WITHHELD} (not UTF-8)\n${WITHHELD} (over --max-bytes)\n${redactedSubmit}\n`;
    const { main } = await import("../src/index.js");
    for (const chunks of [[whole], Array.from(whole, (value) => Uint8Array.of(value))]) {
      const out: string[] = [];
      const err: string[] = [];
      expect(await main(["redact", "--max-bytes", "200"], { stdin: chunks, stdout: { write: (text: string) => out.push(text) > 0 }, stderr: { write: (text: string) => err.push(text) > 0 } })).toBe(1);
      expect(out.join("")).toBe(expected);
      expect(err.join("")).toBe("-:2: withheld: not UTF-8\n-:3: withheld: over --max-bytes\n");
    }
  });

  it("withholds a line over --max-bytes without holding it in memory", async () => {
    const long = JSON.stringify(clientRequest("r", "turn/submit", { session_id: "s", prompt: "sk-LONG".repeat(100) }));
    const chunks = Array.from({ length: 10 }, (_, index) => long.slice(index * 80, (index + 1) * 80));
    const { stdout, stderr, code } = await run(["redact", "--max-bytes", "200"], [...chunks.filter((chunk) => chunk !== ""), "\n", JSON.stringify(SUBMITTED), "\n"]);
    expect(stdout).toBe(`${WITHHELD} (over --max-bytes)\n${JSON.stringify(SUBMITTED)}\n`);
    expect(stderr).toBe("-:1: withheld: over --max-bytes\n");
    expect(code).toBe(1);
  });

  it("withholds a line that writes a key twice: what JSON.parse drops would be written unredacted", async () => {
    const twice = '{"type":"request","id":"r","method":"auth/login","params":{"provider":"anthropic","method":"api_key","token":"sk-FIRST"},"params":{"provider":"anthropic","method":"api_key"}}\n';
    const { stdout, stderr, code } = await run(["redact"], twice);
    expect(stdout).toBe(`${WITHHELD} (a key written twice)\n`);
    expect(stderr).toBe("-:1: withheld: a key written twice\n");
    expect(code).toBe(1);
  });

  it("the placeholder is no protocol message: validate reports it as a line that is not JSON", async () => {
    const redacted = (await run(["redact"], `${LEAK}\n`)).stdout;
    expect(await findings(redacted)).toEqual([[1, "invalid_json"]]);
  });

  it("validate --redact writes the placeholder to stdout and the report to stderr", async () => {
    const { stdout, stderr, code } = await run(["validate", "--redact"], transcript(SUBMIT, SUBMITTED, LEAK));
    expect(stdout).toBe(`${transcript(clientRequest("req-1", "turn/submit", { session_id: "s1", prompt: "[redacted]" }), SUBMITTED)}${WITHHELD} (not JSON)\n`);
    expect(stderr).toContain("-:3: error invalid_json");
    expect(code).toBe(1);
  });
});

describe("redact memory", () => {
  it("remembers no method name it meets outside the registry", async () => {
    const before = cachedMethodCount();
    const requests = Array.from({ length: 60 }, (_, index) => clientRequest(`r${index}`, `no/such_method_${index}_${"x".repeat(1000)}`, { token: "t" }));
    await run(["redact"], transcript(...requests));
    expect(cachedMethodCount()).toBe(before);
    await run(["redact"], transcript(clientRequest("k", "turn/submit", { session_id: "s", prompt: "p" }), clientRequest("k2", "turn/submit", { session_id: "s", prompt: "p" })));
    expect(cachedMethodCount()).toBeLessThanOrEqual(before + 1);
  });
});

async function runBytes(chunks: readonly Uint8Array[]): Promise<{ stdout: string; stderr: string; code: number }> {
  const { main } = await import("../src/index.js");
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(["redact"], { stdin: chunks, stdout: { write: (text: string) => out.push(text) }, stderr: { write: (text: string) => err.push(text) } });
  return { stdout: out.join(""), stderr: err.join(""), code };
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
