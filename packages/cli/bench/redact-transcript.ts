// The seeded transcript the redact bench reads: the validate bench's
// exchanges (prompts, which are sensitive, and questions, which are not)
// mixed with exchanges that carry secrets in other places: a login token,
// an MCP server's endpoint, arguments, environment and auth, a job's log.

import { transcriptLines } from "./transcript.js";

/** A piece of each secret the transcript carries: no redacted output may hold one. */
export const SECRET_TEXT = /sk-live-|password=|"key-|"t-\d|"v-\d|Run the tests/;

function* secretExchanges(pairs: number, seed: number): Generator<string> {
  let state = seed;
  const next = (): number => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let index = 0; index < pairs; index += 1) {
    const pick = next();
    if (pick < 0.4) {
      yield JSON.stringify({
        type: "request",
        id: `login-${index}`,
        method: "auth/login",
        params: { provider: "anthropic", method: "api_key", token: `sk-live-${index}-${Math.floor(next() * 1e9)}` },
      });
      yield JSON.stringify({
        type: "response",
        id: `login-${index}`,
        result: { status: "success", data: { provider: "anthropic", method: "api_key", source_summary: "keychain", persisted: true, usable: true, active: true } },
      });
    } else if (pick < 0.7) {
      const server = {
        id: `srv-${index}`,
        transport: "stdio",
        endpoint: "/usr/bin/mcp-docs",
        args: ["--token", `t-${index}`],
        env: { API_KEY: `key-${index}` },
        headers: {},
        enabled: true,
        summary: "Docs",
        auth: { kind: "header", name: "X-Api-Key", value: `v-${index}` },
      };
      yield JSON.stringify({ type: "request", id: `mcp-${index}`, method: "mcp/upsert_server", params: server });
      yield JSON.stringify({ type: "response", id: `mcp-${index}`, result: { status: "success" } });
    } else {
      yield JSON.stringify({ type: "request", id: `log-${index}`, method: "background/log", params: { job_id: `job-${index}` } });
      yield JSON.stringify({ type: "response", id: `log-${index}`, result: { status: "success", data: { log: `step ${index}: password=${Math.floor(next() * 1e9)}` } } });
    }
  }
}

/** `pairs` exchanges (two lines each): half the validate bench's, half carrying secrets elsewhere, interleaved. */
export function* redactTranscriptLines(pairs: number, seed = 11): Generator<string> {
  const plain = transcriptLines(Math.ceil(pairs / 2), seed);
  const secret = secretExchanges(Math.floor(pairs / 2), seed + 1);
  for (let taken = 0; taken < pairs; taken += 1) {
    const source = taken % 2 === 0 ? plain : secret;
    for (let line = 0; line < 2; line += 1) {
      const next = source.next();
      if (!next.done) yield next.value;
    }
  }
}
