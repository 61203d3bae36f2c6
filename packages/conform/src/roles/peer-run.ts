import { ConformanceUsageError } from "../errors.js";
import type { Findings } from "../judge/findings.js";
import { judgeProcess } from "../judge/process-checks.js";
import type { RoleName } from "../model.js";
import { Connection, type ConnectionObserver } from "../peer/connection.js";
import { PeerStartError } from "../peer/peer-process.js";
import type { ScenarioChecks } from "../report/scenario-checks.js";
import { Transcript } from "../transcript.js";
import type { RunContext } from "./role.js";

/** One scenario's run against a fresh peer, whichever role it plays. */
export interface PeerRun<R> {
  /** The scenario's id: it names the transcript. */
  readonly scenario: string;
  /** The role the peer plays (the kit plays the other). */
  readonly role: RoleName;
  readonly context: RunContext;
  /** The per-frame judge, which gets every line and frame. */
  readonly observer: ConnectionObserver;
  readonly findings: Findings;
  readonly checks: ScenarioChecks;
  /** The checks that cannot run when the peer cannot be started. */
  readonly checkIds: readonly string[];
  /** A peer that cannot be started rejects the run (the discovery's), instead of failing these checks as not run. */
  readonly startFailureRejects: boolean;
  /** Plays the scenario on the connection. */
  readonly drive: (connection: Connection) => Promise<R>;
}

/**
 * Starts the peer, plays the scenario, closes the connection (ending the
 * peer's process group), judges the process and writes the transcript;
 * resolves to what `drive` made, `undefined` when the peer could not be
 * started.
 */
export async function runOnPeer<R>(run: PeerRun<R>): Promise<R | undefined> {
  const { context, checks, findings } = run;
  const parties = Connection.parties(run.role === "server" ? "client" : "server");
  const transcript = new Transcript(parties.kit, parties.peer);
  let connection: Connection;
  try {
    connection = await Connection.open({ command: context.command, cwd: context.cwd, env: context.env, limits: context.limits }, run.observer, transcript);
  } catch (error) {
    if (!(error instanceof PeerStartError) || run.startFailureRejects) throw error;
    checks.notRun(run.checkIds, `the ${run.role} could not be started: ${error.message}`);
    return undefined;
  }
  const result = await run.drive(connection);
  const end = await connection.close();
  judgeProcess(run.role, end, findings, context.limits.exitGraceMs);
  findings.report(checks);
  if (context.transcripts !== undefined) {
    try {
      transcript.write(context.transcripts, run.scenario, end.stderr);
    } catch (error) {
      throw new ConformanceUsageError(`cannot write the transcript of ${run.scenario} to ${context.transcripts}: ${error instanceof Error ? error.message : "write failed"}`);
    }
  }
  return result;
}
