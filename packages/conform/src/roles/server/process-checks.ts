import type { Findings } from "../../judge/findings.js";
import type { ConnectionEnd } from "../../peer/connection.js";
import { stderrTail } from "../../peer/connection.js";

export const STAYS_UP = "server.process.stays-up";
export const EXITS_ON_EOF = "server.process.exits-on-eof";
export const OUTPUT_BOUNDED = "server.process.output-bounded";

/** Judges how the server process behaved over the scenario, once the connection is closed. */
export function judgeProcess(end: ConnectionEnd, findings: Findings, graceMs: number): void {
  findings.judge(STAYS_UP);
  findings.judge(OUTPUT_BOUNDED);
  const early = end.exitedEarly;
  if (early !== undefined) {
    const how = early.signal === null ? `exited with code ${early.code ?? "?"}` : `was killed by ${early.signal}`;
    findings.fail(STAYS_UP, `the server ${how} while the client's connection was open${stderrTail(end.stderr)}`);
  }
  if (end.flooded) {
    findings.fail(OUTPUT_BOUNDED, "the server wrote more to stdout than the kit reads in one scenario; the kit ended it");
    findings.skip(EXITS_ON_EOF, "the kit ended the server for its output");
  } else if (end.exitedBefore) findings.skip(EXITS_ON_EOF, "the server had exited before its stdin was closed");
  else if (end.exitedOnEof) findings.judge(EXITS_ON_EOF);
  else findings.fail(EXITS_ON_EOF, `the server did not exit within ${graceMs / 1000} s of its stdin closing; the kit sent ${end.forced ?? "SIGKILL"} to its process group`);
}
