// Writes every generated artifact (schemas/, tests/generated/, docs/reference/,
// generated/) from the hand-written types in packages/types/src. With --check
// it writes nothing and exits non-zero with a diff when a checked-in artifact
// has drifted. Where two or more cores are idle, the bindings are generated
// in as many worker threads (scripts/bindings-worker.ts, bundled as this
// entry is), started first so that they load while the schemas are made;
// --workers=N asks for N of them (0: none, every language in this thread).
import { join } from "node:path";
import { buildBindings, idleCores, startBindingsBuilder } from "@app-server-protocol/codegen";
import { REPO_ROOT, buildArtifacts, checkArtifacts, writeArtifacts } from "@app-server-protocol/generator";
import { bundleEntry } from "./bundle-entry.mjs";

const asked = process.argv.find((arg) => arg.startsWith("--workers="));
// By default, only where two or more cores are idle: one worker would only move the work off this thread.
const idle = idleCores();
const workers = asked === undefined ? (idle >= 2 ? idle : 0) : Number(asked.slice("--workers=".length));
if (!Number.isSafeInteger(workers) || workers < 0) throw new Error(`${String(asked)}: the number of worker threads is a whole number, 0 for none`);
const builder = workers > 0 ? startBindingsBuilder(await bundleEntry(REPO_ROOT, join(REPO_ROOT, "scripts/bindings-worker.ts")), workers) : undefined;
try {
  const artifacts = await buildArtifacts({ derived: builder?.build ?? buildBindings });
  process.exitCode = process.argv.includes("--check") ? checkArtifacts(REPO_ROOT, artifacts) : writeArtifacts(REPO_ROOT, artifacts);
} finally {
  await builder?.close();
}
