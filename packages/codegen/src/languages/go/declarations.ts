// The package-level names the Go files declare, read back from their text,
// so generation fails on a name declared twice or a protocol type left out
// rather than on the Go compiler of someone downstream.
import type { BindingsModel } from "../../model.js";

/** Each package-level identifier (types, functions, variables, constants) with how often it is declared. */
export function declaredNames(sources: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (name: string): void => {
    counts.set(name, (counts.get(name) ?? 0) + 1);
  };
  for (const source of sources) {
    let inConstBlock = false;
    for (const line of source.split("\n")) {
      if (inConstBlock) {
        if (line === ")") inConstBlock = false;
        else {
          const constant = /^\t([A-Za-z_]\w*) /.exec(line);
          if (constant?.[1] !== undefined) add(constant[1]);
        }
        continue;
      }
      if (line === "const (") inConstBlock = true;
      const declaration = /^(?:type|func|var) ([A-Za-z_]\w*)/.exec(line);
      if (declaration?.[1] !== undefined) add(declaration[1]);
    }
  }
  return counts;
}

/** The declared type names, from `type Name ...` lines. */
export function declaredTypes(sources: Iterable<string>): Set<string> {
  const types = new Set<string>();
  for (const source of sources) for (const match of source.matchAll(/^type ([A-Za-z_]\w*)/gm)) if (match[1] !== undefined) types.add(match[1]);
  return types;
}

export function checkDeclarations(model: BindingsModel, sources: readonly string[]): void {
  const twice = [...declaredNames(sources)].filter(([, count]) => count > 1).map(([name]) => name);
  if (twice.length > 0) throw new Error(`the Go package would declare ${twice.join(", ")} more than once`);
  const types = declaredTypes(sources);
  const missing = Object.keys(model.definitions).filter((name) => !types.has(name));
  if (missing.length > 0) throw new Error(`the Go package would not declare ${missing.join(", ")}`);
}
