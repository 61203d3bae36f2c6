// Reads the vector files of a suite: vectors/<suite>/*.json.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const PACKAGE_DIR = join(import.meta.dirname, "..");
export const VECTORS_DIR = join(PACKAGE_DIR, "vectors");
export const FORMAT_DIR = join(PACKAGE_DIR, "format");

export interface VectorFile {
  /** Path relative to vectors/. */
  path: string;
  document: unknown;
}

export function suiteNames(): string[] {
  return readdirSync(VECTORS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export function suiteFiles(suite: string): VectorFile[] {
  const dir = join(VECTORS_DIR, suite);
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => ({ path: `${suite}/${file}`, document: JSON.parse(readFileSync(join(dir, file), "utf8")) }));
}

export function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8"));
}

export function objectOf(value: unknown, what = "value"): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error(`${what} is not a JSON object`);
  return Object.fromEntries(Object.entries(value));
}

/** The cases of a vector file, each a JSON object. */
export function casesOf(document: unknown): Record<string, unknown>[] {
  const cases = objectOf(document, "vector file").cases;
  if (!Array.isArray(cases)) throw new Error("vector file has no cases");
  return cases.map((entry: unknown, index) => objectOf(entry, `case ${index}`));
}

/** A vector field that must be a string. */
export function text(value: unknown, what: string): string {
  if (typeof value !== "string") throw new Error(`${what} is not a string`);
  return value;
}

/** A vector field that must be an array. */
export function listOf(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${what} is not an array`);
  return value;
}
