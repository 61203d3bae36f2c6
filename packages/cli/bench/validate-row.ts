// One row of bench/validate.ts, in a process of its own: `tsx
// bench/validate-row.ts ROW` times the row's task, each run right after its
// baseline, and prints the paired timing as JSON. A process per row keeps
// each task's code as the engine optimizes it for that task alone, as in a
// `validate` run: in a process shared with the other rows, the same
// functions also see the other rows' options, values and sources, and the
// heap holds every row's corpus.
import { pairedRatios } from "./passes.js";
import { ROW_NAMES, ROWS } from "./validate-rows.js";

const row = process.argv[2] ?? "";
const pairing = ROWS[row];
if (pairing === undefined) throw new Error(`no bench row named ${JSON.stringify(row)}; the rows: ${ROW_NAMES.join(", ")}`);
const timing = (await pairedRatios([{ name: row, ...pairing() }])).get(row);
process.stdout.write(`${JSON.stringify(timing)}\n`);
