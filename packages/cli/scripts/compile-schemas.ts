// Writes src/generated/redaction-shapes.ts (not checked in) from
// schemas/protocol.schema.json and the method registry: the shapes `redact`
// walks each message beside (scripts/redaction-shapes.ts), each type's as a
// JSON text the redactor parses when it first meets the type.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { METHOD_REGISTRY } from "@app-server-protocol/types";
import { redactionShapes } from "./redaction-shapes.js";

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..");
const BUNDLE = join(PACKAGE, "../../schemas/protocol.schema.json");
const OUT = join(PACKAGE, "src/generated/redaction-shapes.ts");
const HEADER = "// Generated at build time by `npm run compile-schemas` (packages/cli) from schemas/protocol.schema.json and the method registry. Do not edit.";

/** The result of a response that failed (spec 1.3), read by the redactor whatever the method. */
const ERROR_RESULT = "ResponseResultError";

const bundle: unknown = JSON.parse(readFileSync(BUNDLE, "utf8"));
const definitions = typeof bundle === "object" && bundle !== null && "$defs" in bundle ? bundle.$defs : undefined;
if (typeof definitions !== "object" || definitions === null || Array.isArray(definitions)) throw new Error(`${BUNDLE} has no $defs`);
const roots = [...METHOD_REGISTRY.flatMap((method): string[] => (method.result === null ? [method.params] : [method.params, method.result])), ERROR_RESULT];
const shapes = redactionShapes(JSON.parse(JSON.stringify(definitions)), roots);
const entries = Object.entries(shapes).map(([name, shape]) => `  [${JSON.stringify(name)}, ${JSON.stringify(JSON.stringify(shape))}],`);

mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(
  OUT,
  [
    HEADER,
    "/** The redaction shapes (src/redact/shape.ts) of each type, as JSON: a type's is parsed when a message first needs it. */",
    "export const REDACTION_SHAPES: ReadonlyMap<string, string> = new Map([",
    ...entries,
    "]);",
    "",
  ].join("\n"),
);
console.log(`wrote the shapes of ${entries.length} types to ${OUT}`);
