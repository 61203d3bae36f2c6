// The modules every binding of this language shares, written as they are in
// runtime/ (which the repository type-checks) under the generated header.
import { readFileSync } from "node:fs";
import { commentHeader } from "../../language.js";

/** The shared modules, by file name: the wire rules zod lacks, the verdict vocabulary, the message dispatch and the reading of JSON text. */
export const RUNTIME_MODULES = ["wire.ts", "verdict.ts", "dispatch.ts", "text.ts"] as const;

export function runtimeFiles(): Map<string, string> {
  return new Map(RUNTIME_MODULES.map((name) => [name, `${commentHeader("//")}\n${readFileSync(new URL(`./runtime/${name}`, import.meta.url), "utf8")}`]));
}
