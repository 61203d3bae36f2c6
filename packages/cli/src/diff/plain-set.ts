import { MAX_SCHEMA_DEPTH, nestsDeeper } from "./depth.js";
import { SchemaSetError, type MethodEntry, type SchemaSet } from "./schema-set.js";

/** The set as plain JSON: what a file could hold, so a getter that throws, a cycle or a nesting too deep is a `SchemaSetError`, not a crash halfway through; a set with no types is one too. */
export function plainSet(set: SchemaSet, label: string): SchemaSet {
  let plain: SchemaSet;
  try {
    const entries = [...set.types];
    if (entries.some(([, schema]) => nestsDeeper(schema, MAX_SCHEMA_DEPTH))) throw new SchemaSetError(`${label} schema set nests deeper than ${MAX_SCHEMA_DEPTH} levels, the most diff reads`);
    const types = new Map(entries.map(([name, schema]): [string, unknown] => [String(name), JSON.parse(JSON.stringify(schema) ?? "null")]));
    const registry = set.methods === undefined ? {} : { methods: new Map([...set.methods].map(([name, { direction, params, result }]): [string, MethodEntry] => [String(name), { direction, params, result }])) };
    const notes = set.notes === undefined ? [] : [...set.notes].map((note) => `${label} set: ${String(note)}`);
    plain = { types, ...registry, notes };
  } catch (error) {
    if (error instanceof SchemaSetError) throw error;
    throw new SchemaSetError(`${label} schema set is not JSON: ${error instanceof Error ? error.message : "unreadable"}`);
  }
  if (plain.types.size === 0) throw new SchemaSetError(`${label} schema set has no types`);
  return plain;
}
