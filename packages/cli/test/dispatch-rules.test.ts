import { describe, expect, it } from "vitest";
import { EARLY_REQUESTS_REMEMBERED } from "../src/app-server/dispatch-rules.js";
import { clientRequest, failed, success } from "./support/messages.js";
import { run, transcript } from "./support/run.js";

const initialize = (id: string, capabilities?: object) =>
  clientRequest(id, "initialize", { protocol_version: "1.0", client_info: { name: "c", version: "1" }, ...(capabilities === undefined ? {} : { capabilities }) });

const refused = (id: string, code: string) => ({ type: "response", id, result: { status: "error", code, message: "refused" } });

const goal = (id: string) => clientRequest(id, "session/goal/get", { session_id: "s1" });
const controlState = (id: string) => clientRequest(id, "session/control_state", { session_id: "s1" });

interface Reported {
  readonly line: number;
  readonly severity: string;
  readonly code: string;
  readonly path?: string;
  readonly message: string;
}

async function reported(...messages: unknown[]): Promise<Reported[]> {
  const { stdout } = await run(["validate", "--format", "json"], transcript(...messages));
  return JSON.parse(stdout).findings.map(({ line, severity, code, path, message }: Reported) => ({ line, severity, code, ...(path === undefined ? {} : { path }), message }));
}

const codes = async (...messages: unknown[]) => (await reported(...messages)).map(({ line, code }) => [line, code]);

describe("validate: the dispatch rules of spec 1.7", () => {
  it("judges nothing in a transcript without an initialize: it may start mid-connection", async () => {
    expect(await codes(goal("req-1"), success("req-1", { goal: null }), controlState("req-2"), failed("req-2"))).toEqual([]);
  });

  it("warns about an experimental method the initialize did not declare, and accepts the refusal (rule 4)", async () => {
    expect(await reported(initialize("req-0"), success("req-0"), controlState("req-1"), refused("req-1", "method_not_found"))).toEqual([
      {
        line: 3,
        severity: "warning",
        code: "capability_not_declared",
        path: "/method",
        message: "session/control_state needs capabilities.experimental_methods; the initialize at line 1 does not declare capabilities.experimental_methods, so the server refuses it with method_not_found (spec 1.7 rule 4)",
      },
    ]);
  });

  it("reports an answer to such a request that is no refusal as the server's error", async () => {
    expect(await reported(initialize("req-0"), success("req-0"), controlState("req-1"), success("req-1"), controlState("req-2"), refused("req-2", "invalid_params"))).toEqual([
      expect.objectContaining({ line: 3, code: "capability_not_declared" }),
      { line: 4, severity: "error", code: "refusal_expected", path: "/result", message: 'answers request "req-1" (session/control_state) with success; spec 1.7 rule 4 requires the error method_not_found' },
      expect.objectContaining({ line: 5, code: "capability_not_declared" }),
      expect.objectContaining({ line: 6, code: "refusal_expected", message: 'answers request "req-2" (session/control_state) with the error "invalid_params"; spec 1.7 rule 4 requires the error method_not_found' }),
    ]);
  });

  it("needs both flags for a goal method (rule 3), and is satisfied by them", async () => {
    const [finding, ...rest] = await reported(initialize("req-0", { experimental_methods: true }), success("req-0"), goal("req-1"), refused("req-1", "method_not_found"));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ line: 3, code: "capability_not_declared" });
    expect(finding?.message).toContain("does not declare capabilities.persistent_goals, so the server refuses it with method_not_found (spec 1.7 rule 3)");
    const declared = initialize("req-0", { experimental_methods: true, persistent_goals: true });
    expect(await codes(declared, success("req-0"), goal("req-1"), success("req-1", { goal: null }), controlState("req-2"), failed("req-2"))).toEqual([]);
  });

  it("reads the capabilities of the last initialize (spec 1.6)", async () => {
    const lines = [initialize("req-0", { experimental_methods: true }), success("req-0"), controlState("req-1"), failed("req-1"), initialize("req-2"), success("req-2"), controlState("req-3"), failed("req-3")];
    expect(await codes(...lines)).toEqual([
      [7, "capability_not_declared"],
      [8, "refusal_expected"],
    ]);
  });

  it("judges nothing after an initialize whose params are invalid", async () => {
    const broken = clientRequest("req-0", "initialize", { protocol_version: "1.0" });
    expect(await codes(broken, failed("req-0"), controlState("req-1"), success("req-1"))).toEqual([[1, "missing_field"]]);
  });

  it("reports the requests before the first initialize when it comes, and their answers that are no refusal (rule 1)", async () => {
    const findings = await reported(
      clientRequest("req-1", "session/list"),
      refused("req-1", "invalid_request"),
      clientRequest("req-2", "session/list"),
      success("req-2", []),
      clientRequest("req-3", "session/list"),
      initialize("req-0"),
      success("req-3", []),
    );
    expect(findings).toEqual([
      { line: 1, severity: "warning", code: "request_before_initialize", path: "/method", message: "session/list comes before the initialize at line 6, so the server refuses it with invalid_request (spec 1.7 rule 1)" },
      expect.objectContaining({ line: 3, code: "request_before_initialize" }),
      expect.objectContaining({ line: 4, severity: "error", code: "refusal_expected", message: 'answers request "req-2" (session/list) with success; spec 1.7 rule 1 requires the error invalid_request' }),
      expect.objectContaining({ line: 5, code: "request_before_initialize" }),
      expect.objectContaining({ line: 7, code: "refusal_expected" }),
      expect.objectContaining({ line: 6, code: "unanswered_request" }),
    ]);
  });

  it("remembers a bounded number of requests before initialize, and counts the rest", async () => {
    const count = EARLY_REQUESTS_REMEMBERED + 5;
    const early = Array.from({ length: count }, (_, index) => [clientRequest(`req-${index}`, "session/list"), refused(`req-${index}`, "invalid_request")]).flat();
    const findings = await reported(...early, initialize("init"), success("init"));
    expect(findings).toHaveLength(EARLY_REQUESTS_REMEMBERED + 1);
    expect(findings.at(-1)).toMatchObject({ line: 2 * EARLY_REQUESTS_REMEMBERED + 1, code: "request_before_initialize", message: `5 more client requests, from this line on, come before the initialize at line ${2 * count + 1} (spec 1.7 rule 1)` });
  });

  it("quotes a method however long cut short", async () => {
    const method = `x/${"m".repeat(1_000_000)}`;
    const findings = await reported(clientRequest("req-1", method), initialize("req-0"), success("req-0"));
    expect(findings.map(({ code }) => code)).toEqual(["unknown_method", "request_before_initialize", "unanswered_request"]);
    for (const { message } of findings) expect(message.length).toBeLessThan(300);
  });
});
