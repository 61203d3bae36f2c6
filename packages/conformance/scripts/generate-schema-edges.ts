// Writes the schema-edges vectors (vectors/schema-edges/) from the schemas
// (schemas/protocol.schema.json, schemas/methods.json) and the validators
// compiled from them, which `npm run generate` builds first. With --check it
// writes nothing and exits non-zero with a diff when a checked-in file has
// drifted, as `npm run check` does for the other generated files.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { bindingsModel } from "@app-server-protocol/codegen/model";
import { REPO_ROOT, writeChangedFiles } from "@app-server-protocol/generator";
import { compareFiles, formatDriftReport } from "@app-server-protocol/generator/drift";
import { isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { SUITE, schemaEdgeFiles } from "./schema-edges/suite.js";

const PACKAGE = join(import.meta.dirname, "..");
const PACKAGE_PATH = "packages/conformance";

function readObject(path: string): JsonObject {
  const value: unknown = JSON.parse(readFileSync(join(REPO_ROOT, path), "utf8"));
  if (!isJsonObject(value)) throw new Error(`${path} is not a JSON object`);
  return value;
}

const model = bindingsModel(readObject("schemas/protocol.schema.json"), readObject("schemas/methods.json"));
const files = new Map([...schemaEdgeFiles(model)].map(([path, content]) => [`${PACKAGE_PATH}/${path}`, content]));
const directory = join(PACKAGE, "vectors", SUITE);
const present = existsSync(directory) ? readdirSync(directory).map((file) => `${PACKAGE_PATH}/vectors/${SUITE}/${file}`) : [];

if (process.argv.includes("--check")) {
  const drift = compareFiles(REPO_ROOT, files, present);
  if (drift.length > 0) console.error(formatDriftReport(drift));
  else console.log(`The ${SUITE} vectors are up to date.`);
  process.exitCode = drift.length > 0 ? 1 : 0;
} else {
  const written = writeChangedFiles(REPO_ROOT, files);
  const stale = present.filter((path) => !files.has(path));
  for (const path of stale) rmSync(join(REPO_ROOT, path));
  console.log(`${files.size} ${SUITE} vector files: ${written} written, ${stale.length} stale removed.`);
}
