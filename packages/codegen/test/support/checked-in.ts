// A pass's output against the files checked in under its output directory:
// those were written by an earlier run in another process, so equality is
// also the check that the pass is deterministic, without a second run.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REGENERATE_COMMAND, REPO_ROOT } from "@app-server-protocol/generator";
import { outputRoot, type LanguageBindings } from "../../src/language.js";

/** The paths of `files` whose checked-in copy differs from what the pass wrote (empty when all match). */
export function differingFromCheckedIn(bindings: LanguageBindings, files: ReadonlyMap<string, string>): string[] {
  return [...files].filter(([path, content]) => readFileSync(join(REPO_ROOT, outputRoot(bindings), path), "utf8") !== content).map(([path]) => path);
}

export const REGENERATE = `run \`${REGENERATE_COMMAND}\``;
