import { PROTOCOL_VERSION } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HEADER_LINES, commentHeader } from "../src/language.js";
import { docstring } from "../src/languages/python/docstring.js";
import { fieldPlans } from "../src/languages/python/fields.js";
import { BUILD_BACKEND, PYTHON_REQUIRES } from "../src/languages/python/distribution.js";
import { PACKAGE, pythonBindings } from "../src/languages/python/index.js";
import { pythonLiteral } from "../src/languages/python/literal.js";
import { attributeName, variantClassName } from "../src/languages/python/names.js";
import { pythonPattern } from "../src/languages/python/pattern.js";
import { bindingsModel } from "../src/model.js";
import { propertiesOf } from "../src/schema.js";
import { VIEW_ROOT } from "../src/view.js";
import { bundle, registry } from "./core-fixtures.js";
import { REGENERATE, differingFromCheckedIn } from "./support/checked-in.js";

// Structural checks on the Python pass's output; the bindings test in
// packages/conformance pip-installs the package into a fresh virtual
// environment and runs the vectors and the README against it.

const model = bindingsModel(bundle, registry);
const files = await pythonBindings.generate(model);

function file(path: string): string {
  const content = files.get(path);
  if (content === undefined) throw new Error(`no ${path}`);
  return content;
}

const protocol = file(`${PACKAGE}/protocol.py`);
const tables = file(`${PACKAGE}/_tables.py`);

/** The module-level names protocol.py binds: classes and assignments. */
function declaredNames(source: string): string[] {
  return [...source.matchAll(/^(?:class (\w+)\b|(\w+) = )/gm)].map((match) => match[1] ?? match[2] ?? "").filter((name) => !name.startsWith("__"));
}

/** The body of `class name` (up to the next top-level statement). */
function classBody(name: string): string {
  const match = new RegExp(`^class ${name}\\b.*:\\n((?:(?: {4}.*)?\\n)*)`, "m").exec(protocol);
  if (match === null) throw new Error(`no class ${name}`);
  return match[1] ?? "";
}

/** The attribute lines (`name: Type[ = default]`) of a class body. */
function attributes(name: string): Map<string, string> {
  const code = classBody(name).replace(/"""[\s\S]*?"""/g, "");
  return new Map([...code.matchAll(/^ {4}(\w+): (.*)$/gm)].map((match) => [match[1] ?? "", match[2] ?? ""]));
}

