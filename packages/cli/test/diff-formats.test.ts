import { writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeXml, junitXml, xmlSafe } from "../src/report/junit.js";
import { exceptEntries, ExceptFileError } from "../src/diff/except.js";
import { validateExceptFile } from "./support/diff-schema.js";
import { run } from "./support/run.js";
import { arrayAt, editedCopy, nodeAt } from "./support/schema-sets.js";

const BASE = editedCopy();
const NARROWED = editedCopy(({ defs }) => {
  const setting = nodeAt(defs, "ThemeSetting");
  setting["enum"] = arrayAt(setting, "enum").filter((value) => value !== "light-ansi");
});

/** The text an XML parser reads back from `escapeXml`'s output. */
function unescaped(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#(\d+));/g, (_whole, name: string, code: string | undefined) => (code !== undefined ? String.fromCharCode(Number(code)) : { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[name] ?? ""));
}

describe("the JUnit XML writer", () => {
  it("escapes any text so it reads back as itself, less what XML cannot hold", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const escaped = escapeXml(text);
        expect(escaped).not.toMatch(/[<>"']|&(?!(amp|lt|gt|quot|apos|#\d+);)/);
        expect(unescaped(escaped)).toBe(xmlSafe(text));
        expect(xmlSafe(text)).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
      }),
    );
    expect(xmlSafe("a\ud800b\udc00\ud83d\ude00")).toBe("a\ufffdb\ufffd\ud83d\ude00");
  });

  it("writes suites and cases with their totals, failures and output", () => {
    const xml = junitXml("run", [{ name: "s", cases: [{ name: 'a<"b">', classname: "types" }, { name: "c", classname: "types", failures: [{ message: "x & y", type: "major", text: "line 1\nline <2>" }], systemOut: "note" }] }]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="run" tests="2" failures="1" errors="0" skipped="0">\n  <testsuite name="s" tests="2" failures="1" errors="0" skipped="0" time="0">\n    <testcase name="a&lt;&quot;b&quot;&gt;" classname="types" time="0"/>\n    <testcase name="c" classname="types" time="0">\n      <failure message="x &amp; y" type="major">line 1\nline &lt;2&gt;</failure>\n      <system-out>note</system-out>\n    </testcase>\n  </testsuite>\n</testsuites>\n',
    );
  });
});

describe("diff --format junit and github", () => {
  it("fails the case of the type with the breaking change, and passes the others", async () => {
    const { code, stdout } = await run(["diff", BASE, NARROWED, "--format", "junit"]);
    expect(code).toBe(1);
    expect(stdout).toContain('<testcase name="ThemeSetting" classname="types" time="0">\n      <failure message="enum_value_removed ThemeSetting: enum value &quot;light-ansi&quot; removed" type="major">');
    expect(stdout).toContain('<testcase name="ThemeParams" classname="types" time="0"/>');
    expect(stdout).toContain('<testcase name="initialize" classname="methods" time="0"/>');
    expect(stdout.match(/<failure /g)).toHaveLength(1);
  });

  it("annotates the breaking change as an error, escaped as workflow commands want", async () => {
    const { stdout } = await run(["diff", BASE, NARROWED, "--format", "github"]);
    expect(stdout).toBe('::error title=enum_value_removed ThemeSetting::major: enum value "light-ansi" removed (breaks old client -> new server, old server -> new client)%0Awitness (old accepts, new rejects): "light-ansi"\nbump: major (1 change: 1 major, 0 minor, 0 patch, 0 unproven)\n');
  });
});

describe("--except FILE", () => {
  const exceptFile = (document: unknown) => {
    const file = join(editedCopy(), "except.json");
    writeFileSync(file, typeof document === "string" ? document : JSON.stringify(document));
    return file;
  };

  it("reports a matched change as excepted and passes; a stale entry fails the run", async () => {
    const accepted = { type: "ThemeSetting", path: "", kind: "enum_value_removed", reason: "never sent" };
    const matched = await run(["diff", BASE, NARROWED, "--format", "json", "--except", exceptFile({ accepted: [accepted] })]);
    expect(matched.code).toBe(0);
    expect(JSON.parse(matched.stdout)).toMatchObject({ bump: "none", changes: [{ type: "ThemeSetting", excepted: true, severity: "major" }], counts: { major: 0, excepted: 1 } });
    const stale = { type: "ThemeParams", path: "", kind: "type_removed" };
    const withStale = await run(["diff", BASE, NARROWED, "--except", exceptFile({ accepted: [accepted, stale] })]);
    expect(withStale.code).toBe(1);
    expect(withStale.stdout).toContain("major (excepted) ThemeSetting enum_value_removed");
    expect(withStale.stdout).toContain("stale exception: ThemeParams type_removed matches no change\n");
  });

  it("exits 2 on a file that is no except file, naming the problem and quoting nothing", async () => {
    for (const [document, problem] of [
      ["sk-SECRET{", "is not JSON"],
      [{ accepted: {} }, "/accepted must be an array"],
      [{ accepted: [{ type: "T", path: "", kind: "nope" }] }, "/accepted/0/kind must be a change kind"],
      [{ accepted: [], extra: 1 }, 'has an unknown field "extra"'],
    ] as const) {
      const result = await run(["diff", BASE, NARROWED, "--except", exceptFile(document)]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(problem);
      expect(result.stderr).not.toContain("sk-SECRET");
    }
  });

  it("accepts exactly the files its shipped schema accepts", () => {
    const entry = fc.record({ type: fc.oneof(fc.string(), fc.integer()), path: fc.string(), kind: fc.constantFrom("enum_value_removed", "type_removed", "bogus"), reason: fc.oneof(fc.string(), fc.constant(1)) }, { requiredKeys: ["type", "path"] });
    fc.assert(
      fc.property(fc.oneof(fc.record({ accepted: fc.array(entry, { maxLength: 3 }) }), fc.jsonValue()), (document) => {
        let parsed = true;
        try {
          exceptEntries(JSON.stringify(document));
        } catch (error) {
          expect(error).toBeInstanceOf(ExceptFileError);
          parsed = false;
        }
        expect(parsed).toBe(validateExceptFile(document));
      }),
    );
  });
});
