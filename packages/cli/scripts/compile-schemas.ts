// Writes src/generated/redaction-shapes.ts (not checked in) from
// schemas/protocol.schema.json and the method registry: the shapes `redact`
// walks each message beside (scripts/redaction-shapes.ts), as one JSON text
// the redactor parses on its first message.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { METHOD_REGISTRY } from "@app-server-protocol/types";
import { redactionShapes } from "./redaction-shapes.js";

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..");
const BUNDLE = join(PACKAGE, "../../schemas/protocol.schema.json");
const OUT = join(PACKAGE, "src/generated/redaction-shapes.ts");
const HEADER = "// Generated at build time by `npm run compile-schemas` (packages/cli) from schemas/protocol.schema.json and the method registry. Do not edit.";

const bundle: unknown = JSON.parse(readFileSync(BUNDLE, "utf8"));
const definitions = typeof bundle === "object" && bundle !== null && "$defs" in bundle ? bundle.$defs : undefined;
if (typeof definitions !== "object" || definitions === null || Array.isArray(definitions)) throw new Error(`${BUNDLE} has no $defs`);
const roots = METHOD_REGISTRY.flatMap((method): string[] => (method.result === null ? [method.params] : [method.params, method.result]));
const shapes = redactionShapes(JSON.parse(JSON.stringify(definitions)), roots);

mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(
  OUT,
  [
    HEADER,
    "/** The redaction shapes (src/redact/shape.ts), as JSON: parsed when the first message is redacted. */",
    `export const REDACTION_SHAPES = ${JSON.stringify(JSON.stringify(shapes))};`,
    "",
  ].join("\n"),
);
console.log(`wrote ${Object.keys(shapes.guarded).length} guarded and ${Object.keys(shapes.sensitive).length} sensitive shapes to ${OUT}`);
