import fc from "fast-check";
import type { TypeKind } from "quicktype-core";
import { describe, expect, it } from "vitest";
import { HEADER_LINES } from "../src/language.js";
import { defaultExpression, isZeroValue } from "../src/languages/rust/defaults.js";
import { planField, type FieldInput } from "../src/languages/rust/fields.js";
import { rustBindings } from "../src/languages/rust/index.js";
import { enumDeclaration, RENAME_STYLES } from "../src/languages/rust/enums.js";
import { fieldIdentifier, rawStringLiteral, snakeCase, stringLiteral } from "../src/languages/rust/naming.js";
import { PresenceModule } from "../src/languages/rust/presence-module.js";
import { integerType } from "../src/languages/rust/types.js";
import { bindingsModel } from "../src/model.js";
import type { Presence } from "../src/presence.js";
import { stringValuesOf } from "../src/schema.js";
import { variantName, type Union } from "../src/unions.js";
import { VIEW_ROOT } from "../src/view.js";
import { bundle, registry } from "./core-fixtures.js";
import { REGENERATE, differingFromCheckedIn } from "./support/checked-in.js";

// Structural checks on the Rust pass's output, and properties of its field
// mapping; the bindings test in packages/conformance builds the crate with
// cargo and runs the message vectors through it.

const model = bindingsModel(bundle, registry);
const files = await rustBindings.generate(model);

function file(path: string): string {
  const content = files.get(path);
  if (content === undefined) throw new Error(`no ${path}`);
  return content;
}

const types = file("src/types.rs");

/** The body of the item `pub <keyword> <name>`, between its braces. */
function itemBody(keyword: "struct" | "enum", name: string): string {
  const match = new RegExp(`^pub ${keyword} ${name} \\{\\n([\\s\\S]*?)^\\}`, "m").exec(types);
  if (match === null) throw new Error(`no ${keyword} ${name}`);
  return match[1] ?? "";
}

/** The attribute lines just above `pub <keyword> <name>`. */
function itemAttributes(keyword: "struct" | "enum", name: string): string[] {
  const lines = types.split("\n");
  const index = lines.indexOf(`pub ${keyword} ${name} {`);
  const attributes: string[] = [];
  for (let line = index - 1; line >= 0 && (lines[line] ?? "").startsWith("#["); line -= 1) attributes.unshift(lines[line] ?? "");
  return attributes;
}

/** A struct's fields: the Rust declaration and its serde attribute, by wire name. */
function fields(record: string): Map<string, { declaration: string; serde: string }> {
  const found = new Map<string, { declaration: string; serde: string }>();
  for (const match of itemBody("struct", record).matchAll(/^ {4}(?:#\[serde\((.*)\)\]\n {4})?pub (r#)?(\w+): (.+),$/gm)) {
    const serde = match[1] ?? "";
    const wire = /rename = "([^"]+)"/.exec(serde)?.[1] ?? match[3] ?? "";
    found.set(wire, { declaration: `${match[3] ?? ""}: ${match[4] ?? ""}`, serde });
  }
  return found;
}

const declared = new Set([...types.matchAll(/^pub (?:struct|enum|type) (\w+)\b/gm)].map((match) => match[1]));

