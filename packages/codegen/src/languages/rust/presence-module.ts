// The crate's `presence` module: what the records' serde attributes call to
// read and write fields by their presence. Default functions (serde's
// `default = "..."` names a function), skip predicates, readers that keep
// `null` apart from an absent key or read it as the default, the readers of
// strings a pattern constrains, and the macro that gives each record a
// `Deserialize` reading JSON objects only. Only what some field uses is
// written.
import type { TypeKind } from "quicktype-core";
import { commentHeader } from "../../language.js";
import { rawStringLiteral, snakeCase } from "./naming.js";
import type { PatternAlias } from "./patterns.js";

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

/**
 * `read_from_object!(Record, RecordFields)`: the record's `Deserialize`,
 * which hands the fields struct a JSON object and refuses anything else
 * (serde's derived reader also takes an array of the fields in order).
 */
const READ_FROM_OBJECT = `/// Implements \`Deserialize\` for a record through the struct that derives its
/// fields' reader (\`#[serde(remote)]\`), from a JSON object only: serde's
/// derived reader also takes an array of the fields in order, which the
/// protocol refuses.
macro_rules! read_from_object {
    ($record:ident, $fields:ident) => {
        impl<'de> serde::Deserialize<'de> for $record {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct Object;

                impl<'de> serde::de::Visitor<'de> for Object {
                    type Value = $record;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
                        formatter.write_str(concat!("a JSON object, a ", stringify!($record)))
                    }

                    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<$record, A::Error> {
                        $fields::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    }
                }

                deserializer.deserialize_map(Object)
            }
        }
    };
}

pub(crate) use read_from_object;`;

/** A string pattern compiled on first use, and the reader of a string it matches. */
const PATTERN = `/// A string pattern of the schema, compiled on first use.
pub(crate) struct Pattern {
    source: &'static str,
    compiled: std::sync::OnceLock<regex::Regex>,
}

impl Pattern {
    const fn new(source: &'static str) -> Self {
        Pattern { source, compiled: std::sync::OnceLock::new() }
    }

    fn matches(&self, text: &str) -> bool {
        self.compiled.get_or_init(|| regex::Regex::new(self.source).expect("the schema's pattern compiles")).is_match(text)
    }

    /// Reads a string the pattern matches.
    fn read<'de, D: serde::Deserializer<'de>>(&self, deserializer: D, name: &'static str) -> Result<String, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(deserializer)?;
        if self.matches(&text) {
            Ok(text)
        } else {
            Err(serde::de::Error::invalid_value(serde::de::Unexpected::Str(&text), &name))
        }
    }
}`;

/** The items of one pattern alias: its pattern, the reader its fields name, and the checked newtype the type registry reads. */
function patternItems(alias: PatternAlias): string[] {
  const reader = snakeCase(alias.name);
  const constant = reader.toUpperCase();
  return [
    `/// The pattern of \`${alias.name}\`.\nstatic ${constant}: Pattern = Pattern::new(${rawStringLiteral(alias.pattern)});`,
    [
      `/// Reads a \`${alias.name}\`: a string its pattern matches.`,
      `pub(crate) fn ${reader}<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {`,
      `    ${constant}.read(deserializer, "a ${alias.name}")`,
      "}",
    ].join("\n"),
    [
      `/// A \`${alias.name}\` checked as it is read: what the type registry reads for that name.`,
      "#[derive(serde::Serialize)]",
      "#[serde(transparent)]",
      `pub(crate) struct ${checkedTypeName(alias.name)}(String);`,
      "",
      `impl<'de> serde::Deserialize<'de> for ${checkedTypeName(alias.name)} {`,
      "    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {",
      `        ${reader}(deserializer).map(${checkedTypeName(alias.name)})`,
      "    }",
      "}",
    ].join("\n"),
  ];
}

/** The newtype the type registry reads a pattern alias as. */
export function checkedTypeName(alias: string): string {
  return `Checked${alias}`;
}

/** A reader of an optional field that reads `null` as the field's default. */
interface NullAsDefault {
  name: string;
  record: string;
  field: string;
  type: string;
  defaultFunction: string;
}

/** The module's content, collected while the records are rendered. */
export class PresenceModule {
  private readonly helpers = new Set<HelperName>();
  private readonly defaults = new Map<string, DefaultFunction>();
  private readonly nullDefaults = new Map<string, NullAsDefault>();
  private readonly patterns: readonly PatternAlias[];

  constructor(patterns: readonly PatternAlias[]) {
    this.patterns = patterns;
  }

  /** The reader of a field of the pattern alias `alias`. */
  patternReader(alias: string): string {
    if (!this.patterns.some((entry) => entry.name === alias)) throw new Error(`${alias} is no pattern alias`);
    return `${MODULE}::${snakeCase(alias)}`;
  }

  /** Declares the reader of `record.field` (of `type`, an `Option`) that reads `null` as its default, which `defaultPath` gives; returns its path. */
  nullAsDefault(record: string, field: string, type: string, defaultPath: string): string {
    const name = `read_${snakeCase(record)}_${snakeCase(field)}`;
    this.nullDefaults.set(name, { name, record, field, type, defaultFunction: defaultPath.replace(`${MODULE}::`, "") });
    return `${MODULE}::${name}`;
  }

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
    const nullDefaults = [...this.nullDefaults.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const sections = [
      `${commentHeader("//")}\n//! How fields are read and written by presence: the defaults the schema gives to\n//! absent fields, the predicates that leave empty fields out, the readers that\n//! keep \`null\` apart from an absent key or read it as the default, the readers\n//! of strings a pattern constrains, and records read from JSON objects only.`,
      ...(imports.length > 0 ? [imports.join("\n")] : []),
      READ_FROM_OBJECT,
      ...HELPER_ORDER.filter((helper) => this.helpers.has(helper)).map((helper) => HELPERS[helper].lines.join("\n")),
      ...nullDefaults.map((entry) =>
        [
          `/// Reads \`${entry.record}.${entry.field}\`: \`null\` as its default, as absence is.`,
          `pub(crate) fn ${entry.name}<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<${entry.type}, D::Error> {`,
          `    <${entry.type} as serde::Deserialize>::deserialize(deserializer).map(|value| value.or_else(${entry.defaultFunction}))`,
          "}",
        ].join("\n"),
      ),
      ...(this.patterns.length > 0 ? [PATTERN, ...this.patterns.flatMap(patternItems)] : []),
      ...defaults.map((entry) => [`/// ${entry.doc}`, `pub(crate) fn ${entry.name}() -> ${entry.type} {`, `    ${entry.expression}`, "}"].join("\n")),
    ];
    const fallible = defaults.filter((entry) => entry.fallible);
    if (fallible.length > 0) {
      sections.push(["#[cfg(test)]", "mod tests {", "    #[test]", "    fn every_default_decodes() {", ...fallible.map((entry) => `        let _ = super::${entry.name}();`), "    }", "}"].join("\n"));
    }
    return `${sections.join("\n\n")}\n`;
  }
}
