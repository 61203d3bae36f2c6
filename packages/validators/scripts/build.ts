// `npm run build`: declarations with tsc (an ES-module copy and a CommonJS
// copy, so both `import` and `require` consumers resolve real types; the same
// text, as scripts/build-package.mjs explains, so tsc runs once), and the
// code as the bundles of bundle.ts.
import { execFileSync } from "node:child_process";
import { cpSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { bundleEntryPoints, PACKAGE } from "./bundle.js";

const DIST = join(PACKAGE, "dist");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

rmSync(DIST, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json", "--emitDeclarationOnly", "--declarationMap"], { cwd: PACKAGE, stdio: "inherit" });
cpSync(join(DIST, "esm"), join(DIST, "cjs"), { recursive: true });
writeFileSync(join(DIST, "cjs/package.json"), `${JSON.stringify({ type: "commonjs" }, null, 2)}\n`);
await bundleEntryPoints(DIST);
