import type { RoleName } from "../model.js";
import type { ConnectionEnd } from "../peer/connection.js";
import { stderrTail } from "../peer/connection.js";
import type { Findings } from "./findings.js";

/**
 * Judges how the peer process behaved over the scenario, once the
 * connection is closed: `<role>.process.stays-up`, `exits-on-eof` and
 * `output-bounded` of the role it plays.
 */
export function judgeProcess(role: RoleName, end: ConnectionEnd, findings: Findings, graceMs: number): void {
  const staysUp = `${role}.process.stays-up`;
  const exitsOnEof = `${role}.process.exits-on-eof`;
  const outputBounded = `${role}.process.output-bounded`;
  const other = role === "server" ? "client" : "server";
  findings.judge(staysUp);
  findings.judge(outputBounded);
  const early = end.exitedEarly;
  if (early !== undefined) {
    const how = early.signal === null ? `exited with code ${early.code ?? "?"}` : `was killed by ${early.signal}`;
    findings.fail(staysUp, `the ${role} ${how} while the ${other}'s connection was open${stderrTail(end.stderr)}`);
  }
  if (end.flooded) {
    findings.fail(outputBounded, `the ${role} wrote more to stdout than the kit reads in one scenario; the kit ended it`);
    findings.skip(exitsOnEof, `the kit ended the ${role} for its output`);
  } else if (end.exitedBefore) findings.skip(exitsOnEof, `the ${role} had exited before its stdin was closed`);
  else if (end.exitedOnEof) findings.judge(exitsOnEof);
  else findings.fail(exitsOnEof, `the ${role} did not exit within ${graceMs / 1000} s of its stdin closing; the kit sent ${end.forced ?? "SIGKILL"} to its process group`);
}
