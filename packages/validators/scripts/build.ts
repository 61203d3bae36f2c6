// `npm run build`: declarations with tsc (an ES-module copy and a CommonJS
// copy, so both `import` and `require` consumers resolve real types), and the
// code as the bundles of bundle.ts.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { bundleEntryPoints, PACKAGE } from "./bundle.js";

const DIST = join(PACKAGE, "dist");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const declarations = (...args: string[]) => execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json", "--emitDeclarationOnly", "--declarationMap", ...args], { cwd: PACKAGE, stdio: "inherit" });

rmSync(DIST, { recursive: true, force: true });
declarations();
declarations("--module", "CommonJS", "--moduleResolution", "Node10", "--outDir", "dist/cjs");
mkdirSync(join(DIST, "cjs"), { recursive: true });
writeFileSync(join(DIST, "cjs/package.json"), `${JSON.stringify({ type: "commonjs" }, null, 2)}\n`);
await bundleEntryPoints(DIST);
