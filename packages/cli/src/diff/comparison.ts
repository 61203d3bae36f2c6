import { isJsonObject, type JsonObject } from "../json-value.js";
import { canonical } from "./canonical.js";
import type { ChangeKind } from "./change.js";
import type { TypeTable } from "./minimal-instance.js";
import { pointer } from "./pointer.js";

/** Where a change is, in each side's type: the paths differ where a union's variants were reordered or a side reads a place through a `$ref`. */
export interface Place {
  readonly old: string;
  readonly new: string;
}

/** Both paths extended by the same segments. */
export function deeper(at: Place, ...segments: readonly (string | number)[]): Place {
  return { old: pointer(at.old, ...segments), new: pointer(at.new, ...segments) };
}

/** Reports one change at a place of the type being compared. */
export type Emit = (at: Place, kind: ChangeKind, detail: string, value?: unknown) => void;

/** What comparing two types walks with. */
export interface Comparison {
  readonly emit: Emit;
  /** Each side's types by name, in normal form, to compare through a `$ref`. */
  readonly oldTypes: TypeTable;
  readonly newTypes: TypeTable;
  /** The pairs of `$ref`s compared through on the way here: a pair met again is a recursion, already being compared. */
  readonly following: Set<string>;
  /** Whether `format` validates (`--assert-formats`) or only annotates. */
  readonly assertFormats: boolean;
}

/** Compares two schemas of the same place. */
export type Compare = (oldSchema: unknown, newSchema: unknown, at: Place, comparison: Comparison) => void;

/** A boolean schema or none as the object schema that accepts the same. */
export function asObject(schema: unknown): JsonObject {
  if (isJsonObject(schema)) return schema;
  return schema === false ? { not: {} } : {};
}

/** Whether two JSON values are deep-equal (key order aside). */
export function same(left: unknown, right: unknown): boolean {
  return canonical(left) === canonical(right);
}
