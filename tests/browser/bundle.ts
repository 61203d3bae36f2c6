import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/** The packages the page bundles, as an app imports them, and the types package they import. */
export const BUNDLED_PACKAGES = [
  "@app-server-protocol/types",
  "@app-server-protocol/validators",
  "@app-server-protocol/legacy-shim",
  "@app-server-protocol/correlation",
  "@app-server-protocol/acp",
] as const;

const HERE = fileURLToPath(new URL(".", import.meta.url));
const resolveFromHere = createRequire(join(HERE, "page.ts")).resolve;

/** The page script bundled for the browser, and the files that went into it (paths relative to this folder). */
export interface PageBundle {
  readonly code: string;
  readonly inputs: readonly string[];
}

/** Where a package's ES-module entry point is built (every package's `exports` names this file for `import`). */
function builtEntry(name: string): string {
  return join(dirname(resolveFromHere(`${name}/package.json`)), "dist/esm/index.js");
}

/**
 * Fails, naming the fix, when a package has not been built: the page bundles
 * the built packages, as an app's bundler would. In CI `npm run test:browser`
 * runs after `npm test`, which builds them.
 */
export function assertPackagesBuilt(): void {
  const missing = BUNDLED_PACKAGES.filter((name) => !existsSync(builtEntry(name)));
  if (missing.length > 0) throw new Error(`not built: ${missing.join(", ")}; run \`npx turbo run build\` first (the browser test bundles each package's dist/)`);
}

/**
 * Bundles page.ts for the browser with nothing external: a Node built-in
 * anywhere on the packages' paths fails the build. esbuild's conditions for
 * the browser (`browser`, `import`, `default`) resolve each package to its
 * built entry point, not to the sources the other tests use.
 */
export async function bundlePage(): Promise<PageBundle> {
  const result = await buildPage().catch((error: unknown) => {
    throw new Error(`the page does not bundle for the browser (a Node built-in on a package's path, or a package not built): ${error instanceof Error ? error.message : String(error)}`);
  });
  const code = result.outputFiles[0]?.text;
  if (code === undefined) throw new Error("esbuild wrote no bundle");
  return { code, inputs: Object.keys(result.metafile.inputs) };
}

function buildPage() {
  return build({
    entryPoints: [join(HERE, "page.ts")],
    absWorkingDir: HERE,
    bundle: true,
    platform: "browser",
    format: "iife",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
}
