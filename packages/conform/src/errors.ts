/** A run that cannot start (or go on) as asked: an unknown scenario, a baseline naming no requirement, an option the role does not take (turn prompts for a client, a replay for a server), a transcript folder it cannot write. */
export class ConformanceUsageError extends Error {
  override readonly name = "ConformanceUsageError";
}
