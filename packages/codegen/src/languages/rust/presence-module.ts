// The crate's `presence` module: what the records' serde attributes call to
// read and write fields by their presence. Default functions (serde's
// `default = "..."` names a function), skip predicates, and readers that
// keep `null` apart from an absent key. Only what some field uses is written.
import type { TypeKind } from "quicktype-core";
import { commentHeader } from "../../language.js";
import { snakeCase } from "./naming.js";

const MODULE = "crate::presence";

interface Helper {
  name: string;
  lines: string[];
}

function reader(name: string, doc: string, output: string, body: string): Helper {
  return {
    name,
    lines: [
      `/// ${doc}`,
      `pub(crate) fn ${name}<'de, D, T>(deserializer: D) -> Result<${output}, D::Error>`,
      "where",
      "    D: serde::Deserializer<'de>,",
      "    T: serde::Deserialize<'de>,",
      "{",
      `    ${body}`,
      "}",
    ],
  };
}

/** The helpers, in the order the module declares them. */
const HELPER_ORDER = ["nullAsPresent", "nullRejected", "keyRequired", "isFalse"] as const;
type HelperName = (typeof HELPER_ORDER)[number];

const HELPERS: Record<HelperName, Helper> = {
  nullAsPresent: reader("null_as_present", "Reads a present three-state field: `null` as `Some(None)`, apart from an absent key (`None`).", "Option<Option<T>>", "<Option<T> as serde::Deserialize>::deserialize(deserializer).map(Some)"),
  nullRejected: reader("null_rejected", "Reads a present optional field the schema does not let be `null`.", "Option<T>", "<T as serde::Deserialize>::deserialize(deserializer).map(Some)"),
  keyRequired: reader("key_required", "Reads a required field that may be `null`; unlike serde's own reading of an `Option`, a missing key is an error.", "Option<T>", "<Option<T> as serde::Deserialize>::deserialize(deserializer)"),
  isFalse: { name: "is_false", lines: ["/// Whether a flag holds its default, `false`: such a field is left out.", "pub(crate) fn is_false(value: &bool) -> bool {", "    !*value", "}"] },
};

const EMPTY_CHECKS: Partial<Record<TypeKind, string>> = {
  string: "String::is_empty",
  array: "Vec::is_empty",
  map: "BTreeMap::is_empty",
};

interface DefaultFunction {
  name: string;
  doc: string;
  type: string;
  expression: string;
  /** Whether the expression decodes JSON text, which the module's test then runs. */
  fallible: boolean;
}

const STANDARD_NAMES = new Set(["Option", "Some", "None", "Vec", "String", "BTreeMap", "Box"]);

/** The module's content, collected while the records are rendered. */
export class PresenceModule {
  private readonly helpers = new Set<HelperName>();
  private readonly defaults = new Map<string, DefaultFunction>();

  private use(helper: HelperName): string {
    this.helpers.add(helper);
    return `${MODULE}::${HELPERS[helper].name}`;
  }

  nullAsPresent(): string {
    return this.use("nullAsPresent");
  }

  nullRejected(): string {
    return this.use("nullRejected");
  }

  keyRequired(): string {
    return this.use("keyRequired");
  }

  /** A field's `skip_serializing_if` predicate for a value that holds its empty default, if its kind has one. */
  emptyCheck(kind: TypeKind): string | undefined {
    return kind === "bool" ? this.use("isFalse") : EMPTY_CHECKS[kind];
  }

  /** Declares the default of `record.field` and returns the path serde calls. */
  addDefault(record: string, field: string, type: string, value: { expression: string; fallible: boolean }): string {
    const name = `${snakeCase(record)}_${snakeCase(field)}`;
    if (this.defaults.has(name)) throw new Error(`${record}.${field}: the default function ${name} is declared twice`);
    this.defaults.set(name, { name, doc: `The default of \`${record}.${field}\`.`, type, ...value });
    return `${MODULE}::${name}`;
  }

  /** `src/presence.rs`. */
  render(): string {
    const defaults = [...this.defaults.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const text = defaults.map((entry) => `${entry.type} ${entry.expression}`).join("\n");
    const usesTypes = [...text.matchAll(/\b[A-Z][A-Za-z0-9]*\b/g)].some(([word]) => !STANDARD_NAMES.has(word));
    const imports = [...(usesTypes ? ["use crate::types::*;"] : []), ...(text.includes("BTreeMap") ? ["use std::collections::BTreeMap;"] : [])];
    const sections = [
      `${commentHeader("//")}\n//! How fields are read and written by presence: the defaults the schema gives to\n//! absent fields, the predicates that leave empty fields out, and the readers\n//! that keep \`null\` apart from an absent key.`,
      ...(imports.length > 0 ? [imports.join("\n")] : []),
      ...HELPER_ORDER.filter((helper) => this.helpers.has(helper)).map((helper) => HELPERS[helper].lines.join("\n")),
      ...defaults.map((entry) => [`/// ${entry.doc}`, `pub(crate) fn ${entry.name}() -> ${entry.type} {`, `    ${entry.expression}`, "}"].join("\n")),
    ];
    const fallible = defaults.filter((entry) => entry.fallible);
    if (fallible.length > 0) {
      sections.push(["#[cfg(test)]", "mod tests {", "    #[test]", "    fn every_default_decodes() {", ...fallible.map((entry) => `        let _ = super::${entry.name}();`), "    }", "}"].join("\n"));
    }
    return `${sections.join("\n\n")}\n`;
  }
}
