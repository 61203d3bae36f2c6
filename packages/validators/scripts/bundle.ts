// The package's code as minified bundles, one per entry point of `exports`,
// with the registry of @app-server-protocol/types inlined (the dispatcher
// then always reads the registry of the same build as the compiled
// schemas). The ES modules are split: code both entry points use, the
// compiled message types above all, is one shared chunk that `/all`
// imports, so an application using both loads it once. The CommonJS copy is
// the same files converted one by one (esbuild cannot split CommonJS), so
// its `all.js` requires the same shared chunk. Both carry source maps into
// the shipped `src/` (a stack trace names the TypeScript line); the maps hold
// no copy of the sources.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..");

const SOURCE_CONDITION = "@app-server-protocol/source";

interface ExportTarget {
  readonly [SOURCE_CONDITION]: string;
  readonly import: { readonly default: string };
  readonly require: { readonly default: string };
}

function isExportTarget(value: unknown): value is ExportTarget {
  return typeof value === "object" && value !== null && SOURCE_CONDITION in value && "import" in value && "require" in value;
}

/** Each entry point of the manifest's `exports`: its source and its output's name (`index`, `all`). */
function entryPoints(): { [name: string]: string } {
  const manifest: unknown = JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8"));
  const exportsField: unknown = typeof manifest === "object" && manifest !== null ? Reflect.get(manifest, "exports") : undefined;
  const targets = typeof exportsField === "object" && exportsField !== null ? Object.values(exportsField).filter(isExportTarget) : [];
  return Object.fromEntries(targets.map((target) => [target.import.default.replace(/^\.\/dist\/esm\//, "").replace(/\.js$/, ""), join(PACKAGE, target[SOURCE_CONDITION])]));
}

/** Writes `<outDir>/esm` (split ES modules) and `<outDir>/cjs` (the same as CommonJS). */
export async function bundleEntryPoints(outDir: string): Promise<void> {
  const esm = join(outDir, "esm");
  const cjs = join(outDir, "cjs");
  await build({
    entryPoints: entryPoints(),
    outdir: esm,
    format: "esm",
    splitting: true,
    chunkNames: "shared-[hash]",
    bundle: true,
    platform: "neutral",
    target: "es2022",
    conditions: [SOURCE_CONDITION],
    minify: true,
    sourcemap: "linked",
    sourcesContent: false,
    legalComments: "none",
    logLevel: "warning",
  });
  // Bundling each ES module alone, with the shared chunk left to `require`, converts it and carries its source map through.
  await build({
    entryPoints: readdirSync(esm).filter((name) => name.endsWith(".js")).map((name) => join(esm, name)),
    outdir: cjs,
    format: "cjs",
    bundle: true,
    external: ["./shared-*"],
    platform: "neutral",
    target: "es2022",
    minify: true,
    sourcemap: "linked",
    sourcesContent: false,
    legalComments: "none",
    logLevel: "warning",
  });
}
