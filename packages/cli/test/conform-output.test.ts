import { describe, expect, it } from "vitest";
import type { ConformanceReport } from "@app-server-protocol/conform";
import { githubReport, textReport } from "../src/commands/conform-output.js";
import { PLAIN } from "../src/report/colour.js";

/** A report whose peer-written parts carry terminal control sequences. */
const hostile: ConformanceReport = {
  checks: [
    { id: "server.handshake.version_echoed", scenario: "handshake", status: "fail", tier: "required", spec: ["1.6"], message: "saw \u001b[2J\u001b]0;owned\u0007 instead" },
  ],
  summary: {
    role: "server",
    scenarios: 1,
    checks: 1,
    passed: 0,
    failed: 1,
    skipped: 0,
    expected_failures: 0,
    stale: 0,
    advisory_failures: 0,
    peer: { name: "evil\u001b[31m", version: "1\r\n::error::forged" },
  },
};

describe("conform text and github output", () => {
  it("writes no control character a peer put in a message or its name", () => {
    for (const output of [textReport(hostile, ["server-under-test"], PLAIN), githubReport(hostile)]) {
      const withoutNewlines = output.replaceAll("\n", "");
      expect(withoutNewlines).not.toMatch(/[\u0000-\u001f\u007f]/u);
    }
  });

  it("keeps the failing check visible with its id and an escaped form of the text", () => {
    const text = textReport(hostile, ["server-under-test"], PLAIN);
    expect(text).toContain("fail server.handshake.version_echoed (required; spec 1.6)");
    expect(text).toContain("\\u001b[2J");
    expect(text.split("\n")[0]).not.toContain("::error::forged\n");
  });
});
