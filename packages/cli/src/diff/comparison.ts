import { isJsonObject, type JsonObject } from "../json-value.js";
import type { ChangeKind } from "./change.js";
import type { TypeTable } from "./minimal-instance.js";

/** Reports one change at a path of the type being compared. */
export type Emit = (path: string, kind: ChangeKind, detail: string, value?: unknown) => void;

/** What comparing two types walks with. */
export interface Comparison {
  readonly emit: Emit;
  /** Each side's types by name, to compare through a `$ref`. */
  readonly oldTypes: TypeTable;
  readonly newTypes: TypeTable;
  /** The pairs of `$ref`s compared through on the way here: a pair met again is a recursion, already being compared. */
  readonly following: Set<string>;
}

/** Compares two schemas of the same place. */
export type Compare = (oldSchema: unknown, newSchema: unknown, path: string, comparison: Comparison) => void;

/** A boolean schema or none as the object schema that accepts the same. */
export function asObject(schema: unknown): JsonObject {
  if (isJsonObject(schema)) return schema;
  return schema === false ? { not: {} } : {};
}

/** Whether two JSON values are the same, key order included. */
export function same(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}
