import { describe, expect, it } from "vitest";
import { AppServerTranscript } from "../src/index.js";
import { clientRequest, failed, success } from "./support/messages.js";
import { run, transcript } from "./support/run.js";
import { questionRecord, SYSTEM_INIT } from "./support/stream-json.js";

/** The `[line, code, path]` of each finding of a JSON report. */
async function located(input: string, ...options: string[]): Promise<[number, string, string | undefined][]> {
  const { stdout } = await run(["validate", "--format", "json", ...options], input);
  const report: { findings: { line: number; code: string; path?: string }[] } = JSON.parse(stdout);
  return report.findings.map(({ line, code, path }) => [line, code, path]);
}

const REWIND = (keep: string) => `{"type":"request","id":"req-1","method":"session/rewind","params":{"session_id":"s1","keep_messages":${keep}}}`;
const ANSWER = JSON.stringify(failed("req-1"));

describe("validate: what JSON.parse hides", () => {
  it("reports a key written twice, at the member's path, and judges the value JSON.parse kept", async () => {
    expect(await located(transcript('{"type":"request","id":"a","id":"req-1","method":"session/list"}', ANSWER))).toEqual([[1, "duplicate_key", "/id"]]);
  });

  it("reports an integer field written with a fraction or an exponent, and takes any spelling in a number field or an opaque payload", async () => {
    for (const keep of ["1.0", "1e1", "-0"]) expect(await located(transcript(REWIND(keep), ANSWER)), keep).toEqual([[1, "non_integer_literal", "/params/keep_messages"]]);
    const opaque = '{"type":"request","id":"req-1","method":"mcp/get_prompt","params":{"server_id":"m","name":"p","arguments":{"n":1.0,"m":-0,"k":1e400}}}';
    // A number no double holds is refused anywhere: JSON.parse reads 1e400 as Infinity.
    expect(await located(transcript(REWIND("7"), ANSWER, opaque, ANSWER))).toEqual([[3, "invalid_value", "/params/arguments/k"]]);
  });

  it("checks an integer beyond 2^53 exactly against its bound, where JSON.parse rounds it into range", async () => {
    const { stdout } = await run(["validate"], transcript(REWIND("18446744073709551616"), ANSWER, REWIND("18446744073709551615"), ANSWER));
    expect(stdout).toBe("-:1: error invalid_value /params/keep_messages must be <= 18446744073709551615\n1 file, 4 lines: 1 error, 0 warnings\n");
  });

  it("reports a lone surrogate, escaped or not", async () => {
    expect(await located(transcript('{"type":"request","id":"req-1","method":"session/list","params":{"x":"\\udc00"}}', ANSWER))).toEqual([[1, "lone_surrogate", "/params/x"]]);
    expect(await located(`{"type":"request","id":"req-1","method":"session/list","params":{"x":"\ud800"}}\n${ANSWER}\n`)).toEqual([[1, "lone_surrogate", "/params/x"]]);
  });

  it("checks a response's data by the request it answers", async () => {
    const read = clientRequest("req-1", "tools/seed_read_state", { session_id: "s1", path: "a", mtime: 1 });
    const result = '{"type":"response","id":"req-1","result":{"status":"success","data":{"session_id":"s1","path":"a","mtime":2.0,"seeded":true}}}';
    expect(await located(transcript(read, result))).toEqual([[2, "non_integer_literal", "/result/data/mtime"]]);
  });

  it("reads a direction wrapper: its own keys, and the message's under /message", async () => {
    const inner = '{"direction":"client","message":{"type":"request","id":"req-1","method":"session/rewind","params":{"session_id":"s1","keep_messages":1.0}}}';
    const outer = `{"direction":"client","direction":"client","message":${JSON.stringify(clientRequest("req-2", "session/list"))}}`;
    expect(await located(transcript(inner, ANSWER, outer, failed("req-2")))).toEqual([
      [1, "non_integer_literal", "/message/params/keep_messages"],
      [3, "duplicate_key", "/direction"],
    ]);
  });

  it("reads every stream-JSON line, those of a type no schema checks too", async () => {
    const record = JSON.stringify(questionRecord()).replace('"sequence":1', '"sequence":1.0');
    expect(await located(transcript(SYSTEM_INIT, '{"type":"assistant","message":{"id":"m","id":"n"}}', record), "--framing", "stream-json")).toEqual([
      [2, "duplicate_key", "/message/id"],
      [3, "non_integer_literal", "/sequence"],
      [3, "unanswered_request", undefined],
    ]);
  });

  it("treats a line the text of which is refused as an invalid message for correlation", async () => {
    expect(await located(transcript(REWIND("1.0")))).toEqual([
      [1, "non_integer_literal", "/params/keep_messages"],
      [1, "unanswered_request", undefined],
    ]);
  });

  it("leaves the text out when a checker is given only values", () => {
    expect(new AppServerTranscript().line(1, JSON.parse(REWIND("1.0")))).toEqual([]);
    expect(new AppServerTranscript().line(1, JSON.parse(REWIND("1.0")), REWIND("1.0")).map(({ code }) => code)).toEqual(["non_integer_literal"]);
  });
});

describe("validate: a line that is not JSON", () => {
  it("says where it breaks and quotes nothing of it", async () => {
    const env = "OPENAI_API_KEY=sk-live-123\nexport TOKEN='ghp_abc'\n";
    const { stdout } = await run(["validate"], env);
    expect(stdout).toBe(
      "-:1: error invalid_json invalid JSON: expected a value at column 1\n" + "-:2: error invalid_json invalid JSON: expected a value at column 1\n" + "1 file, 2 lines: 2 errors, 0 warnings\n",
    );
    const cut = JSON.stringify(success("req-1", { token: "sk-live-123" })).slice(0, -5);
    expect((await run(["validate"], `${cut}\n`)).stdout).toBe(`-:1: error invalid_json invalid JSON: a string is not closed at column ${cut.length + 1}\n1 file, 1 line: 1 error, 0 warnings\n`);
  });
});
