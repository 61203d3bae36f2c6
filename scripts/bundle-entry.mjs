// Bundles a TypeScript entry point of the repository as one ES module in
// node_modules/.cache/run-bundled/ (what scripts/run-bundled.mjs runs, and
// the worker threads of `npm run generate` load). Under tsx, every module
// (quicktype's hundreds among them) is resolved and loaded through the
// loader's hooks, a third of the generator's time. Here esbuild bundles the
// entry with the workspace sources it imports (the source condition), leaves
// every package of node_modules external, and keeps each module's
// `import.meta.url` its own file's, so the files a module reads beside
// itself are still found.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const WORKSPACE_SCOPE = "@app-server-protocol/";

/** Bare imports of anything but a workspace package stay imports, resolved by Node from node_modules. */
const dependenciesExternal = {
  name: "dependencies-external",
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith(WORKSPACE_SCOPE) ? undefined : { path: args.path, external: true }));
  },
};

/** Each source module's `import.meta.url` as its own file's URL, not the bundle's. */
const ownImportMetaUrl = {
  name: "own-import-meta-url",
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      return { contents: source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)), loader: "ts" };
    });
  },
};

/** Bundles `entry` (a path to a `.ts` file) for the checkout at `root`; returns the bundle's path. */
export async function bundleEntry(root, entry) {
  const outfile = join(root, "node_modules/.cache/run-bundled", `${basename(entry, ".ts")}.mjs`);
  const { outputFiles } = await build({
    entryPoints: [entry],
    outfile,
    write: false,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    conditions: ["@app-server-protocol/source"],
    plugins: [dependenciesExternal, ownImportMetaUrl],
    logLevel: "warning",
  });
  // Written under a name of its own, then renamed: a run started meanwhile imports a whole bundle, its own or this one.
  const partial = `${outfile}.${process.pid}`;
  await mkdir(dirname(outfile), { recursive: true });
  await writeFile(partial, outputFiles[0]?.contents ?? "");
  await rename(partial, outfile);
  return outfile;
}
