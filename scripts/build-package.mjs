// Builds the workspace package in the current directory: declarations with
// tsc (an ES-module copy and a CommonJS copy, so both `import` and `require`
// consumers resolve real types; the copies are the same text, since a
// declaration's specifiers are its source's, which name `.js` files, so tsc
// runs once), and the code as one minified file per
// format with esbuild: one file loads much faster than a graph of modules.
// Dependencies and peer dependencies stay external unless named with --inline (the validators
// inline the registry of @app-server-protocol/types, which spares a cold
// start the resolution of a second package and keeps the registry and the
// compiled schemas from the same build). The code and the declarations carry
// maps into the shipped `src/`, so a stack trace or "go to definition" lands
// on the TypeScript source; the maps hold no copy of it.
//
// Usage: node scripts/build-package.mjs [--inline <package> ...]
import { execFileSync } from "node:child_process";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { build } from "esbuild";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const manifest = JSON.parse(readFileSync("package.json", "utf8"));
const inlined = process.argv.flatMap((arg, index) => (process.argv[index - 1] === "--inline" ? [arg] : []));

rmSync("dist", { recursive: true, force: true });
// `--noCheck`: the declarations are the same without the type check, which was half a build. `npm run typecheck`
// checks every package's sources, in one program with stricter settings.
execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json", "--emitDeclarationOnly", "--declarationMap", "--noCheck"], { stdio: "inherit" });
cpSync("dist/esm", "dist/cjs", { recursive: true });
writeFileSync("dist/cjs/package.json", `${JSON.stringify({ type: "commonjs" }, null, 2)}\n`);

/** Every entry point of the package's `exports`: its source file and its ES-module and CommonJS outputs. */
const entries = Object.values(manifest.exports)
  .filter((target) => typeof target === "object" && target !== null)
  .map((target) => ({ source: target["@app-server-protocol/source"], esm: target.import.default, cjs: target.require.default }));

for (const { source, esm, cjs } of entries) {
  for (const [format, outfile] of [
    ["esm", esm],
    ["cjs", cjs],
  ]) {
    await build({
      entryPoints: [source],
      outfile,
      format,
      bundle: true,
      platform: "neutral",
      target: "es2022",
      external: [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})].filter((name) => !inlined.includes(name)),
      conditions: ["@app-server-protocol/source"],
      minify: true,
      sourcemap: "linked",
      sourcesContent: false,
      legalComments: "none",
      logLevel: "warning",
    });
  }
}
