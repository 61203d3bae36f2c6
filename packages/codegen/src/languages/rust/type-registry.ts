// `src/type_registry.rs`: every protocol type by its name, so a program can
// decode a value whose type it knows only by name (a vector file, a
// transcript annotated with type names) without a table of its own.
import { commentHeader } from "../../language.js";
import type { BindingsModel } from "../../model.js";
import { stringLiteral } from "./naming.js";
import type { PatternAlias } from "./patterns.js";
import { checkedTypeName } from "./presence-module.js";

/** The protocol types the crate declares under their own name: all but the records a union absorbs. */
export function declaredTypeNames(model: BindingsModel): string[] {
  const absorbed = new Set(model.unions.flatMap((union) => (union.kind === "external" ? union.variants.map((variant) => variant.wrapper) : union.kind === "internal" && union.fallback !== undefined ? [union.fallback.type] : [])));
  return Object.keys(model.definitions).filter((name) => !absorbed.has(name));
}

export function typeRegistryModule(model: BindingsModel, patterns: readonly PatternAlias[]): string {
  const names = declaredTypeNames(model);
  // A string a pattern constrains is a `String` alias; its name reads the newtype that checks the pattern.
  const typeOf = (name: string): string => (patterns.some((alias) => alias.name === name) ? `crate::presence::${checkedTypeName(name)}` : `crate::${name}`);
  const arms = names.map((name) => `        ${stringLiteral(name)} => Some(visitor.visit::<${typeOf(name)}>()),`);
  return `${commentHeader("//")}
//! Every protocol type by its name, as \`schemas/protocol.schema.json\` names it.

use serde::de::DeserializeOwned;
use serde::Serialize;

/// The names [\`visit\`] knows, in the schema's order.
pub const NAMES: &[&str] = &[
${names.map((name) => `    ${stringLiteral(name)},`).join("\n")}
];

/// What to do with the type a name designates; see [\`visit\`].
pub trait TypeVisitor {
    type Output;
    fn visit<T: Serialize + DeserializeOwned>(self) -> Self::Output;
}

/// Runs \`visitor\` with the protocol type named \`name\`; \`None\` when the protocol has no such type.
pub fn visit<V: TypeVisitor>(name: &str, visitor: V) -> Option<V::Output> {
    match name {
${arms.join("\n")}
        _ => None,
    }
}
`;
}
