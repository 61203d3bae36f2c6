// Reads the type vectors of the conformance package:
// packages/conformance/vectors/types/<Type>.json.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const TYPE_VECTOR_DIR = join(import.meta.dirname, "../../packages/conformance/vectors/types");

export interface TypeVector {
  name: string;
  valid: boolean;
  value: unknown;
}

/** The types that have vectors. */
export function vectorTypes(): string[] {
  return readdirSync(TYPE_VECTOR_DIR)
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length))
    .sort();
}

function isTypeVector(value: unknown): value is TypeVector {
  return typeof value === "object" && value !== null && "name" in value && typeof value.name === "string" && "valid" in value && typeof value.valid === "boolean" && "value" in value;
}

/** The vectors of one type with the given verdict; none when the type has no file. */
export function typeVectors(type: string, valid: boolean): TypeVector[] {
  const file = join(TYPE_VECTOR_DIR, `${type}.json`);
  if (!existsSync(file)) return [];
  const document: unknown = JSON.parse(readFileSync(file, "utf8"));
  const cases = typeof document === "object" && document !== null && "cases" in document && Array.isArray(document.cases) ? document.cases : [];
  return cases.filter(isTypeVector).filter((vector) => vector.valid === valid);
}
