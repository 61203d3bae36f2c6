// Builds the workspace package in the current directory twice from the same
// sources: ES modules to dist/esm and CommonJS to dist/cjs, each with its
// declarations, so both `import` and `require` consumers resolve real types.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const run = (...args) => execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json", ...args], { stdio: "inherit" });

rmSync("dist", { recursive: true, force: true });
run();
run("--module", "CommonJS", "--moduleResolution", "Node10", "--outDir", "dist/cjs");
mkdirSync("dist/cjs", { recursive: true });
writeFileSync("dist/cjs/package.json", `${JSON.stringify({ type: "commonjs" }, null, 2)}\n`);
