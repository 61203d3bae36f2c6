import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median } from "./measure.js";

// Cold start: fresh processes whose entry point is a module file, as an
// application's is, timed from `import` of the built package to the first
// validated request and answer.

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..");
const PROCESSES = 7;

function startTime(script: string): number {
  const directory = mkdtempSync(join(tmpdir(), "validators-cold-start-"));
  const file = join(directory, "start.mjs");
  writeFileSync(file, script);
  try {
    const samples = Array.from({ length: PROCESSES }, () => Number(execFileSync(process.execPath, [file], { cwd: PACKAGE, encoding: "utf8" }).trim()));
    return median(samples);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

function importToFirstVerdicts(entry: string, request: string, answer: string): number {
  const url = JSON.stringify(pathToFileURL(join(PACKAGE, entry)).href);
  return startTime(`
const start = performance.now();
const { parseClientMessage, parseServerMessage } = await import(${url});
const methodOf = () => "ask_user/request";
if (!parseServerMessage(${JSON.stringify(request)}).ok || !parseClientMessage(${JSON.stringify(answer)}, { methodOf }).ok) throw new Error("invalid");
console.log(performance.now() - start);`);
}

export function coldStarts(request: string, answer: string): void {
  const main = importToFirstVerdicts("dist/esm/index.js", request, answer);
  const all = importToFirstVerdicts("dist/esm/all.js", request, answer);
  const empty = startTime(`
const start = performance.now();
await import("data:text/javascript,export const empty = true;");
console.log(performance.now() - start);`);
  console.log(
    `cold start, import to the first validated request and answer (median of ${PROCESSES} fresh processes): main entry point ${main.toFixed(1)} ms, /all ${all.toFixed(1)} ms; importing an empty module ${empty.toFixed(1)} ms`,
  );
}
