// The checked-in schema bundle and method registry, which the core passes read.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isJsonObject, type JsonObject } from "../src/schema.js";

const ROOT = join(import.meta.dirname, "../../..");

export function readDocument(path: string): JsonObject {
  const value: unknown = JSON.parse(readFileSync(join(ROOT, path), "utf8"));
  if (!isJsonObject(value)) throw new Error(`${path} is not a JSON object`);
  return value;
}

export const bundle = readDocument("schemas/protocol.schema.json");
export const registry = readDocument("schemas/methods.json");
