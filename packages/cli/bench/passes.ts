// How the CLI benches time their tasks: the tasks take turns pass by pass,
// so that a noisy moment on a shared machine hits them alike, and each
// task's median is kept; or each task is run right after its baseline, and
// the median of the ratios is kept.

/** Passes of every task before the timed ones: the commands run far more code than `JSON.parse`, and the engine optimizes it over its first passes. */
export const WARM_UP_PASSES = 3;
export const PASSES = 21;

/** A task to time: its name, and one run of it. */
export interface Task {
  readonly name: string;
  readonly run: () => unknown;
}

function quantile(values: readonly number[], at: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * at))] ?? Number.NaN;
}

/** The middle of `values` (the upper one of an even count). */
export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** The median milliseconds of each task over `passes` timed passes after `warmUps` (fewer for tasks that take seconds). */
export async function medians(tasks: readonly Task[], { passes = PASSES, warmUps = WARM_UP_PASSES } = {}): Promise<Map<string, number>> {
  const samples = new Map<string, number[]>(tasks.map((task) => [task.name, []]));
  for (let pass = 0; pass < warmUps + passes; pass += 1) {
    for (const task of tasks) {
      const started = performance.now();
      await task.run();
      if (pass >= warmUps) samples.get(task.name)?.push(performance.now() - started);
    }
  }
  return new Map([...samples].map(([name, times]) => [name, median(times)]));
}

/** A task and the baseline it is measured against, each run of it right after a run of the baseline. */
export interface Pairing {
  readonly name: string;
  readonly baseline: Task;
  readonly task: Task;
}

/** A pairing's medians: of the baseline's and the task's milliseconds, and of the per-pass ratios with their quartiles. */
export interface PairedTiming {
  readonly baselineMs: number;
  readonly taskMs: number;
  readonly ratio: number;
  readonly lowerQuartile: number;
  readonly upperQuartile: number;
}

/**
 * The processor time a run of `task` takes, in milliseconds: on a machine
 * shared with other jobs the wall-clock time of a run also counts the time
 * the process waited for a core, which differs from run to run far more than
 * the work does.
 */
async function processorTime(task: Task): Promise<number> {
  const started = process.cpuUsage();
  await task.run();
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1e3;
}

/**
 * Times each pairing in processor time over `PASSES` passes after
 * `WARM_UP_PASSES`, the pairings taking turns within a pass, the task run
 * right after its baseline: on a machine shared with other jobs the ratio to
 * a baseline measured a moment before is far steadier than either time, or
 * than a ratio of medians taken apart.
 */
export async function pairedRatios(pairings: readonly Pairing[]): Promise<Map<string, PairedTiming>> {
  const samples = new Map<string, { baseline: number[]; task: number[]; ratio: number[] }>(pairings.map((pairing) => [pairing.name, { baseline: [], task: [], ratio: [] }]));
  for (let pass = 0; pass < WARM_UP_PASSES + PASSES; pass += 1) {
    for (const { name, baseline, task } of pairings) {
      const base = await processorTime(baseline);
      const ms = await processorTime(task);
      const sample = samples.get(name);
      if (pass < WARM_UP_PASSES || sample === undefined) continue;
      sample.baseline.push(base);
      sample.task.push(ms);
      sample.ratio.push(ms / base);
    }
  }
  return new Map(
    [...samples].map(([name, { baseline, task, ratio }]) => [
      name,
      { baselineMs: median(baseline), taskMs: median(task), ratio: median(ratio), lowerQuartile: quantile(ratio, 0.25), upperQuartile: quantile(ratio, 0.75) },
    ]),
  );
}
