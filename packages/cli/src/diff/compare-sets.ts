import { isJsonObject } from "../json-value.js";
import { canonical } from "./canonical.js";
import { effectOf, type ChangeKind, type RawChange } from "./change.js";
import { compareTypeSchemas } from "./compare-schema.js";
import type { Emit } from "./comparison.js";
import { isAnnotation } from "./keywords.js";
import type { TypeTable } from "./minimal-instance.js";
import type { MethodEntry } from "./schema-set.js";

/** The two sides of a comparison: types in normal form, and the method registry when a set has one. */
export interface NormalSet {
  readonly types: TypeTable;
  readonly methods?: ReadonlyMap<string, MethodEntry>;
}

// Kinds that name something the new side has: their path is the new side's.
const ADDED = new Set<ChangeKind>(["variant_added", "field_added_required", "field_added_optional", "nullable_added"]);

function sortedUnion(left: Iterable<string>, right: Iterable<string>): string[] {
  return [...new Set([...left, ...right])].sort();
}

/** An `Emit` that records changes of `type`. */
function recorder(type: string, changes: RawChange[]): Emit {
  return (at, kind, detail, value) => {
    const path = ADDED.has(kind) ? at.new : at.old;
    changes.push({ type, path, kind, detail, ...(at.old === at.new ? {} : { at }), ...(value === undefined ? {} : { value }) });
  };
}

/** Whether type `before` of the old set and type `after` of the new accept the same messages (annotations aside). */
function sameMessages(before: unknown, after: unknown, oldSet: NormalSet, newSet: NormalSet, assertFormats: boolean): boolean {
  let alike = true;
  compareTypeSchemas(before, after, oldSet.types, newSet.types, (_at, kind) => (alike &&= effectOf(kind, assertFormats) === "neither"), assertFormats);
  return alike;
}

/** A schema's shape for finding renamed types quickly: what validates, with every `$ref` name left out. */
function shape(schema: unknown): string {
  if (Array.isArray(schema)) return `[${schema.map(shape).join(",")}]`;
  if (!isJsonObject(schema)) return canonical(schema);
  const keys = Object.keys(schema).filter((key) => !isAnnotation(key)).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${key === "$ref" ? '"*"' : shape(schema[key])}`).join(",")}}`;
}

function sharedStart(left: string, right: string): number {
  let length = 0;
  while (length < left.length && left[length] === right[length]) length++;
  return length;
}

/** Types only one side has, paired old with new where they accept the same messages: a rename. */
function renames(oldSet: NormalSet, newSet: NormalSet, assertFormats: boolean): Map<string, string> {
  const added = [...newSet.types.keys()].filter((name) => !oldSet.types.has(name));
  const byShape = new Map<string, string[]>();
  for (const name of added) {
    const key = shape(newSet.types.get(name));
    byShape.set(key, [...(byShape.get(key) ?? []), name]);
  }
  const pairs = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of [...oldSet.types.keys()].filter((type) => !newSet.types.has(type)).sort()) {
    const before = oldSet.types.get(name);
    // Several types may have one shape (empty results, say): the likeliest rename is tried first, the name sharing the longest start.
    const candidates = (byShape.get(shape(before)) ?? []).filter((candidate) => !taken.has(candidate)).sort((left, right) => sharedStart(name, right) - sharedStart(name, left));
    const match = candidates.find((candidate) => sameMessages(before, newSet.types.get(candidate), oldSet, newSet, assertFormats));
    if (match === undefined) continue;
    pairs.set(name, match);
    taken.add(match);
  }
  return pairs;
}

function compareMethod(name: string, before: MethodEntry, after: MethodEntry, sets: readonly [NormalSet, NormalSet], assertFormats: boolean, changes: RawChange[]): void {
  if (before.direction !== after.direction) changes.push({ type: name, path: "/direction", kind: "method_direction_changed", detail: `direction ${before.direction} -> ${after.direction}` });
  for (const [field, kind] of [["params", "method_params_changed"], ["result", "method_result_changed"]] as const) {
    const [oldType, newType] = [before[field], after[field]];
    if (oldType === newType) continue;
    const detail = `${field} ${String(oldType)} -> ${String(newType)}`;
    const renamed = oldType !== null && newType !== null && sets[0].types.has(oldType) && sets[1].types.has(newType) && sameMessages(sets[0].types.get(oldType), sets[1].types.get(newType), sets[0], sets[1], assertFormats);
    changes.push(renamed ? { type: name, path: `/${field}`, kind: "type_renamed", detail: `${detail}, which accept the same messages` } : { type: name, path: `/${field}`, kind, detail });
  }
}

function compareRegistries(oldSet: NormalSet, newSet: NormalSet, assertFormats: boolean, changes: RawChange[]): void {
  const [oldMethods, newMethods] = [oldSet.methods ?? new Map<string, MethodEntry>(), newSet.methods ?? new Map<string, MethodEntry>()];
  for (const method of sortedUnion(oldMethods.keys(), newMethods.keys())) {
    const [before, after] = [oldMethods.get(method), newMethods.get(method)];
    if (before === undefined) changes.push({ type: method, path: "", kind: "method_added", detail: `method ${method} added` });
    else if (after === undefined) changes.push({ type: method, path: "", kind: "method_removed", detail: `method ${method} removed` });
    else compareMethod(method, before, after, [oldSet, newSet], assertFormats, changes);
  }
}

/**
 * Every change between two schema sets in normal form: per type (sorted by
 * name, then in schema order; a type only one side has paired with one of
 * the other side that accepts the same messages is a `type_renamed`), then
 * per method when both sets have a registry.
 */
export function compareSets(oldSet: NormalSet, newSet: NormalSet, assertFormats: boolean): RawChange[] {
  const changes: RawChange[] = [];
  const renamed = renames(oldSet, newSet, assertFormats);
  const renamedTo = new Set(renamed.values());
  for (const type of sortedUnion(oldSet.types.keys(), newSet.types.keys())) {
    const [before, after] = [oldSet.types.get(type), newSet.types.get(type)];
    const newName = renamed.get(type);
    if (newName !== undefined) changes.push({ type, path: "", kind: "type_renamed", detail: `type ${type} renamed to ${newName}, which accepts the same messages`, newType: newName });
    else if (before === undefined) {
      if (!renamedTo.has(type)) changes.push({ type, path: "", kind: "type_added", detail: `type ${type} added` });
    } else if (after === undefined) changes.push({ type, path: "", kind: "type_removed", detail: `type ${type} removed` });
    else compareTypeSchemas(before, after, oldSet.types, newSet.types, recorder(type, changes), assertFormats);
  }
  if (oldSet.methods !== undefined && newSet.methods !== undefined) compareRegistries(oldSet, newSet, assertFormats, changes);
  return changes;
}
