import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldPlans, type Emit } from "../src/field-plans.js";
import { HEADER_LINES } from "../src/language.js";
import { declaredNames, declaredTypes } from "../src/languages/go/declarations.js";
import { planField, type GoType } from "../src/languages/go/fields.js";
import { alignBlock, docComment } from "../src/languages/go/format.js";
import { goBindings } from "../src/languages/go/index.js";
import { enumConstantNames, goIdentifier, markerMethodName, unionDecoderName, unitVariantName, variantInterfaceName } from "../src/languages/go/naming.js";
import { variantTypes } from "../src/languages/go/sum-types.js";
import { bindingsModel } from "../src/model.js";
import type { Presence } from "../src/presence.js";
import { VIEW_ROOT } from "../src/view.js";
import { bundle, registry } from "./core-fixtures.js";
import { REGENERATE, differingFromCheckedIn } from "./support/checked-in.js";

// Structural checks on the Go pass's output; the bindings test in
// packages/conformance compiles it and runs the vectors with Go.

const model = bindingsModel(bundle, registry);
const files = await goBindings.generate(model);
const goSources = [...files].filter(([path]) => path.endsWith(".go") && !path.endsWith("_test.go"));
const goTests = [...files].filter(([path]) => path.endsWith("_test.go"));
const goText = goSources.map(([, source]) => source).join("\n");

function file(path: string): string {
  const content = files.get(path);
  if (content === undefined) throw new Error(`no ${path}`);
  return content;
}

/** Each struct of a Go source: its name and its fields' json tags by JSON name. */
function structTags(source: string): Map<string, Map<string, string>> {
  const structs = new Map<string, Map<string, string>>();
  for (const match of source.matchAll(/^type (\w+) struct \{\n([\s\S]*?)\n\}/gm)) {
    const tags = new Map<string, string>();
    for (const field of (match[2] ?? "").matchAll(/^\t\w+ +\S+ +`json:"([^"]*)"`$/gm)) {
      const [name = "", ...options] = (field[1] ?? "").split(",");
      if (name !== "-") tags.set(name, options.join(","));
    }
    structs.set(match[1] ?? "", tags);
  }
  return structs;
}