/** The `Field(...)` entries of a record in _tables.py, by wire name. */
function tableFields(record: string): Map<string, string> {
  const match = new RegExp(`^ {4}"${record}": Record\\(protocol\\.${record}, \\(\\n((?: {8}.*\\n)*) {4}\\)`, "m").exec(tables);
  const entries = [...(match?.[1] ?? "").matchAll(/^ {8}Field\("([^"]+)", "(\w+)", (\w+)(.*)\),$/gm)];
  return new Map(entries.map((entry) => [entry[1] ?? "", `${entry[2] ?? ""} ${entry[3] ?? ""}${entry[4] ?? ""}`]));
}

describe("the package", () => {
  it("is an importable package: an __init__.py, the protocol types and the generated tables", () => {
    for (const module of ["__init__.py", "protocol.py", "_schema.py", "_tables.py", "_methods.py", "_check.py", "_decode.py", "_encode.py", "_messages.py", "_version.py"]) {
      expect(files.has(`${PACKAGE}/${module}`), module).toBe(true);
    }
    const distributionFiles = ["LICENSE", "README.md", "pyproject.toml", `${PACKAGE}/py.typed`];
    expect([...files.keys()].filter((path) => !distributionFiles.includes(path) && !(path.startsWith(`${PACKAGE}/`) && path.endsWith(".py")))).toEqual([]);
  });

  it("starts every file with the header, in the file's comment syntax; the PEP 561 marker is empty", () => {
    expect(file(`${PACKAGE}/py.typed`)).toBe("");
    for (const [path, content] of files) {
      if (path.endsWith("py.typed") || path === "LICENSE") continue;
      const expected = path.endsWith(".md") ? `<!-- ${HEADER_LINES.join(" ")} -->\n` : commentHeader("#");
      expect(content.startsWith(expected), path).toBe(true);
      expect(content.endsWith("\n") && !content.endsWith("\n\n"), path).toBe(true);
    }
  });

  it("imports only the standard library and its own modules", () => {
    for (const [path, source] of files) {
      if (!path.endsWith(".py")) continue;
      for (const [, module = ""] of source.matchAll(/^\s*(?:from|import) (\S+)/gm)) {
        expect(["__future__", "copy", "dataclasses", "enum", "json", "math", "re", "typing"].includes(module) || module.startsWith("."), `${path}: ${module}`).toBe(true);
      }
    }
  });

  it("leaves nothing of quicktype's own output: no root record, converters or respelled names", () => {
    const sources = [...files.values()].join("\n");
    expect(sources).not.toContain(VIEW_ROOT);
    expect(protocol).not.toMatch(/def from_dict|def to_dict|from_union|\bPurple|\bFluffy/);
    expect(protocol).not.toMatch(/^class (?:ACP|MCP)[A-Z]/m);
  });

  it("are the checked-in files, byte for byte, so the same on every run", () => {
    expect(differingFromCheckedIn(pythonBindings, files), REGENERATE).toEqual([]);
  });
});

describe("the distribution", () => {
  const pyproject = file("pyproject.toml");
  /** A `key = value` line of pyproject.toml's table `table`, its value as written. */
  function setting(table: string, key: string): string | undefined {
    const body = new RegExp(`^\\[${table.replace(/\./g, "\\.")}\\]\\n((?:(?!\\[).*\\n)*)`, "m").exec(pyproject)?.[1] ?? "";
    return new RegExp(`^${key} = (.*)$`, "m").exec(body)?.[1];
  }

  it("is built by the pinned flit_core, which needs nothing else", () => {
    expect(setting("build-system", "requires")).toBe(`["${BUILD_BACKEND}"]`);
    expect(BUILD_BACKEND).toMatch(/^flit_core==\d+\.\d+\.\d+$/);
    expect(setting("build-system", "build-backend")).toBe('"flit_core.buildapi"');
    expect(setting("tool.flit.module", "name")).toBe(`"${PACKAGE}"`);
  });

  it("carries its name, its version and the protocol's, the README as its long description, and no dependency", () => {
    expect(setting("project", "name")).toBe('"app-server-protocol"');
    expect(setting("project", "version")).toBe('"1.0.0"');
    expect(setting("project", "readme")).toBe('"README.md"');
    expect(setting("project", "requires-python")).toBe(`">=${PYTHON_REQUIRES}"`);
    expect(setting("project", "dependencies")).toBe("[]");
    expect(setting("project", "description")).toContain(`protocol ${PROTOCOL_VERSION}`);
    expect(setting("project", "keywords")).toContain(`"protocol-${PROTOCOL_VERSION}"`);
    expect(pyproject).toContain('  "Typing :: Typed",');
    expect(setting("project.urls", "Repository")).toBe('"https://github.com/app-server-protocol/app-server-protocol"');
    expect(file(`${PACKAGE}/_version.py`)).toContain(`\n__version__ = "1.0.0"\nPROTOCOL_VERSION = "${PROTOCOL_VERSION}"\n`);
    expect(file(`${PACKAGE}/__init__.py`)).toContain("from ._version import PROTOCOL_VERSION, __version__");
  });

  it("is under the MIT license, whose text it ships in LICENSE", () => {
    expect(setting("project", "license")).toBe('"MIT"');
    expect(setting("project", "license-files")).toBe('["LICENSE"]');
    expect(file("LICENSE").startsWith("MIT License\n")).toBe(true);
  });

  it("documents installing with pip, and the conformance runner's command against the installed package", () => {
    const readme = file("README.md");
    expect(readme).toContain(".venv/bin/pip install generated/python");
    expect(readme).toContain("`python3 runners/python/run_vectors.py vectors`");
    expect(readme).not.toContain("sys.path");
  });
});

describe("type names", () => {
  const declared = declaredNames(protocol);
  const exported = [...protocol.matchAll(/^ {4}"(\w+)",$/gm)].map((match) => match[1] ?? "");

  it("declares every protocol type under its TypeScript name, once", () => {
    expect(Object.keys(model.definitions).filter((name) => !declared.includes(name))).toEqual([]);
    expect(declared.filter((name, index) => declared.indexOf(name) !== index)).toEqual([]);
  });

  it("exports every declared name and nothing else", () => {
    const publicNames = declared.filter((name) => !name.startsWith("_"));
    expect(new Set(exported)).toEqual(new Set(publicNames));
  });

  it("declares no other type than the protocol's and the unions' variant classes", () => {
    const variantClasses = new Set(
      model.unions.flatMap((union) =>
        union.kind === "external" ? union.units.map((unit) => variantClassName(union.name, unit)) : union.kind === "untagged" ? union.variants.map((variant) => variantClassName(union.name, variant)) : [],
      ),
    );
    expect(declared.filter((name) => model.definitions[name] === undefined && !variantClasses.has(name))).toEqual([]);
  });

  it("declares the aliases as the type they name", () => {
    for (const alias of model.aliases) expect(protocol).toMatch(new RegExp(`^${alias.name} = ${alias.target}$`, "m"));
  });

  it("keeps string enumerations' values in the schema's order", () => {
    expect(classBody("SessionGoalStatus")).toMatch(/ACTIVE = "active"\n {4}PAUSED = "paused"\n {4}BLOCKED = "blocked"/);
  });
});

describe("the typed decode", () => {
  const typed = file(`${PACKAGE}/_typed_decode.py`);
  const overloads = [...typed.matchAll(/^@overload\ndef decode\(type_name: Literal\["(\w+)"\], value: object\) -> ([\w.]+): \.\.\.$/gm)];

  it("has one overload per protocol type, returning that type", () => {
    expect(overloads.map((match) => match[1])).toEqual(Object.keys(model.definitions).sort());
    for (const [, name = "", result] of overloads) expect(result, name).toBe(model.definitions[name]?.type === "null" ? "None" : `protocol.${name}`);
  });

  it("gives a name that is not a literal the type object, and is the decode the package exports", () => {
    expect(typed).toContain("@overload\ndef decode(type_name: str, value: object) -> object: ...\n\n\ndef decode(type_name: str, value: object) -> Any:\n");
    expect(file(`${PACKAGE}/__init__.py`)).toContain("from ._typed_decode import decode\n");
  });
});

describe("unions", () => {
  it.each(model.unions.map((union) => [union.name, union] as const))("%s is a base class with a class per variant", (name, union) => {
    expect(protocol).toMatch(new RegExp(`^class ${name}:\\n {4}"""`, "m"));
    expect([...attributes(name).keys()]).toEqual([]);
    if (union.kind === "internal") {
      const variants = [...union.variants.map((variant) => variant.type), ...(union.fallback === undefined ? [] : [union.fallback.type])];
      for (const variant of variants) {
        expect(protocol).toMatch(new RegExp(`^@dataclass\\nclass ${variant}\\(${name}\\):$`, "m"));
        // The tag belongs to the union: the variant record has no attribute for it.
        expect(attributes(variant).has(attributeName(union.tag)), variant).toBe(false);
      }
      expect(tables).toContain(`"${name}": Internal(${JSON.stringify(union.tag)}, {`);
    } else if (union.kind === "external") {
      for (const unit of union.units) expect(protocol).toMatch(new RegExp(`^class ${variantClassName(name, unit)}\\(${name}\\):$`, "m"));
      for (const variant of union.variants) {
        expect(protocol).toMatch(new RegExp(`^class ${variant.wrapper}\\(${name}\\):$`, "m"));
        expect(attributes(variant.wrapper).has("value")).toBe(true);
      }
    } else {
      for (const variant of union.variants) expect(attributes(variantClassName(name, variant)).get("value")).toBe(variant);
    }
  });

  it("writes the fallback variant with its emitted tag", () => {
    expect(tables).toContain('"AgentHookCommand": Internal("type", {"command": "AgentHookCommandCommand"}, fallback="AgentHookCommandUnsupported", fallback_tag="Unsupported")');
  });
});

describe("fields", () => {
  const records = Object.keys(model.definitions).filter((name) => tables.includes(`    "${name}": Record(`));

  it("lists every field of every record with the encoder rule its presence asks for", () => {
    expect(records.length).toBeGreaterThan(250);
    const rules = { required: ["ALWAYS"], always: ["ALWAYS", "OR_DEFAULT", "IF_SET"], when_set: ["WHEN_SET", "UNLESS_UNSET"] };
    const tags = new Map(model.unions.flatMap((union) => (union.kind === "internal" ? [...union.variants.map((variant) => [variant.type, union.tag] as const), ...(union.fallback === undefined ? [] : [[union.fallback.type, union.tag] as const])] : [])));
    for (const record of records) {
      const fields = tableFields(record);
      const presence = model.presence(record);
      const expected = Object.keys(propertiesOf(model.definitions[record] ?? {})).filter((wire) => wire !== tags.get(record));
      expect([...fields.keys()], record).toEqual(expected);
      for (const [wire, entry] of fields) {
        const rule = entry.split(" ")[1]?.replace(/,.*/, "") ?? "";
        expect(rules[presence.get(wire) ?? "always"], `${record}.${wire}`).toContain(rule);
      }
    }
  });

  it("spells each attribute as a Python identifier, the wire name where Python allows it", () => {
    for (const record of records) {
      for (const [wire, entry] of tableFields(record)) expect(entry.split(" ")[0], `${record}.${wire}`).toBe(attributeName(wire));
    }
    expect(tableFields("AgentHookCommandCommand").get("if")).toMatch(/^if_ /);
    expect(tableFields("CacheCreationUsage").get("ephemeral_1h_input_tokens")).toMatch(/^ephemeral_1h_input_tokens /);
  });

  it("gives defaults and presence as the reference writes the fields", () => {
    expect(tableFields("AskUserQuestionSpec").get("multi_select")).toBe("multi_select OR_DEFAULT, default=False");
    expect(tableFields("AskUserQuestionSpec").get("options")).toBe("options WHEN_SET, omit_empty=True");
    expect(tableFields("SessionGoalSetParams").get("token_budget")).toBe("token_budget UNLESS_UNSET");
    expect(attributes("AskUserQuestionSpec").get("multi_select")).toBe("bool = False");
    expect(attributes("AskUserQuestionSpec").get("options")).toBe("Optional[List[AskUserOption]] = None");
    expect(attributes("SessionGoalSetParams").get("token_budget")).toBe("Union[int, None, Unset] = UNSET");
    expect(attributes("McpAnnotations").get("extra")).toBe("Dict[str, Any] = field(default_factory=lambda: {})");
  });

  it("puts the fields without a default first, as dataclasses require", () => {
    for (const record of records) {
      const lines = [...attributes(record).values()];
      const firstDefault = lines.findIndex((line) => line.includes(" = "));
      if (firstDefault >= 0) expect(lines.slice(firstDefault).every((line) => line.includes(" = ")), record).toBe(true);
    }
  });

  it("reads the three-state field as such and no other", () => {
    const threeState = records.flatMap((record) => [...fieldPlans(model, record).values()].filter((plan) => plan.emit === "unless_unset").map((plan) => `${record}.${plan.wire}`));
    expect(threeState).toEqual(["SessionGoalSetParams.token_budget"]);
  });
});

describe("the schema table", () => {
  const schema = file(`${PACKAGE}/_schema.py`);

  it("holds every definition, without annotations, references by name", () => {
    for (const name of Object.keys(model.definitions)) expect(schema).toContain(`\n    "${name}": {`);
    expect(schema).not.toMatch(/"(?:description|title)": "/);
    expect(schema).not.toContain("#/$defs/");
  });

  it("maps each discriminated union's tags to their variants", () => {
    expect(schema).toContain('"discriminator": {"propertyName": "kind", "mapping": {"text": {"$ref": "TranscriptBlockText"}');
  });

  it("checks the unions without a discriminator, and the tagged records, in the forms the validators compile", () => {
    const forms = schema.slice(schema.indexOf("CHECKED_FORMS"));
    for (const union of model.unions) {
      if (union.kind === "external") expect(forms).toContain(`"${union.name}": {"externalUnion": [`);
      if (union.kind === "untagged") expect(forms).toContain(`"${union.name}": {"untaggedUnion": [`);
    }
    expect(forms).toContain('"AgentHookCommand": {"type": "object", "if": {"properties": {"type": {"const": "command"}}, "required": ["type"]}, "then": {"$ref": "AgentHookCommandCommand"}, "else": {"$ref": "AgentHookCommandUnsupported"}}');
    expect(forms).toContain('"McpServerSourcePlugin": {"type": "object", "discriminator": {"propertyName": "kind", "mapping": {"plugin": {"type": "object",');
    expect(forms).not.toContain('"TranscriptBlock":');
  });

  it("spells patterns for Python", () => {
    expect(schema).toContain('"pattern": "^(?!command\\\\Z)"');
  });
});

describe("helpers", () => {
  it("attributeName gives a Python identifier other than a keyword, the wire name itself when it is one", () => {
    // Python's keywords (`keyword.kwlist`) and the names the bindings use themselves.
    const keywords = new Set([
      "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else", "except",
      "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try",
      "while", "with", "yield", "self", "field", "list", "dict",
    ]);
    fc.assert(
      fc.property(fc.string(), (wire) => {
        const name = attributeName(wire);
        expect(name).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
        expect(keywords.has(name)).toBe(false);
        if (/^[a-z_][a-z0-9_]*$/.test(wire) && !keywords.has(wire)) expect(name).toBe(wire);
      }),
    );
  });

  it("docstring lines close the literal only at their end, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", " ", '"', "\\", "\n", "`", "x") }), (text) => {
        const source = docstring(text, "").join("\n");
        expect(source.startsWith('"""') && source.endsWith('"""')).toBe(true);
        // Scan the literal as Python does: a backslash escapes the next character; `"""` ends it.
        let index = 3;
        while (index < source.length && !source.startsWith('"""', index)) index += source[index] === "\\" ? 2 : 1;
        expect(index).toBe(source.length - 3);
      }),
    );
  });

  it("pythonLiteral spells strings as their JSON and the JSON constants as Python's", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(pythonLiteral(text)).toBe(JSON.stringify(text));
      }),
    );
    expect(pythonLiteral({ a: [true, false, null, 1.5] })).toBe('{"a": [True, False, None, 1.5]}');
    expect(pythonLiteral([2 ** 64, 2 ** 63, -(2 ** 63), 4294967295])).toBe("[18446744073709551615, 9223372036854775807, -9223372036854775808, 4294967295]");
  });

  it("pythonPattern anchors `$` at the very end and refuses what Python reads differently", () => {
    expect(pythonPattern("^(?!command$)")).toBe("^(?!command\\Z)");
    expect(pythonPattern("^[$a]\\d+\\$$")).toBe("^[$a][0-9]+\\$\\Z");
    expect(() => pythonPattern("^\\p{L}$")).toThrow(/Python reads differently/);
    expect(pythonPattern("^[\\t-\\r \\u0085\\u3000]*$")).toBe("^[\\t-\\r \\u0085\\u3000]*\\Z");
    expect(() => pythonPattern("^\\u{85}$")).toThrow(/Python reads differently/);
  });
});
