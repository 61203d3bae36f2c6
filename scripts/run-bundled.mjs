// Runs a TypeScript entry point of the repository as one bundled ES module
// (scripts/bundle-entry.mjs says how and why): `npm run generate` and
// `npm run check` use it.
//
// Usage: node scripts/run-bundled.mjs <entry.ts> [arguments for the entry]
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleEntry } from "./bundle-entry.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

const [entry, ...rest] = process.argv.slice(2);
if (entry === undefined) {
  console.error("usage: node scripts/run-bundled.mjs <entry.ts> [arguments]");
  process.exit(2);
}
const outfile = await bundleEntry(ROOT, entry);
process.argv = [process.argv[0] ?? "node", entry, ...rest];
await import(pathToFileURL(outfile).href);
