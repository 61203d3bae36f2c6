/** A run that cannot start (or go on) as asked: an unknown scenario, a baseline naming no requirement, a role the kit does not play yet, a transcript folder it cannot write. */
export class ConformanceUsageError extends Error {
  override readonly name = "ConformanceUsageError";
}
