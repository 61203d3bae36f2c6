// The string patterns the Rust bindings check. A definition that is a
// string with a `pattern` (`BootstrapThemeInput`, which stands for the
// reference decoder's case and whitespace rules) stays a `String` alias; the
// fields of that type read it through a checking reader, and the type
// registry reads the name as a checked newtype, both in the presence module.
// A pattern anywhere else must be one the Rust types already enforce: the
// tag of a union's fallback variant, which serde's `#[serde(other)]` reads.
import { visitSchemas } from "@app-server-protocol/generator/schema-tools";
import type { BindingsModel } from "../../model.js";
import { re2Pattern } from "../../re2-pattern.js";
import { refName, type JsonObject } from "../../schema.js";

export interface PatternAlias {
  /** The definition's name. */
  name: string;
  /** The pattern in the `regex` crate's syntax. */
  pattern: string;
}

/** Every string definition with a pattern; generation fails on a pattern the Rust types would not check. */
export function patternAliases(model: BindingsModel): PatternAlias[] {
  const fallbacks = new Set(model.unions.flatMap((union) => (union.kind === "internal" && union.fallback !== undefined ? [union.fallback.type] : [])));
  const aliases: PatternAlias[] = [];
  for (const [name, schema] of Object.entries(model.definitions)) {
    if (schema.type === "string" && typeof schema.pattern === "string") {
      const spelled = re2Pattern(schema.pattern, name);
      if (!("pattern" in spelled)) throw new Error(`${name}: the Rust bindings check no negative pattern`);
      aliases.push({ name, pattern: spelled.pattern });
      continue;
    }
    if (fallbacks.has(name)) continue;
    visitSchemas(schema, (node) => {
      if (typeof node.pattern === "string") throw new Error(`${name}: a pattern the Rust bindings would not check; make it a named string type`);
    });
  }
  return aliases;
}

/** The pattern alias a field's schema names, if any. */
export function patternAliasOf(schema: JsonObject, aliases: readonly PatternAlias[]): PatternAlias | undefined {
  const target = refName(schema);
  return aliases.find((alias) => alias.name === target);
}
