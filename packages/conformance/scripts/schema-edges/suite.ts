// The schema-edges suite: a vector file per protocol type a binding decodes
// by name, each case a candidate value (mutations.ts) with the validators'
// verdict (verdict.ts) and, when valid, the TypeScript emission of it: what
// every encoder must write back.
import { emission, type WireValue } from "@app-server-protocol/codegen/emission";
import type { BindingsModel } from "@app-server-protocol/codegen/model";
import { Mutations, type Candidate } from "./mutations.js";
import { SchemaView } from "./schema-view.js";
import { Seeds } from "./seeds.js";
import { isProtocolType, isValid, verdictOf } from "./verdict.js";
import { wireText } from "./wire-text.js";

export const SUITE = "schema-edges";

/**
 * The types with a vector file: every type but the records a union owns (a
 * tagged union's variants and fallback, whose tag the union reads, and the
 * one-key wrappers of an externally tagged union), whose values are cases of
 * the union's file.
 */
export function rootTypes(model: BindingsModel): string[] {
  const owned = new Set<string>();
  for (const union of model.unions) {
    if (union.kind === "internal") {
      for (const variant of union.variants) owned.add(variant.type);
      if (union.fallback !== undefined) owned.add(union.fallback.type);
    } else if (union.kind === "external") {
      for (const variant of union.variants) owned.add(variant.wrapper);
    }
  }
  return Object.keys(model.definitions).filter((name) => !owned.has(name));
}

/** The candidates without repeated values (the first name stays) or repeated names. */
function distinct(candidates: readonly Candidate[]): Candidate[] {
  const values = new Set<string>();
  const names = new Set<string>();
  return candidates.filter((candidate) => {
    const text = wireText(candidate.value);
    if (values.has(text)) return false;
    if (names.has(candidate.name)) throw new Error(`two candidates are named ${candidate.name}`);
    values.add(text);
    names.add(candidate.name);
    return true;
  });
}

type Case = { [key: string]: WireValue };

/** A vector file: its header fields on a line each, then a case per line. */
function fileText(type: string, cases: readonly Case[]): string {
  const header = [`  "$schema": ${wireText(`../../format/${SUITE}.schema.json`)},`, `  "suite": ${wireText(SUITE)},`, `  "type": ${wireText(type)},`];
  return ["{", ...header, '  "cases": [', cases.map((entry) => `    ${wireText(entry)}`).join(",\n"), "  ]", "}", ""].join("\n");
}

/** The vector files of the suite, by path relative to the conformance package. */
export function schemaEdgeFiles(model: BindingsModel): Map<string, string> {
  const view = new SchemaView(model);
  const mutations = new Mutations(view, new Seeds(view));
  const emitted = emission(model, isValid);
  const files = new Map<string, string>();
  for (const type of rootTypes(model)) {
    if (!isProtocolType(type)) throw new Error(`${type} is no type the validators know`);
    const cases = distinct(mutations.of(type)).map((candidate): Case => {
      const verdict = verdictOf(type, candidate.value);
      if (verdict.valid) return { name: candidate.name, valid: true, value: candidate.value, emitted: emitted.emitted(type, candidate.value) };
      return { name: candidate.name, valid: false, value: candidate.value, code: verdict.code, path: verdict.path, ...(verdict.exactIntegers ? { exact_integers: true } : {}) };
    });
    if (!cases.some((entry) => entry.valid === true)) throw new Error(`${type}: no candidate is valid; the seed is not`);
    files.set(`vectors/${SUITE}/${type}.json`, fileText(type, cases));
  }
  return files;
}
