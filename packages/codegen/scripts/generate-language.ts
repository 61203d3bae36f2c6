// Regenerates one language's bindings from the checked-in schemas, for
// working on a language pass: `npx tsx packages/codegen/scripts/generate-language.ts go`.
// `npm run generate` regenerates every language (and checks them with --check).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { REPO_ROOT } from "@app-server-protocol/generator";
import { LANGUAGES, bindingsModel, outputRoot } from "../src/index.js";

function readDocument(path: string): JsonObject {
  const value: unknown = JSON.parse(readFileSync(join(REPO_ROOT, path), "utf8"));
  if (!isJsonObject(value)) throw new Error(`${path} is not a JSON object`);
  return value;
}

const directory = process.argv[2];
const language = LANGUAGES.find((candidate) => candidate.directory === directory);
if (language === undefined) throw new Error(`usage: generate-language.ts <${LANGUAGES.map((entry) => entry.directory).join("|")}>`);
const files = await language.generate(bindingsModel(readDocument("schemas/protocol.schema.json"), readDocument("schemas/methods.json")));
const root = join(REPO_ROOT, outputRoot(language));
// A directory under generated/ is all generated; in a package of its own only the entries the pass writes are.
const owned = language.root === undefined ? [root] : [...new Set([...files.keys()].map((path) => join(root, path.split("/")[0] ?? path)))];
for (const path of owned) rmSync(path, { recursive: true, force: true });
for (const [path, content] of files) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}
console.log(`${outputRoot(language)}: ${[...files.keys()].join(", ")} (${readdirSync(root).length} entries)`);