describe("the Go module", () => {
  it("is a go 1.19 module with no dependencies", () => {
    const goMod = file("go.mod");
    expect(goMod).toMatch(/^module app-server-protocol\.dev\/go\/protocol$/m);
    expect(goMod).toMatch(/^go 1\.19$/m);
    expect(goMod).not.toMatch(/^require/m);
  });

  it("starts every file but the license with the header, in the file's comment syntax", () => {
    for (const [path, content] of files) {
      if (path === "LICENSE") continue;
      const expected = path.endsWith(".md") ? `<!-- ${HEADER_LINES.join(" ")} -->\n` : HEADER_LINES.map((line) => `// ${line}\n`).join("");
      expect(content.startsWith(expected), path).toBe(true);
      expect(content.endsWith("\n") && !content.endsWith("\n\n"), path).toBe(true);
    }
  });

  it("carries the MIT license at the module root, where pkg.go.dev looks for it", () => {
    expect(file("LICENSE").startsWith("MIT License\n")).toBe(true);
  });

  it("marks the Go files as generated for Go tools and puts them in package protocol, the tests in protocol_test", () => {
    expect(goTests.map(([path]) => path)).toEqual(["example_test.go", "protocol_test.go"]);
    for (const [path, source] of goTests) {
      expect(source, path).toMatch(/^\/\/ Code generated .* DO NOT EDIT\.$/m);
      expect(source, path).toMatch(/^package protocol_test$/m);
    }
    for (const [path, source] of goSources) {
      expect(source, path).toMatch(/^\/\/ Code generated .* DO NOT EDIT\.$/m);
      expect(source, path).toMatch(/^package protocol$/m);
    }
  });

  it("leaves nothing of quicktype's own output: no root record, placeholder names or untyped values", () => {
    expect(goText).not.toContain(VIEW_ROOT);
    expect(goText).not.toMatch(/\bPurple|\bFluffy|\bT\d+Class\b|interface\{\}|package main/);
    expect(goText).not.toMatch(/func Unmarshal\w+\(data \[\]byte\) \(\w+, error\) \{\n\tvar r /);
  });

  it("tests the README's example with its printed output, and the method table's size", () => {
    const readme = file("README.md");
    const program = /```go\n(package main\n[\s\S]*?)```/.exec(readme)?.[1] ?? "";
    const body = /^func main\(\) \{\n([\s\S]*)\n\}\n$/m.exec(program)?.[1];
    const printed = /It prints:\n\n```text\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    expect(body).toBeDefined();
    const example = file("example_test.go");
    expect(example).toContain(`func Example() {\n${body}\n\n\t// Output:\n`);
    expect(example).toContain(`\t// Output:\n${printed.trimEnd().split("\n").map((line) => `\t// ${line}`).join("\n")}\n}\n`);
    expect(file("protocol_test.go")).toContain(`if len(methods) != ${model.methods.length} {`);
  });

  it("shows another module's go.mod requiring it by version, and the runner's command", () => {
    const readme = file("README.md");
    expect(readme).toMatch(/^require app-server-protocol\.dev\/go\/protocol v1\.0\.0$/m);
    expect(readme).toMatch(/^replace app-server-protocol\.dev\/go\/protocol => \.\.\/path\/to\/generated\/go$/m);
    expect(readme).toContain("go work init ./runners/go <bindings> && go run ./runners/go vectors");
  });

  it("are the checked-in files, byte for byte, so the same on every run", () => {
    expect(differingFromCheckedIn(goBindings, files), REGENERATE).toEqual([]);
  });
});

describe("type names", () => {
  const types = declaredTypes(goSources.map(([, source]) => source));

  it("declares every protocol type under its TypeScript name", () => {
    const missing = Object.keys(model.definitions).filter((name) => !types.has(name));
    expect(missing).toEqual([]);
  });

  it("declares no other type than the protocol's and the named parts of unions and tables", () => {
    const extras = new Set([
      ...model.unions.map((union) => variantInterfaceName(union.name)),
      ...model.unions.flatMap((union) => (union.kind === "external" ? union.units.map((unit) => unitVariantName(union.name, unit)) : [])),
      ...["MethodEntry", "Tristate", "UnknownTagError", "UnknownMethodError", "UnknownTypeError", "ShapeError", "ValidationError", "member", "failure", "checker"],
    ]);
    const unexpected = [...types].filter((name) => model.definitions[name] === undefined && !extras.has(name));
    expect(unexpected).toEqual([]);
  });

  it("declares each package-level name once", () => {
    const twice = [...declaredNames(goSources.map(([, source]) => source))].filter(([, count]) => count > 1);
    expect(twice).toEqual([]);
  });

  it("prefixes every enum constant with its type's name", () => {
    const constants = [...file("types.go").matchAll(/^\t(\w+) +(\w+) = "/gm)];
    expect(constants.length).toBeGreaterThan(100);
    for (const [, constant = "", type = ""] of constants) expect(constant.startsWith(type), constant).toBe(true);
    expect(file("types.go")).toMatch(/^\tEditorModeSettingVim +EditorModeSetting = "vim"$/m);
  });

  it("declares the aliases as Go aliases of their targets", () => {
    for (const alias of model.aliases) expect(file("other_types.go")).toMatch(new RegExp(`^type ${alias.name} = ${alias.target}$`, "m"));
  });
});

describe("unions", () => {
  const unions = file("unions.go");

  it.each(model.unions.map((union) => [union.name, union] as const))("%s is an interface, a decoder and a holder, implemented by each variant", (name, union) => {
    expect(unions).toContain(`type ${variantInterfaceName(name)} interface {\n\t${markerMethodName(name)}()\n}`);
    expect(unions).toContain(`type ${name} struct {\n\tValue ${variantInterfaceName(name)}\n}`);
    expect(unions).toContain(`func ${unionDecoderName(name)}(data []byte) (${variantInterfaceName(name)}, error) {`);
    expect(unions).toContain(`func (u ${name}) MarshalJSON() ([]byte, error) {`);
    expect(unions).toContain(`func (u *${name}) UnmarshalJSON(data []byte) error {`);
    for (const variant of variantTypes(union)) expect(unions).toMatch(new RegExp(`^func \\(${variant}\\) ${markerMethodName(name)}\\(\\) +\\{\\}$`, "m"));
    if (union.kind === "internal") {
      for (const variant of union.variants) expect(unions).toContain(`\tcase ${JSON.stringify(variant.value)}:\n\t\tvariant, err = decodeVariant[${variant.type}](data)`);
      expect(unions.includes(`decodeVariant[${union.fallback?.type ?? "-"}](data)`)).toBe(union.fallback !== undefined);
    }
    if (union.kind === "external") {
      for (const unit of union.units) expect(unions).toContain(`return ${unitVariantName(name, unit)}{}, nil`);
      for (const variant of union.variants) expect(unions).toMatch(new RegExp(`^\\t\\w+ +\\S+ +\`json:${JSON.stringify(variant.key)}\`$`, "m"));
    }
  });

  it("writes the tag of each internally tagged variant from the variant itself", () => {
    for (const union of model.unions) {
      if (union.kind !== "internal") continue;
      for (const variant of union.variants) expect(file("types.go")).toContain(`{key: ${JSON.stringify(union.tag)}, value: ${JSON.stringify(variant.value)}}`);
      if (union.fallback !== undefined) expect(file("types.go")).toContain(`{key: ${JSON.stringify(union.tag)}, value: ${JSON.stringify(union.fallback.emitted)}}`);
    }
  });
});

describe("presence", () => {
  const structs = structTags(file("types.go"));

  it("puts omitempty exactly on the fields the reference leaves out when unset, and on those written only when they were read", () => {
    let checked = 0;
    for (const [record, tags] of structs) {
      if (model.definitions[record] === undefined) continue;
      const plans = fieldPlans(model, record);
      for (const [field, presence] of model.presence(record)) {
        const options = tags.get(field);
        if (options === undefined) continue;
        const omitted = presence === "when_set" || plans.get(field)?.emit === "if_set";
        expect(`${record}.${field}: ${options.includes("omitempty") ? "omitempty" : "-"}`).toBe(`${record}.${field}: ${omitted ? "omitempty" : "-"}`);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("declares a field the reference always writes, and may read absent, as a value or a pointer without omitempty", () => {
    const session = file("types.go");
    expect(session).toMatch(/^\tTitle \*string `json:"title"`$/m);
    expect(session).toMatch(/^\tAllowFreeText bool `json:"allow_free_text"`$/m);
    expect(session).toContain("value := plain{AllowFreeText: true}");
    expect(session).toMatch(/^\tTokenBudget Tristate\[uint64\] `json:"-"`$/m);
  });
});

describe("the method table", () => {
  const methods = file("methods.go");

  it("has an entry per registry method, in registry order, checking and decoding its params and result types", () => {
    const entries = [...methods.matchAll(/^\t\{Method: "([^"]+)",.*\},$/gm)];
    expect(entries.map((entry) => entry[1])).toEqual(model.methods.map((entry) => entry.method));
    for (const entry of model.methods) {
      const line = entries.find((candidate) => candidate[1] === entry.method)?.[0] ?? "";
      expect(line).toContain(`decodeParams: checkedValue[${entry.params}]("${entry.params}")`);
      expect(line.includes("decodeResult:")).toBe(entry.result !== null);
      if (entry.result !== null) expect(line).toContain(`decodeResult: checkedValue[${entry.result}]("${entry.result}")`);
    }
  });
});

const goTypes = fc.constantFrom<GoType>(
  { text: "string", nilable: false, collection: false },
  { text: "uint64", nilable: false, collection: false },
  { text: "SessionGoal", nilable: false, collection: false },
  { text: "[]string", nilable: true, collection: true },
  { text: "map[string]string", nilable: true, collection: true },
  { text: "json.RawMessage", nilable: true, collection: false },
);
const presences = fc.constantFrom<Presence>("required", "always", "when_set");
const defaults = fc.option(fc.constantFrom<unknown>(false, true, 0, 3, "", "ready", [], {}, { kind: "available" }, null), { nil: undefined });

/** How every binding writes a field of this presence (field-plans.ts), for a field that is not three-state. */
function emitOf(presence: Presence, fallback: unknown, nullable: boolean, type: GoType): Emit {
  if (presence === "required") return "always";
  if (presence === "when_set") return "when_set";
  if (fallback !== undefined) return "or_default";
  return nullable || type.text === "json.RawMessage" ? "always" : "if_set";
}

describe("planField", () => {
  it("uses omitempty for fields left out when unset or absent, and pointers only for value types and fields written only when read", () => {
    fc.assert(
      fc.property(goTypes, presences, defaults, fc.boolean(), (type, presence, fallback, nullable) => {
        const schema = fallback === undefined ? {} : { default: fallback };
        const emit = emitOf(presence, fallback, nullable, type);
        const plan = planField({ goName: "Field", jsonName: "field", presence, schema, type, nullable, emit });
        expect(plan.omitEmpty).toBe(presence === "when_set" || emit === "if_set");
        if (emit === "if_set") expect(plan.goType).toBe(`*${type.text}`);
        else if (type.nilable) expect(plan.goType).toBe(type.text);
        if (presence === "required") expect(plan.goType).toBe(nullable && !type.nilable ? `*${type.text}` : type.text);
        if (plan.prefill !== undefined) expect(presence).toBe("always");
        if (plan.emptyForNil !== undefined) expect(type.collection && !plan.omitEmpty).toBe(true);
      }),
    );
  });

  it("reads a three-state field into a Tristate, which writes its own key", () => {
    const plan = planField({ goName: "Budget", jsonName: "budget", presence: "when_set", schema: { description: "Three-state budget change." }, type: { text: "uint64", nilable: false, collection: false }, nullable: true, emit: "unless_unset" });
    expect(plan).toMatchObject({ goType: "Tristate[uint64]", tristate: true, omitEmpty: false });
  });
});

describe("names", () => {
  it("gives each value of an enum its own constant, prefixed with the type", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 12 }), (values) => {
        const constants = [...enumConstantNames("Mode", values).values()];
        expect(new Set(constants).size).toBe(values.length);
        for (const constant of constants) expect(constant).toMatch(/^Mode[A-Za-z0-9_]*$/);
      }),
    );
  });

  it("spells wire values in Go style, with separators spelled out only to tell two values apart", () => {
    expect(goIdentifier("dark-ansi")).toBe("DarkANSI");
    expect([...enumConstantNames("PermissionModeInput", ["bypassPermissions", "bypass-permissions"]).values()]).toEqual(["PermissionModeInputBypassPermissions", "PermissionModeInputBypassDashPermissions"]);
  });
});

describe("gofmt layout", () => {
  it("aligns each run of fields to its widest cell, and restarts after a comment", () => {
    expect(alignBlock([{ cells: ["A", "string", "`a`"] }, { cells: ["Longer", "int", "`b`"] }, { verbatim: "\t// c" }, { cells: ["C", "bool", "`c`"] }], "\t")).toEqual([
      "\tA      string `a`",
      "\tLonger int    `b`",
      "\t// c",
      "\tC bool `c`",
    ]);
  });

  it("wraps comments at word boundaries without losing a word", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z`.]{1,20}$/), { minLength: 1, maxLength: 60 }), (words) => {
        const lines = docComment(words.join(" "), "\t");
        expect(lines.every((line) => line.startsWith("\t// "))).toBe(true);
        expect(lines.map((line) => line.slice(4)).join(" ")).toBe(words.join(" "));
      }),
    );
  });
});