describe("the Rust crate", () => {
  const manifest = file("Cargo.toml");

  it("is the app-server-protocol crate, edition 2021, on serde, serde_json and regex (without its default features) alone", () => {
    expect(manifest).toMatch(/^name = "app-server-protocol"$/m);
    expect(manifest).toMatch(/^edition = "2021"$/m);
    expect(manifest.split("[dependencies]\n")[1]).toBe('regex = { version = "1", default-features = false, features = ["std"] }\nserde = { version = "1", features = ["derive"] }\nserde_json = "1"\n');
  });

  it("has the manifest fields crates.io publishes with, and may be published", () => {
    for (const field of ["description", "license", "repository", "readme", "rust-version"]) expect(manifest).toMatch(new RegExp(`^${field} = "[^"]+"$`, "m"));
    expect(manifest).toMatch(/^license = "MIT"$/m);
    expect(manifest).toMatch(/^repository = "https:\/\/github\.com\/app-server-protocol\/app-server-protocol"$/m);
    expect(manifest).toMatch(/^readme = "README.md"$/m);
    expect(manifest).not.toMatch(/^publish\b/m);
    // crates.io takes at most five keywords of at most 20 characters, each a letter then letters, digits, - or _.
    const keywords = [...(/^keywords = \[(.*)\]$/m.exec(manifest)?.[1] ?? "").matchAll(/"([^"]*)"/g)].map((match) => match[1] ?? "");
    expect(keywords.length).toBeGreaterThan(0);
    expect(keywords.length).toBeLessThanOrEqual(5);
    for (const keyword of keywords) expect(keyword).toMatch(/^[a-zA-Z][a-zA-Z0-9_-]{0,19}$/);
    expect(manifest).toMatch(/^categories = \["encoding", "api-bindings"\]$/m);
  });

  it("packages only its manifest, README, LICENSE and sources, and ships each of them", () => {
    expect(manifest).toMatch(/^include = \["\/Cargo.toml", "\/README.md", "\/LICENSE", "\/src\/\*\*"\]$/m);
    expect([...files.keys()].every((path) => ["Cargo.toml", "README.md", "LICENSE"].includes(path) || path.startsWith("src/"))).toBe(true);
  });

  it("carries the MIT license of the repository", () => {
    const license = file("LICENSE");
    expect(license.split("\n").slice(0, 3)).toEqual(["MIT License", "", "Copyright (c) 2026 app-server-protocol contributors"]);
    expect(license).toContain("Permission is hereby granted, free of charge, to any person obtaining a copy");
    expect(license.endsWith("SOFTWARE.\n")).toBe(true);
  });

  it("tells in its README the Rust version its manifest declares, and how to depend on it by version", () => {
    const rustVersion = /^rust-version = "(.+)"$/m.exec(manifest)?.[1];
    expect(file("README.md")).toContain(`Rust ${rustVersion ?? "no rust-version"} or later`);
    expect(file("README.md")).toContain('```toml\n[dependencies]\napp-server-protocol = "1.0.0"\n');
    expect(file("README.md")).not.toMatch(/Debian|1\.63/);
  });

  it("starts every file but the license with the header, in the file's comment syntax", () => {
    const markers: Record<string, (line: string) => string> = { rs: (line) => `// ${line}`, toml: (line) => `# ${line}`, md: (line) => `<!-- ${line} -->` };
    expect([...files.keys()].sort()).toEqual(["Cargo.toml", "LICENSE", "README.md", "src/lib.rs", "src/methods.rs", "src/presence.rs", "src/type_registry.rs", "src/types.rs"]);
    for (const [path, content] of files) {
      expect(content.endsWith("\n") && !content.endsWith("\n\n"), path).toBe(true);
      if (path === "LICENSE") continue;
      const marker = markers[path.split(".").at(-1) ?? ""];
      if (marker === undefined) throw new Error(`no comment syntax for ${path}`);
      expect(content.startsWith(`${HEADER_LINES.map(marker).join("\n")}\n`), path).toBe(true);
    }
  });

  it("declares its modules and re-exports the types at the root", () => {
    expect(file("src/lib.rs")).toMatch(/^pub mod methods;\nmod presence;\npub mod type_registry;\nmod types;\n\npub use types::\*;\n$/m);
  });

  it("shows in its README the example the crate root documents, which cargo test runs", () => {
    const example = /```rust\n([\s\S]*?)\n```/.exec(file("README.md"))?.[1];
    expect(example).toContain("serde_json::from_str(line)?");
    const documented = file("src/lib.rs")
      .split("\n")
      .filter((line) => line.startsWith("//!"))
      .map((line) => line.replace(/^\/\/! ?/, ""))
      .join("\n");
    expect(documented).toContain(`\`\`\`\n${example ?? "no example"}\n\`\`\``);
  });

  // As the other languages' tests do: the checked-in files were written by an earlier run in another process.
  it("is deterministic", () => {
    expect(differingFromCheckedIn(rustBindings, files), REGENERATE).toEqual([]);
  });
});

