// The package as built (`npm run build --workspace @app-server-protocol/schemas`):
// where it is, its json/ directory, and Node run against it by package name,
// which the workspace link resolves as an installed package.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..");
export const JSON_DIR = join(PACKAGE, "json");

if (!existsSync(JSON_DIR) || !existsSync(join(PACKAGE, "dist/cjs/index.js"))) {
  throw new Error("packages/schemas is not built: run `npm run build --workspace @app-server-protocol/schemas` first");
}

/** How a program is run: as an ES module or as CommonJS by node, or as TypeScript by tsx. */
export type ModuleKind = "esm" | "cjs" | "ts";

const EXTENSIONS: { readonly [kind in ModuleKind]: string } = { esm: "mjs", cjs: "cjs", ts: "mts" };
const TSX = createRequire(import.meta.url).resolve("tsx/cli");
/** Inside the package, so bare names resolve from the programs as from a consumer's; one directory per test process. */
const SCRATCH = join(PACKAGE, ".scratch", `programs-${String(process.pid)}`);
let written = 0;

/** Runs `code` as a program of `kind`; returns its standard output. */
export function runProgram(kind: ModuleKind, code: string): string {
  mkdirSync(SCRATCH, { recursive: true });
  written += 1;
  const file = join(SCRATCH, `program-${String(written)}.${EXTENSIONS[kind]}`);
  writeFileSync(file, code);
  const args = kind === "ts" ? [TSX, file] : [file];
  return execFileSync(process.execPath, args, { cwd: PACKAGE, encoding: "utf8" });
}

/** Removes the programs runProgram wrote. */
export function removePrograms(): void {
  rmSync(SCRATCH, { recursive: true, force: true });
}
