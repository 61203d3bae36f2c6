import { describe, expect, it } from "vitest";
import { CompiledTypes, type CompiledType } from "../src/compiled.js";
import { schemaErrors, schemaSetOf, type SchemaNode } from "../src/schema-errors.js";

// How `/all` keeps its cold start short: the table of the types outside the
// message set is made on the first look-up of one, and their schemas are one
// JSON text, parsed when the error reporter first reads one of them.

function compiledType(matches: (value: unknown) => boolean): CompiledType {
  return { matches, schema: () => ({}) };
}

const field = (value: unknown, ...keys: string[]): unknown => keys.reduce((inner, key) => (typeof inner === "object" && inner !== null ? Reflect.get(inner, key) : undefined), value);

describe("a set of compiled types with a rest made on first use", () => {
  function counted() {
    const made = { count: 0 };
    const types = CompiledTypes.withRest(
      { ClientMessage: compiledType((value) => value === "client") },
      () => {
        made.count += 1;
        return { TokenUsage: compiledType((value) => value === "usage") };
      },
      [],
    );
    return { made, types };
  }

  it("looks up the first table's types without making the rest", () => {
    const { made, types } = counted();
    expect(types.has("ClientMessage")).toBe(true);
    expect(types.matches("ClientMessage", "client")).toBe(true);
    expect(types.find("ClientMessage")).toBe(types.type("ClientMessage"));
    expect(made.count).toBe(0);
  });

  it("makes the rest once, on the first name the first table lacks", () => {
    const { made, types } = counted();
    expect(types.has("NoSuchType")).toBe(false);
    expect(made.count).toBe(1);
    expect(types.matches("TokenUsage", "usage")).toBe(true);
    expect(types.matches("TokenUsage", "client")).toBe(false);
    expect(types.find("StillNoSuchType")).toBeUndefined();
    expect(made.count).toBe(1);
  });

  it("without a rest, knows only its table", () => {
    const types = CompiledTypes.of({ ClientMessage: compiledType(() => true) }, []);
    expect(types.has("ClientMessage")).toBe(true);
    expect(types.has("TokenUsage")).toBe(false);
    expect(types.find("TokenUsage")).toBeUndefined();
  });
});

describe("a generated schema set", () => {
  const text = (): SchemaNode => ({ type: "string" });
  const set = schemaSetOf('Pair {"type":"object","properties":{"count":{"$ref":"Count"},"label":{"$ref":"Text"}},"required":["count"]}\nCount {"type":"integer","minimum":0}', { Text: text });
  const countRef = (): unknown => field(set("Pair"), "properties", "count", "$ref");

  it("reads each $ref to a name through one source, which gives the set's schema of that name", () => {
    const source = countRef();
    expect(typeof source).toBe("function");
    expect(field(set("Pair"), "properties", "count", "$ref")).toBe(source);
    expect(typeof source === "function" ? source() : undefined).toBe(set("Count"));
    expect(field(set("Pair"), "properties", "label", "$ref")).toBe(text);
  });

  it("is what the error reporter reads", () => {
    const pair = () => set("Pair");
    expect(schemaErrors(pair, { count: 1, label: "a" })).toEqual([]);
    expect(schemaErrors(pair, { count: -1 })).toEqual([{ instancePath: "/count", keyword: "minimum", params: { comparison: ">=", limit: 0 } }]);
    expect(schemaErrors(pair, { count: 1, label: 2 })).toEqual([{ instancePath: "/label", keyword: "type", params: { type: "string" } }]);
  });

  it("parses a definition only when it is read, and names what it lacks", () => {
    const broken = schemaSetOf('Fine {"type":"string"}\nBroken {not JSON', {});
    expect(broken("Fine")).toEqual({ type: "string" });
    expect(() => broken("Broken")).toThrow(SyntaxError);
    expect(broken("Fine")).toBe(broken("Fine"));
    expect(() => set("Missing")).toThrow("no generated schema Missing");
    expect(() => set("constructor")).toThrow("no generated schema constructor");
  });
});
