import type { ChangeKind, RawChange } from "./change.js";
import { compareTypeSchemas } from "./compare-schema.js";
import type { MethodEntry, SchemaSet } from "./schema-set.js";

function sortedUnion(left: Iterable<string>, right: Iterable<string>): string[] {
  return [...new Set([...left, ...right])].sort();
}

function compareMethod(name: string, before: MethodEntry, after: MethodEntry, changes: RawChange[]): void {
  const report = (kind: ChangeKind, field: "direction" | "params" | "result") => {
    if (before[field] !== after[field]) changes.push({ type: name, path: `/${field}`, kind, detail: `${field} ${String(before[field])} -> ${String(after[field])}` });
  };
  report("method_direction_changed", "direction");
  report("method_params_changed", "params");
  report("method_result_changed", "result");
}

function compareRegistries(oldMethods: ReadonlyMap<string, MethodEntry>, newMethods: ReadonlyMap<string, MethodEntry>, changes: RawChange[]): void {
  for (const method of sortedUnion(oldMethods.keys(), newMethods.keys())) {
    const [before, after] = [oldMethods.get(method), newMethods.get(method)];
    if (before === undefined) changes.push({ type: method, path: "", kind: "method_added", detail: `method ${method} added` });
    else if (after === undefined) changes.push({ type: method, path: "", kind: "method_removed", detail: `method ${method} removed` });
    else compareMethod(method, before, after, changes);
  }
}

/** Every change between two schema sets: per type (sorted by name, then in schema order), then per method when both sets have a registry. */
export function compareSets(oldSet: SchemaSet, newSet: SchemaSet): RawChange[] {
  const changes: RawChange[] = [];
  for (const type of sortedUnion(oldSet.types.keys(), newSet.types.keys())) {
    const [before, after] = [oldSet.types.get(type), newSet.types.get(type)];
    if (before === undefined) changes.push({ type, path: "", kind: "type_added", detail: `type ${type} added` });
    else if (after === undefined) changes.push({ type, path: "", kind: "type_removed", detail: `type ${type} removed` });
    else compareTypeSchemas(before, after, oldSet.types, newSet.types, (path, kind, detail, value) => changes.push(value === undefined ? { type, path, kind, detail } : { type, path, kind, detail, value }));
  }
  if (oldSet.methods !== undefined && newSet.methods !== undefined) compareRegistries(oldSet.methods, newSet.methods, changes);
  return changes;
}
