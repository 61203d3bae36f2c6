import { PROTOCOL_TYPE_NAMES, validateType, type ProtocolTypeName } from "@app-server-protocol/validators/all";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emission, sameWireValue, wireValueOf, type WireValue } from "../src/emission.js";
import { bindingsModel } from "../src/model.js";
import { re2Pattern } from "../src/re2-pattern.js";
import { javaPattern } from "../src/languages/kotlin/patterns.js";
import { casesOf, objectOf, suiteFiles } from "../../conformance/test/vectors.js";
import { bundle, registry } from "./core-fixtures.js";

// The TypeScript emission every binding's encoding is compared with: what an
// encoder writes for a value it read, by the spec's emission rules.

const model = bindingsModel(bundle, registry);
const TYPE_NAMES: readonly string[] = PROTOCOL_TYPE_NAMES;
const isTypeName = (name: unknown): name is ProtocolTypeName => typeof name === "string" && TYPE_NAMES.includes(name);
const emitted = emission(model, (type, value) => isTypeName(type) && validateType(type, value).ok);

function isRecord(value: WireValue): value is { [key: string]: WireValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const valid = suiteFiles("types").flatMap(({ document }) => {
  const type = objectOf(document).type;
  return isTypeName(type) ? casesOf(document).filter((entry) => entry.valid === true).map((entry) => ({ type, value: wireValueOf(entry.value) })) : [];
});

describe("the emission of a value a decoder accepted", () => {
  it("writes the always-emitted fields with their defaults or null, and leaves out what the reference leaves out", () => {
    expect(emitted.emitted("InitializeParams", { protocol_version: "1.0", client_info: { name: "c", version: "1" } })).toEqual({ protocol_version: "1.0", client_info: { name: "c", version: "1" } });
    expect(emitted.emitted("ClientMessage", { type: "request", id: "r", method: "session/list", params: null })).toEqual({ type: "request", id: "r", method: "session/list" });
    expect(emitted.emitted("SetSessionModelParams", { session_id: "s", model: "m", inherit: false })).toEqual({ session_id: "s", model: "m" });
    expect(emitted.emitted("CacheCreationUsage", { ephemeral_1h_input_tokens: null })).toEqual({ ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0 });
    expect(emitted.emitted("AgentHookCommand", { type: "prompt", prompt: "check" })).toEqual({ type: "Unsupported" });
  });

  it("keeps integers a double does not hold as they are", () => {
    expect(emitted.emitted("AuthLogoutResult", { removed: 18446744073709551615n })).toEqual({ removed: 18446744073709551615n });
  });

  it("is a valid value of the type, which emits as itself, for every valid type vector", () => {
    expect(valid.length).toBeGreaterThan(800);
    for (const { type, value } of valid) {
      const written = emitted.emitted(type, value);
      expect(validateType(type, written).ok, type).toBe(true);
      expect(sameWireValue(emitted.emitted(type, written), written), type).toBe(true);
    }
  });

  it("drops an unknown field of a record that keeps none, wherever it is added", () => {
    const records = valid.filter(({ type, value }) => isRecord(value) && model.definitions[type]?.properties !== undefined && model.definitions[type]?.additionalProperties === undefined);
    fc.assert(
      fc.property(fc.constantFrom(...records), fc.constantFrom("zz_unknown", "__proto__x", "0"), fc.jsonValue({ maxDepth: 2 }), ({ type, value }, key, extra) => {
        if (!isRecord(value)) return;
        const widened = { ...value, [key]: wireValueOf(extra) };
        fc.pre(validateType(type, widened).ok);
        expect(sameWireValue(emitted.emitted(type, widened), emitted.emitted(type, value))).toBe(true);
      }),
    );
  });
});

describe("patterns", () => {
  it("are spelled for RE2 with the same matches, a whole-string negative lookahead as the pattern it refuses", () => {
    expect(re2Pattern("^(?!command$)", "T.type")).toEqual({ notPattern: "^command$" });
    expect(re2Pattern("^[\\t \\u0085\\u3000]*vim$", "T.mode")).toEqual({ pattern: "^[\\t \\x{0085}\\x{3000}]*vim$" });
    expect(() => re2Pattern("^(?<=a)b$", "T.f")).toThrow(/RE2 reads differently/);
  });

  it("are spelled for java.util.regex with `$` as the end of the text", () => {
    expect(javaPattern("^(?:vim|normal)$", "T.mode")).toBe("^(?:vim|normal)\\z");
    expect(javaPattern("^[$]a\\$$", "T.f")).toBe("^[$]a\\$\\z");
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,8}$/), (word) => {
        const pattern = new RegExp(javaPattern(`^${word}$`, "T.f").replace("\\z", "$"), "u");
        expect(pattern.test(word)).toBe(true);
        expect(pattern.test(`${word}\n`)).toBe(false);
      }),
    );
  });
});
