// How the CLI benches time their tasks: the tasks take turns pass by pass,
// so that a noisy moment on a shared machine hits them alike, and each
// task's median is kept.

/** Passes of every task before the timed ones: the commands run far more code than `JSON.parse`, and the engine optimizes it over its first passes. */
export const WARM_UP_PASSES = 3;
export const PASSES = 21;

/** A task to time: its name, and one run of it. */
export interface Task {
  readonly name: string;
  readonly run: () => unknown;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
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
