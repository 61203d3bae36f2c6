import { isJsonObject } from "../json-value.js";
import { refName } from "./pointer.js";
import type { SchemaSet } from "./schema-set.js";

/** Which way a type's messages travel: produced by one side, read by the other. */
export type Flow = "client_to_server" | "server_to_client";

export const BOTH_FLOWS: readonly Flow[] = ["client_to_server", "server_to_client"];

function refsIn(schema: unknown, into: Set<string>): void {
  if (Array.isArray(schema)) for (const entry of schema) refsIn(entry, into);
  else if (isJsonObject(schema)) {
    const name = refName(schema["$ref"]);
    if (name !== undefined) into.add(name);
    for (const value of Object.values(schema)) if (isJsonObject(value) || Array.isArray(value)) refsIn(value, into);
  }
}

/** The directions each method gives the types of its params and result (README "Classification"). */
function methodRoots(set: SchemaSet): [string, Flow][] {
  const roots: [string, Flow][] = [];
  for (const { direction, params, result } of set.methods?.values() ?? []) {
    const paramsFlow: Flow = direction === "client_request" ? "client_to_server" : "server_to_client";
    const resultFlow: Flow = direction === "client_request" ? "server_to_client" : "client_to_server";
    if (params !== null) roots.push([params, paramsFlow]);
    if (result !== null) roots.push([result, resultFlow]);
  }
  return roots;
}

/** The flows of every type the methods of `set` reach, transitively through `$ref`. */
function reachedFlows(set: SchemaSet, flows: Map<string, Set<Flow>>): void {
  const references = new Map<string, Set<string>>();
  const referencesOf = (type: string) => {
    let found = references.get(type);
    if (found === undefined) refsIn(set.types.get(type), (found = new Set()));
    references.set(type, found);
    return found;
  };
  for (const [root, flow] of methodRoots(set)) {
    const pending = [root];
    for (let type = pending.pop(); type !== undefined; type = pending.pop()) {
      const known = flows.get(type) ?? new Set<Flow>();
      if (known.has(flow)) continue;
      flows.set(type, known.add(flow));
      pending.push(...referencesOf(type));
    }
  }
}

/** Looks up the flows of a type or method, by the registries of both sets; a type no method reaches travels both ways. */
export function flowsOf(oldSet: SchemaSet, newSet: SchemaSet): (type: string) => readonly Flow[] {
  const flows = new Map<string, Set<Flow>>();
  reachedFlows(oldSet, flows);
  reachedFlows(newSet, flows);
  return (type) => {
    const found = flows.get(type);
    return found === undefined ? BOTH_FLOWS : BOTH_FLOWS.filter((flow) => found.has(flow));
  };
}