describe("the declarations", () => {
  it("keep the TypeScript name of every protocol type", () => {
    const owned = new Set(model.unions.flatMap((union) => (union.kind === "external" ? union.variants.map((entry) => entry.wrapper) : union.kind === "internal" && union.fallback !== undefined ? [union.fallback.type] : [])));
    const missing = Object.keys(model.definitions).filter((name) => !owned.has(name) && !declared.has(name));
    expect(missing).toEqual([]);
  });

  it("give every record a Deserialize that reads JSON objects only, through a private struct deriving its fields' reader", () => {
    const records = [...types.matchAll(/^#\[derive\(([^)]*)\)\]\npub struct (\w+)/gm)].map((match) => ({ derives: match[1] ?? "", name: match[2] ?? "" }));
    expect(records.length).toBeGreaterThan(250);
    for (const { derives, name } of records) {
      expect(derives, name).toBe("Debug, Clone, PartialEq, Serialize");
      expect(types, name).toContain(`#[derive(Deserialize)]\n#[serde(remote = "${name}")]\nstruct ${name}Fields {`);
      expect(types, name).toContain(`crate::presence::read_from_object!(${name}, ${name}Fields);`);
    }
    expect(file("src/presence.rs")).toContain("deserializer.deserialize_map(Object)");
  });

  it("mark every enumeration and union #[non_exhaustive] but the envelopes", () => {
    const enums = [...types.matchAll(/^#\[derive\([^)]*\)\]\n(#\[non_exhaustive\]\n)?(?:#\[serde\([^\n]*\)\]\n)?pub enum (\w+)/gm)].map((match) => ({ open: match[1] !== undefined, name: match[2] ?? "" }));
    expect(enums.length).toBeGreaterThan(80);
    expect(enums.filter((entry) => !entry.open).map((entry) => entry.name).sort()).toEqual(["ClientMessage", "ResponseResult", "ServerMessage"]);
    for (const name of ["ErrorCode", "StreamEvent", "AskUserResponseOutcome"]) expect(enums.find((entry) => entry.name === name)?.open, name).toBe(true);
  });

  it("read a string a pattern constrains through that pattern", () => {
    const bootstrap = fields("BootstrapState");
    expect(bootstrap.get("theme")?.serde).toContain('deserialize_with = "crate::presence::bootstrap_theme_input"');
    expect(bootstrap.get("editor_mode")?.serde).toContain('deserialize_with = "crate::presence::bootstrap_editor_mode_input"');
    expect(file("src/presence.rs")).toMatch(/^static BOOTSTRAP_THEME_INPUT: Pattern = Pattern::new\(r#?"\^/m);
  });

  it("leave out quicktype's root record and declare no type twice", () => {
    expect(types).not.toContain(VIEW_ROOT);
    const names = [...types.matchAll(/^pub (?:struct|enum|type) (\w+)\b/gm)].map((match) => match[1]);
    expect(names.length).toBe(new Set(names).size);
    expect(types).not.toMatch(/\bT\d+\w*\b/);
  });

  it("declare the aliases as type aliases", () => {
    for (const alias of model.aliases) expect(types).toContain(`pub type ${alias.name} = ${alias.target};`);
  });

  it("type integers by their bounds", () => {
    expect(fields("BackgroundTaskView").get("pid")?.declaration).toBe("pid: Option<u32>");
    expect(fields("BackgroundTaskView").get("exit_code")?.declaration).toBe("exit_code: Option<i32>");
    expect(fields("SessionGoal").get("tokens_used")?.declaration).toBe("tokens_used: u64");
  });

  it("list each enumeration's values in the schema's order", () => {
    const values = (name: string): string[] => [...itemBody("enum", name).matchAll(/^ {4}(\w+),$/gm)].map((match) => match[1] ?? "");
    expect(values("ErrorCode")).toEqual(stringValuesOf(model.definitions.ErrorCode ?? {})?.map(variantName));
  });

  it("keep the unknown keys of records whose schema allows any", () => {
    expect(itemBody("struct", "McpPrompt")).toContain("    #[serde(flatten)]\n    pub extra: BTreeMap<String, serde_json::Value>,\n");
  });
});

function expectVariant(body: string, attributes: string[], line: string): void {
  const attribute = attributes.length > 0 ? `    #[serde(${attributes.join(", ")})]\n` : "";
  expect(body).toMatch(new RegExp(`(^|\\n)${escape(attribute)}${escape(line)}\\n`));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function renameOf(label: string): string[] {
  return variantName(label) === label ? [] : [`rename = "${label}"`];
}

describe.each(model.unions.map((union): [string, Union] => [union.name, union]))("the union %s", (name, union) => {
  const body = itemBody("enum", name);
  const attributes = itemAttributes("enum", name);

  it("is one enum, not a record", () => {
    expect(types).not.toMatch(new RegExp(`^pub struct ${name} \\{`, "m"));
    expect(attributes).toContain("#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]");
  });

  if (union.kind === "internal") {
    it("is tagged by its field, with a newtype variant per tag and the fallback as serde's other", () => {
      expect(attributes).toContain(`#[serde(tag = "${union.tag}")]`);
      for (const variant of union.variants) expectVariant(body, renameOf(variant.value), `    ${variantName(variant.value)}(${variant.type}),`);
      if (union.fallback !== undefined) expectVariant(body, ["other", ...renameOf(union.fallback.emitted)], `    ${variantName(union.fallback.emitted)},`);
    });

    it("leaves the tag to the enum: no variant record has the tag field", () => {
      for (const variant of union.variants) expect(fields(variant.type).has(union.tag), variant.type).toBe(false);
    });
  }

  if (union.kind === "external") {
    it("uses serde's default enum encoding: unit variants for strings, newtype variants for keys", () => {
      expect(attributes.filter((line) => line.startsWith("#[serde("))).toEqual([]);
      for (const unit of union.units) expectVariant(body, renameOf(unit), `    ${variantName(unit)},`);
      for (const variant of union.variants) {
        const payload = "ref" in variant.data ? variant.data.ref : { string: "String", number: "f64", integer: "i64", boolean: "bool" }[variant.data.primitive];
        expectVariant(body, renameOf(variant.key), `    ${variantName(variant.key)}(${payload}),`);
      }
    });
  }

  if (union.kind === "untagged") {
    it("is untagged, with its variants in order", () => {
      expect(attributes).toContain("#[serde(untagged)]");
      const variants = [...body.matchAll(/^ {4}(\w+)\((\w+)\),$/gm)].map((match) => match[2]);
      expect(variants).toEqual(union.variants);
    });
  }
});

describe("each field, by its presence", () => {
  const records = Object.keys(model.definitions).filter((name) => types.includes(`pub struct ${name} {`));
  const tags = new Map(model.unions.flatMap((union) => (union.kind === "internal" ? union.variants.map((variant): [string, string] => [variant.type, union.tag]) : [])));

  it("is left out when unset if it is OMIT, written if it is OPT, and read with a default unless it is REQ", () => {
    for (const record of records) {
      const declaredFields = fields(record);
      for (const [field, presence] of model.presence(record)) {
        if (tags.get(record) === field) continue;
        const found = declaredFields.get(field);
        if (found === undefined) throw new Error(`${record}.${field} is not declared`);
        const skipped = found.serde.includes("skip_serializing_if");
        // An OPT field the schema does not let be null is written only when set.
        if (presence === "always") expect(skipped && !found.serde.includes("null_rejected"), `${record}.${field}`).toBe(false);
        if (presence === "when_set") expect(skipped, `${record}.${field}`).toBe(true);
        expect(/\bdefault\b/.test(found.serde), `${record}.${field}`).toBe(presence !== "required");
      }
    }
  });
});

describe("the type registry module", () => {
  it("reaches every declared protocol type by its name, a string a pattern constrains as the newtype that checks it", () => {
    const registry = file("src/type_registry.rs");
    const reached = [...registry.matchAll(/^ {8}"(\w+)" => Some\(visitor\.visit::<crate::(?:presence::Checked)?(\w+)>\(\)\),$/gm)].map((match) => [match[1], match[2]]);
    const protocolTypes = Object.keys(model.definitions).filter((name) => declared.has(name));
    expect(reached).toEqual(protocolTypes.map((name) => [name, name]));
    for (const name of ["BootstrapThemeInput", "BootstrapEditorModeInput"]) expect(registry).toContain(`"${name}" => Some(visitor.visit::<crate::presence::Checked${name}>()),`);
  });
});

describe("the method registry module", () => {
  const methods = file("src/methods.rs");

  it("has a type per method, with its name, direction and payload types, reachable by name", () => {
    for (const entry of model.methods) {
      const marker = variantName(entry.method);
      expect(methods).toContain(`        "${entry.method}" => Some(visitor.visit::<${marker}>()),`);
      expect(methods).toContain(`impl Method for ${marker} {\n    const NAME: &'static str = "${entry.method}";\n`);
      expect(methods).toContain(`    type Params = crate::${entry.params};\n    type Result = ${entry.result === null ? "()" : `crate::${entry.result}`};\n}`);
    }
  });
});

const KINDS: TypeKind[] = ["bool", "integer", "double", "string", "array", "map", "enum", "class", "any"];

const fieldInput = fc.record({
  presence: fc.constantFrom<Presence>("required", "always", "when_set"),
  kind: fc.constantFrom(...KINDS),
  nullable: fc.boolean(),
  fallback: fc.option(fc.oneof(fc.constant(false), fc.constant(true), fc.constant(0), fc.constant(7), fc.constant(""), fc.constant("x"), fc.constant([]), fc.constant({})), { nil: undefined }),
  threeState: fc.boolean(),
});

function inputOf(sample: typeof fieldInput extends fc.Arbitrary<infer T> ? T : never): FieldInput {
  const schema = { description: sample.threeState ? "Three-state change. Omitted when unchanged." : "A field.", ...(sample.fallback === undefined ? {} : { default: sample.fallback }) };
  return { record: "Record", field: "field", presence: sample.presence, schema, type: "T", kind: sample.kind, optional: sample.presence !== "required" || sample.nullable, nullable: sample.nullable, patternAlias: undefined, enumCase: (value) => `E::${variantName(value)}` };
}

describe("the field mapping", () => {
  it("writes an optional field when unset exactly when it is always emitted, and never writes null where the schema refuses it", () => {
    fc.assert(
      fc.property(fieldInput, (sample) => {
        const plan = planField(inputOf(sample), new PresenceModule([]));
        const skipped = plan.serde.some((argument) => argument.startsWith("skip_serializing_if"));
        if (sample.presence === "when_set") expect(skipped).toBe(true);
        if (sample.presence === "always" && sample.nullable) expect(skipped).toBe(false);
        if (sample.presence === "required") expect(plan.serde.every((argument) => argument.startsWith("deserialize_with"))).toBe(true);
        const writesNone = plan.type.startsWith("Option<") && !skipped;
        if (writesNone && sample.presence !== "required") expect(sample.nullable).toBe(true);
        if (plan.type.startsWith("Option<") && !sample.nullable) expect(plan.serde).toContain('deserialize_with = "crate::presence::null_rejected"');
      }),
    );
  });

  it("fills an absent field with the schema's default, and a null one too where null is accepted", () => {
    fc.assert(
      fc.property(fieldInput, (sample) => {
        fc.pre(sample.presence === "always" && sample.fallback !== undefined);
        const presence = new PresenceModule([]);
        const plan = planField(inputOf(sample), presence);
        const zero = !sample.nullable && isZeroValue(sample.kind, sample.fallback);
        const readsNull = sample.nullable ? ['deserialize_with = "crate::presence::read_record_field"'] : [];
        expect(plan.serde).toEqual(zero ? ["default"] : ['default = "crate::presence::record_field"', ...readsNull]);
        if (!zero) expect(presence.render()).toMatch(/pub\(crate\) fn record_field\(\) -> /);
        if (sample.nullable) expect(presence.render()).toContain("pub(crate) fn read_record_field<'de, D: serde::Deserializer<'de>>(deserializer: D)");
      }),
    );
  });

  it("keeps null apart from absent in a three-state field", () => {
    const plan = planField(inputOf({ presence: "when_set", kind: "integer", nullable: true, fallback: undefined, threeState: true }), new PresenceModule([]));
    expect(plan).toEqual({ type: "Option<Option<T>>", serde: ["default", 'skip_serializing_if = "Option::is_none"', 'deserialize_with = "crate::presence::null_as_present"'] });
  });

  it("spells defaults as Rust values, decoding JSON only for records", () => {
    const enumCase = (value: string): string => `Mode::${variantName(value)}`;
    expect(defaultExpression({ kind: "bool", type: "bool", value: true, enumCase })).toEqual({ expression: "true", fallible: false });
    expect(defaultExpression({ kind: "integer", type: "u32", value: 3, enumCase })).toEqual({ expression: "3", fallible: false });
    expect(defaultExpression({ kind: "double", type: "f64", value: 2, enumCase })).toEqual({ expression: "2.0", fallible: false });
    expect(defaultExpression({ kind: "string", type: "String", value: "{}", enumCase })).toEqual({ expression: '"{}".to_owned()', fallible: false });
    expect(defaultExpression({ kind: "enum", type: "Mode", value: "api", enumCase })).toEqual({ expression: "Mode::Api", fallible: false });
    expect(defaultExpression({ kind: "class", type: "Status", value: { kind: "available" }, enumCase })).toEqual({ expression: 'serde_json::from_str(r#"{"kind":"available"}"#).expect("the schema\'s default decodes")', fallible: true });
    expect(defaultExpression({ kind: "integer", type: "std::num::NonZeroU64", value: 1, enumCase }).fallible).toBe(true);
  });
});

describe("the enumeration mapping", () => {
  it("gives every variant its wire spelling, by the enum's rename_all style or its own rename", () => {
    const word = fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/);
    const value = fc.oneof(
      fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join("_")),
      fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join("-")),
      fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.map((entry, index) => (index === 0 ? entry : `${entry[0]?.toUpperCase() ?? ""}${entry.slice(1)}`)).join("")),
      word.map((entry) => entry.toUpperCase()),
    );
    fc.assert(
      fc.property(fc.uniqueArray(value, { minLength: 1, maxLength: 6, selector: (entry) => variantName(entry) }), (values) => {
        const lines = enumDeclaration({ name: "Mode", doc: undefined, cases: values.map((entry) => ({ value: entry, caseName: variantName(entry) })) });
        const style = /^#\[serde\(rename_all = "(.+)"\)\]$/.exec(lines.find((line) => line.startsWith("#[serde(rename_all")) ?? "")?.[1] ?? "PascalCase";
        const spell = RENAME_STYLES.find(([name]) => name === style)?.[1];
        if (spell === undefined) throw new Error(`unknown style ${style}`);
        const spelled: string[] = [];
        let rename: string | undefined;
        for (const line of lines.slice(lines.indexOf("pub enum Mode {") + 1)) {
          const renamed = /^ {4}#\[serde\(rename = "(.+)"\)\]$/.exec(line);
          const variant = /^ {4}(\w+),$/.exec(line);
          if (renamed !== null) rename = renamed[1];
          if (variant !== null) {
            spelled.push(rename ?? spell(variant[1] ?? ""));
            rename = undefined;
          }
        }
        expect(spelled).toEqual(values);
      }),
    );
  });
});

describe("Rust spellings", () => {
  it("integers take the narrowest width their bounds allow", () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), { nil: undefined }), fc.option(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), { nil: undefined }), (minimum, maximum) => {
        const type = integerType(minimum, maximum);
        const ranges: Record<string, [number, number]> = {
          "std::num::NonZeroU32": [1, 4294967295],
          "std::num::NonZeroU64": [1, Infinity],
          u32: [0, 4294967295],
          u64: [0, Infinity],
          i32: [-2147483648, 2147483647],
          i64: [-Infinity, Infinity],
        };
        const [low, high] = ranges[type] ?? [0, 0];
        expect((minimum ?? -Infinity) >= low && (maximum ?? Infinity) <= high).toBe(true);
      }),
    );
    expect(integerType(0, 4294967295)).toBe("u32");
    expect(integerType(0, undefined)).toBe("u64");
    expect(integerType(1, undefined)).toBe("std::num::NonZeroU64");
  });

  it("string literals escape what Rust needs escaped, and raw literals cannot be closed by their text", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const literal = stringLiteral(text);
        expect(literal.slice(1, -1)).not.toMatch(/(^|[^\\])(\\\\)*"/);
        const raw = rawStringLiteral(text);
        const hashes = /^r(#+)"/.exec(raw)?.[1] ?? "";
        expect(raw).toBe(`r${hashes}"${text}"${hashes}`);
        expect(text.includes(`"${hashes}`)).toBe(false);
      }),
    );
  });

  it("names functions and fields as Rust does", () => {
    expect(snakeCase("McpOAuthStatusEntry")).toBe("mcp_o_auth_status_entry");
    expect(snakeCase("session/goal/get")).toBe("session_goal_get");
    expect(fieldIdentifier("type")).toBe("r#type");
    expect(fieldIdentifier("self")).toBe("self_");
    expect(fieldIdentifier("session_id")).toBe("session_id");
  });
});
