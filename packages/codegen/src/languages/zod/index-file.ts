// src/index.ts of the zod package: its one entry point, every schema and type
// of protocol.ts beside the method table and parsers of methods.ts.
import { commentHeader } from "../../language.js";

/** The names a generated module exports, by its `export` declarations and `export type { ... } from` lists. */
function exportedNames(module: string): Set<string> {
  const names = new Set<string>();
  for (const match of module.matchAll(/^export (?:const|type|function|interface) (\w+)/gm)) names.add(match[1] ?? "");
  for (const match of module.matchAll(/^export type \{ ([^}]+) \} from /gm)) for (const name of (match[1] ?? "").split(",")) names.add(name.trim());
  names.delete("");
  return names;
}

/**
 * The entry point. A name both modules export (the registry's
 * `MethodDirection`, which the dispatch spells out too) is the protocol
 * type's: `export *` would leave it out altogether.
 */
export function indexFile(protocol: string, methods: string): string {
  const fromProtocol = exportedNames(protocol);
  const shared = [...exportedNames(methods)].filter((name) => fromProtocol.has(name)).sort();
  return [
    commentHeader("//"),
    'export * from "./protocol.js";',
    'export * from "./methods.js";',
    ...(shared.length > 0 ? [`export type { ${shared.join(", ")} } from "./protocol.js";`] : []),
    'export { check } from "./verdict.js";',
    'export { checkText } from "./text.js";',
    "",
  ].join("\n");
}
