/** Work timed as one unit; returns a count, so the work cannot be optimized away. */
export interface Task {
  readonly name: string;
  readonly run: () => number;
}

/** A task's median time, and the median of its ratios to the baseline run right before it, with their quartiles. */
export interface Timing {
  readonly ms: number;
  readonly ratio: number;
  readonly lowerQuartile: number;
  readonly upperQuartile: number;
}

let sink = 0;

function timed(task: Task): number {
  const start = process.hrtime.bigint();
  sink += task.run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * The processor time a run of `task` takes, in milliseconds: on a machine
 * shared with other jobs the wall-clock time of a run also counts the time
 * the process waited for a core, which differs from run to run far more than
 * the work does.
 */
function processorTime(task: Task): number {
  const start = process.cpuUsage();
  sink += task.run();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1e3;
}

function quantile(values: readonly number[], at: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * at))] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/**
 * Times each task in `passes` round-robin passes (every task once per pass,
 * after one warm-up pass), each run right after a run of `baseline`, in
 * processor time: on a noisy machine the ratio to a baseline measured a
 * moment before is steadier than either time.
 */
export function measurePaired(baseline: Task, tasks: readonly Task[], passes: number): Map<string, Timing> {
  for (const task of [baseline, ...tasks]) timed(task);
  const samples = new Map<string, { ms: number[]; ratios: number[] }>([baseline, ...tasks].map((task) => [task.name, { ms: [], ratios: [] }]));
  for (let pass = 0; pass < passes; pass += 1) {
    for (const task of tasks) {
      const base = processorTime(baseline);
      const ms = processorTime(task);
      samples.get(baseline.name)?.ms.push(base);
      samples.get(task.name)?.ms.push(ms);
      samples.get(task.name)?.ratios.push(ms / base);
    }
  }
  if (sink === -1) console.log(sink);
  return new Map(
    [...samples].map(([name, { ms, ratios }]) => {
      const ratio = ratios.length === 0 ? [1] : ratios;
      return [name, { ms: median(ms), ratio: median(ratio), lowerQuartile: quantile(ratio, 0.25), upperQuartile: quantile(ratio, 0.75) }];
    }),
  );
}

/** The median milliseconds of each task over `passes` round-robin passes, after one warm-up pass. */
export function measureRoundRobin(tasks: readonly Task[], passes: number): Map<string, number> {
  for (const task of tasks) timed(task);
  const samples = new Map<string, number[]>(tasks.map((task) => [task.name, []]));
  for (let pass = 0; pass < passes; pass += 1) for (const task of tasks) samples.get(task.name)?.push(timed(task));
  if (sink === -1) console.log(sink);
  return new Map([...samples].map(([name, times]) => [name, median(times)]));
}
