import { isJsonObject } from "../json-value.js";
import { CHANGE_KINDS, type ChangeKind } from "./change.js";

/** One accepted breaking change of an except file (`--except FILE`, schema `schemas/diff-except.schema.json`). */
export interface ExceptEntry {
  readonly type: string;
  readonly path: string;
  readonly kind: ChangeKind;
  readonly reason?: string;
}

/** Why an except file cannot be used (exit 2). */
export class ExceptFileError extends Error {}

const ENTRY_KEYS = new Set(["type", "path", "kind", "reason"]);

function isKind(value: unknown): value is ChangeKind {
  return typeof value === "string" && Object.hasOwn(CHANGE_KINDS, value);
}

function entryAt(value: unknown, index: number): ExceptEntry {
  const where = `/accepted/${index}`;
  if (!isJsonObject(value)) throw new ExceptFileError(`${where} is not an object`);
  const unknown = Object.keys(value).find((key) => !ENTRY_KEYS.has(key));
  if (unknown !== undefined) throw new ExceptFileError(`${where} has an unknown field ${JSON.stringify(unknown.slice(0, 64))}`);
  const { type, path, kind, reason } = value;
  if (typeof type !== "string") throw new ExceptFileError(`${where}/type must be a string (a type or method name)`);
  if (typeof path !== "string") throw new ExceptFileError(`${where}/path must be a string (the change's path, "" for the type itself)`);
  if (!isKind(kind)) throw new ExceptFileError(`${where}/kind must be a change kind (README "Change kinds")`);
  if (reason !== undefined && typeof reason !== "string") throw new ExceptFileError(`${where}/reason must be a string`);
  return reason === undefined ? { type, path, kind } : { type, path, kind, reason };
}

/** The entries of an except file's text; an `ExceptFileError` naming the first problem (never quoting the file) when it is not one. */
export function exceptEntries(text: string): ExceptEntry[] {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new ExceptFileError("is not JSON");
  }
  if (!isJsonObject(document)) throw new ExceptFileError("is not a JSON object");
  const unknown = Object.keys(document).find((key) => key !== "accepted" && key !== "$schema");
  if (unknown !== undefined) throw new ExceptFileError(`has an unknown field ${JSON.stringify(unknown.slice(0, 64))}`);
  if (document["$schema"] !== undefined && typeof document["$schema"] !== "string") throw new ExceptFileError("/$schema must be a string");
  const accepted = document["accepted"];
  if (!Array.isArray(accepted)) throw new ExceptFileError("/accepted must be an array of accepted changes");
  return accepted.map(entryAt);
}

/** The key an entry and a change match by: type, path and kind. */
export function exceptKey(entry: { readonly type: string; readonly path: string; readonly kind: string }): string {
  return JSON.stringify([entry.type, entry.path, entry.kind]);
}
