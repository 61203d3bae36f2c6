// `npm run build`: the repository's schema files copied byte for byte into
// json/ (the package's "./*.json" exports), then the helper's declarations
// with tsc and its code with esbuild, as an ES module and as CommonJS, both
// with maps into the shipped src/.
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type BuildOptions } from "esbuild";
import { REPO_ROOT } from "@app-server-protocol/generator";

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..");
const JSON_DIR = join(PACKAGE, "json");
const DIST = join(PACKAGE, "dist");
const SCHEMAS = join(REPO_ROOT, "schemas");

rmSync(JSON_DIR, { recursive: true, force: true });
mkdirSync(JSON_DIR);
for (const file of readdirSync(SCHEMAS).filter((name) => name.endsWith(".json"))) copyFileSync(join(SCHEMAS, file), join(JSON_DIR, file));

rmSync(DIST, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json", "--emitDeclarationOnly", "--declarationMap"], { cwd: PACKAGE, stdio: "inherit" });
// The declarations name no other module, so the CommonJS copy is the same text.
cpSync(join(DIST, "esm"), join(DIST, "cjs"), { recursive: true });
writeFileSync(join(DIST, "cjs/package.json"), `${JSON.stringify({ type: "commonjs" }, null, 2)}\n`);

const code: BuildOptions = {
  entryPoints: [join(PACKAGE, "src/index.ts")],
  bundle: true,
  platform: "node",
  target: "es2022",
  minify: true,
  sourcemap: "linked",
  sourcesContent: false,
  legalComments: "none",
  logLevel: "warning",
};
await build({ ...code, format: "esm", outfile: join(DIST, "esm/index.js") });
// CommonJS has no import.meta: the module's URL comes from __filename.
await build({
  ...code,
  format: "cjs",
  outfile: join(DIST, "cjs/index.js"),
  banner: { js: '"use strict";const importMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
  define: { "import.meta.url": "importMetaUrl" },
});
