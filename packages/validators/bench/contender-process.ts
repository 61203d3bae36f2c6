// One contender of bench/run.ts, timed in a process of its own: `node
// contender-process NAME` prints, as JSON, its ratios to `JSON.parse` on the
// values parsed beforehand and with the parsing; `node contender-process
// NAME BASELINE` prints its ratio to the contender BASELINE (TypeBox's
// checker, alone or with the same question rules), run in this same process
// right before it. A process per contender keeps the code of each
// as the engine optimizes it for its own work, and the heap as small as one
// contender needs.
import { contenderNamed } from "./contenders.js";
import { measurePaired, type Timing } from "./measure.js";
import { corpus, parseBoth, parsedPass, parsingPass, PASSES } from "./workload.js";

/** What a contender's process prints. */
export interface ContenderTimings {
  /** Milliseconds of `JSON.parse` of the corpus, median. */
  readonly parseMs?: number | undefined;
  readonly parsed?: Timing | undefined;
  readonly parsing?: Timing | undefined;
  /** Against the baseline contender named on the command line (TypeBox's checker, alone or with the same rules), on the values parsed beforehand. */
  readonly toTypebox?: Timing | undefined;
}

const [name = "", against] = process.argv.slice(2);
const subject = contenderNamed(name, corpus);
let timings: ContenderTimings;
if (against !== undefined) {
  const baseline = parsedPass(contenderNamed(against, corpus));
  const task = parsedPass(subject);
  timings = { toTypebox: measurePaired(baseline, [task], PASSES).get(task.name) };
} else {
  const [parsed, parsing] = [parsedPass(subject), parsingPass(subject)];
  const measured = measurePaired(parseBoth, [parsed, parsing], PASSES);
  timings = { parseMs: measured.get(parseBoth.name)?.ms, parsed: measured.get(parsed.name), parsing: measured.get(parsing.name) };
}
process.stdout.write(`${JSON.stringify(timings)}\n`);
