import { describe, expect, it } from "vitest";
import { ack, hostAnswer, questionRecord, refusal, resolutionRecord, RESULT, SYSTEM_INIT } from "./support/stream-json.js";
import { findings, run, transcript } from "./support/run.js";

describe("validate, stream-JSON framing", () => {
  it("reports nothing for a clean duplex transcript, other record types included", async () => {
    const input = transcript(
      SYSTEM_INIT,
      { type: "control_request", request_id: "C1", request: { subtype: "initialize" } },
      ack("C1"),
      { type: "assistant", message: { content: [] } },
      { type: "user", message: { role: "user", content: "hi" } },
      { type: "keep_alive" },
      questionRecord(),
      hostAnswer(),
      ack(),
      resolutionRecord(),
      RESULT,
    );
    expect(await findings(input)).toEqual([]);
  });

  it("is detected from the first JSON line, or forced with --framing", async () => {
    const input = transcript(questionRecord(), hostAnswer(), ack());
    expect(await findings(input)).toEqual([]);
    expect(await findings(input, "--framing", "stream-json")).toEqual([]);
    expect((await findings(input, "--framing", "app-server"))[0]).toEqual([1, "unknown_tag"]);
  });

  it("checks the question record's shape and its questions (spec 4.2)", async () => {
    const question = (id: string) => ({ id, question: "Deploy?", header: "", options: [] });
    const five = questionRecord("R1", ["a", "b", "c", "d", "e"].map(question));
    expect(await findings(transcript(five, hostAnswer(), refusal()))).toEqual([[1, "question_count"]]);
    // No canonical questions: the legacy fields are read (spec 4.5), and their question is empty.
    expect(await findings(transcript(questionRecord("R1", []), hostAnswer(), refusal()))).toEqual([[1, "empty_question"]]);
    expect((await findings(transcript(questionRecord("R1", [{ id: "q1" }]), refusal())))[0]).toEqual([1, "missing_field"]);
  });

  it("checks each answer against its question (spec 4.3) and accepts the error reply that keeps it pending", async () => {
    const input = transcript(questionRecord(), hostAnswer("R1", "no"), refusal("R1", "invalid AskUserQuestion response: unknown option"), hostAnswer(), ack(), resolutionRecord());
    expect(await findings(input)).toEqual([[2, "unknown_option"]]);
  });

  it("reports a success acknowledgement for an invalid answer", async () => {
    expect(await findings(transcript(questionRecord(), hostAnswer("R1", "no"), ack()))).toEqual([
      [2, "unknown_option"],
      [3, "ack_for_invalid_answer"],
      [1, "unanswered_request"],
    ]);
  });

  it("names the line of the first answer when a question is answered again", async () => {
    const { stdout } = await run(["validate", "--format", "json"], transcript(questionRecord(), hostAnswer(), ack(), hostAnswer(), refusal()));
    expect(JSON.parse(stdout).findings).toEqual([{ file: "-", line: 4, severity: "error", code: "unknown_response_id", path: "/request_id", message: 'question "R1" is already answered at line 2' }]);
  });

  it("reports an answer for an unknown or already answered id, and a success for it", async () => {
    expect(await findings(transcript(hostAnswer("R9"), refusal("R9")))).toEqual([[1, "unknown_response_id"]]);
    expect(await findings(transcript(questionRecord(), hostAnswer(), ack(), hostAnswer(), ack()))).toEqual([
      [4, "unknown_response_id"],
      [5, "ack_for_unknown_id"],
    ]);
    expect(await findings(transcript(SYSTEM_INIT, ack("C7")))).toEqual([[2, "ack_for_unknown_id"]]);
  });

  it("reports a question id reused while pending, and a resolution nobody answered validly", async () => {
    expect(await findings(transcript(questionRecord(), questionRecord("R1", undefined, 2), hostAnswer(), ack()))).toEqual([[2, "duplicate_request_id"]]);
    expect(await findings(transcript(questionRecord(), hostAnswer("R1", "no"), refusal(), resolutionRecord()))).toEqual([
      [2, "unknown_option"],
      [4, "ack_for_invalid_answer"],
    ]);
  });

  it("lets the end of a turn cancel pending questions (spec 5.7)", async () => {
    expect(await findings(transcript(questionRecord(), RESULT, hostAnswer(), refusal()))).toEqual([[3, "unknown_response_id"]]);
  });

  it("correlates can_use_tool callbacks and control requests, and warns about those never answered", async () => {
    const permission = { type: "control_request", request_id: "P1", request: { subtype: "can_use_tool", tool_name: "Bash", input: {} } };
    const allow = { type: "control_response", response: { subtype: "success", request_id: "P1", response: { behavior: "allow" } } };
    expect(await findings(transcript(permission, allow))).toEqual([]);
    expect(await findings(transcript(permission, permission, allow))).toEqual([[2, "duplicate_request_id"]]);
    expect(await findings(transcript(permission, allow, allow))).toEqual([
      [3, "unknown_response_id"],
      [3, "unanswered_request"],
    ]);
    const late = JSON.parse((await run(["validate", "--format", "json"], transcript(permission, allow, allow))).stdout).findings[0];
    expect(late.message).toBe('can_use_tool request "P1" is already answered at line 2');
    // The CLI refuses the late answer (spec 5.6); a success for it would acknowledge nothing.
    expect(await findings(transcript(permission, allow, allow, refusal("P1", "duplicate or late can_use_tool response")))).toEqual([[3, "unknown_response_id"]]);
    expect(await findings(transcript(permission, allow, allow, ack("P1")))).toEqual([
      [3, "unknown_response_id"],
      [4, "ack_for_unknown_id"],
    ]);
    expect(await findings(transcript(permission, questionRecord(), { type: "control_request", request_id: "C1", request: { subtype: "interrupt" } }))).toEqual([
      [1, "unanswered_request"],
      [2, "unanswered_request"],
      [3, "unanswered_request"],
    ]);
  });

  it("reports lines without a type or with one outside spec 5", async () => {
    expect(await findings(transcript(SYSTEM_INIT, { request_id: "x" }, { type: "gossip" }, [1]))).toEqual([
      [2, "missing_field"],
      [3, "unknown_tag"],
      [4, "wrong_type"],
    ]);
  });
});
