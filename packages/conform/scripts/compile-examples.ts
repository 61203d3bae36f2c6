// Writes src/generated/examples.ts (not checked in): the first valid value
// of each conformance vector of a type the method registry names (a params
// or result type), as one JSON text parsed on first use. The kit sends these
// as the params of a method it picks, and answers with them when it plays
// the server.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { METHOD_REGISTRY } from "@app-server-protocol/types";

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..");
const VECTORS = join(dirname(createRequire(import.meta.url).resolve("@app-server-protocol/conformance/package.json")), "vectors/types");
const OUT = join(PACKAGE, "src/generated/examples.ts");
const HEADER = "// Generated at build time by `npm run compile-schemas` (packages/conform) from the type vectors of @app-server-protocol/conformance. Do not edit.";

interface VectorCase {
  readonly valid: boolean;
  readonly value: unknown;
}

function firstValid(type: string): unknown {
  const file = join(VECTORS, `${type}.json`);
  if (!existsSync(file)) return undefined;
  const document: { cases?: readonly VectorCase[] } = JSON.parse(readFileSync(file, "utf8"));
  return document.cases?.find((entry) => entry.valid)?.value;
}

const names = [...new Set(METHOD_REGISTRY.flatMap((method) => (method.result === null ? [method.params] : [method.params, method.result])))].sort();
const examples: { [type: string]: unknown } = {};
for (const name of names) {
  const value = firstValid(name);
  if (value !== undefined) examples[name] = value;
}

mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(
  OUT,
  [HEADER, "/** The first valid value of each contract type's conformance vector, by type name, as JSON: parsed when first needed. */", `export const EXAMPLES_JSON = ${JSON.stringify(JSON.stringify(examples))};`, ""].join("\n"),
);
console.log(`wrote examples of ${Object.keys(examples).length} of ${names.length} contract types to ${OUT}`);
