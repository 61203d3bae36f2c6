import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bindingsModel } from "@app-server-protocol/codegen/model";
import { emission, wireValueOf } from "@app-server-protocol/codegen/emission";
import { spansOf } from "@app-server-protocol/validators";
import { PROTOCOL_TYPE_NAMES, lexicalFacts, validateType, type ProtocolTypeName } from "@app-server-protocol/validators/all";
import * as zod from "@app-server-protocol/zod";
import { check, checkText } from "@app-server-protocol/zod";
import * as z from "zod";
import { describe, expect, it } from "vitest";
import { SUITE, rootTypes } from "../scripts/schema-edges/suite.js";
import { isValid } from "../scripts/schema-edges/verdict.js";
import { PACKAGE_DIR, VECTORS_DIR, casesOf, objectOf, readJson, suiteFiles } from "./vectors.js";

// The TypeScript runner of the schema-edges vectors, which a script derives
// from the schemas (scripts/generate-schema-edges.ts): each case's verdict,
// code and path are the validators' reading its JSON text as written, and
// the zod bindings' reading the value JSON.parse gives; each valid case's
// `emitted` is a valid value that emits as itself.

const REPO = join(PACKAGE_DIR, "../..");
const model = bindingsModel(objectOf(readJson(join(REPO, "schemas/protocol.schema.json"))), objectOf(readJson(join(REPO, "schemas/methods.json"))));
const emitted = emission(model, isValid);
const TYPE_NAMES: readonly string[] = PROTOCOL_TYPE_NAMES;
const ZOD_EXPORTS: Readonly<Record<string, unknown>> = zod;

function isTypeName(name: unknown): name is ProtocolTypeName {
  return typeof name === "string" && TYPE_NAMES.includes(name);
}

function zodSchema(type: string): z.ZodType {
  const schema = ZOD_EXPORTS[`${type}Schema`];
  if (!(schema instanceof z.ZodType)) throw new Error(`@app-server-protocol/zod exports no ${type}Schema`);
  return schema;
}

type Verdict = { valid: true } | { valid: false; code: string; path: string };

function verdictOf(result: { ok: true } | { ok: false; error: { code: string; path: string } }): Verdict {
  return result.ok ? { valid: true } : { valid: false, code: result.error.code, path: result.error.path };
}

const files = suiteFiles(SUITE);

it("has a file for every protocol type a binding decodes by name, and only those", () => {
  expect(files.map(({ document }) => objectOf(document).type).sort()).toEqual(rootTypes(model).sort());
});

it("stays a few thousand cases, most of them invalid", () => {
  const cases = files.flatMap(({ document }) => casesOf(document));
  expect(cases.length).toBeGreaterThan(2000);
  expect(cases.length).toBeLessThan(10000);
  expect(cases.filter((entry) => entry.valid === false).length).toBeGreaterThan(cases.length / 2);
});

it("changes every field of every record it has a file for: a required one absent, and each null (unless its seed is null)", () => {
  const missing: string[] = [];
  for (const { document } of files) {
    const type = String(objectOf(document).type);
    const schema = model.definitions[type] ?? {};
    const properties = objectOf(schema.properties ?? {});
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const cases = casesOf(document);
    const names = new Set(cases.map((entry) => String(entry.name)));
    const seedValue = cases.find((entry) => entry.name === "seed")?.value;
    const seed = typeof seedValue === "object" && seedValue !== null && !Array.isArray(seedValue) ? objectOf(seedValue) : {};
    for (const field of Object.keys(properties)) {
      const prefix = field.replace(/[^A-Za-z0-9]+/g, "_");
      if (required.has(field) && !names.has(`${prefix}_absent`)) missing.push(`${type}.${field} absent`);
      if (seed[field] !== null && !names.has(`${prefix}_null`)) missing.push(`${type}.${field} null`);
    }
  }
  expect(missing).toEqual([]);
});

describe.each(files.map(({ path, document }) => [path, document] as const))("%s", (path, document) => {
  const type = objectOf(document).type;
  const text = readFileSync(join(VECTORS_DIR, path), "utf8");
  const cases = casesOf(document);
  const spans = spansOf(text, cases.map((_entry, index) => `/cases/${index}/value`));

  it("names a protocol type", () => {
    expect(isTypeName(type)).toBe(true);
  });

  it("gives each case the validators' verdict, code and path on its JSON text", () => {
    if (!isTypeName(type)) return;
    const differences = cases.flatMap((entry, index) => {
      const span = spans.get(`/cases/${index}/value`);
      if (span === undefined) return [`${String(entry.name)}: no value text`];
      const valueText = text.slice(span.start, span.end);
      const found = verdictOf(validateType(type, entry.value, { textFacts: lexicalFacts(valueText, entry.value) }));
      const expected: Verdict = entry.valid === true ? { valid: true } : { valid: false, code: String(entry.code), path: String(entry.path) };
      return JSON.stringify(found) === JSON.stringify(expected) ? [] : [`${String(entry.name)}: validators ${JSON.stringify(found)}, vector ${JSON.stringify(expected)}`];
    });
    expect(differences).toEqual([]);
  });

  it("gives each case the zod bindings' verdict, code and path on its JSON text, an integer one past a 64-bit bound included", () => {
    const schema = zodSchema(String(type));
    const differences = cases.flatMap((entry, index) => {
      const span = spans.get(`/cases/${index}/value`);
      if (span === undefined) return [`${String(entry.name)}: no value text`];
      const found = verdictOf(checkText(schema, text.slice(span.start, span.end)));
      const expected: Verdict = entry.valid === true ? { valid: true } : { valid: false, code: String(entry.code), path: String(entry.path) };
      return JSON.stringify(found) === JSON.stringify(expected) ? [] : [`${String(entry.name)}: zod ${JSON.stringify(found)}, vector ${JSON.stringify(expected)}`];
    });
    expect(differences).toEqual([]);
  });

  it("gives each case read by JSON.parse the zod bindings' verdict, but for an integer past a 64-bit bound, which a double holds as the bound", () => {
    const schema = zodSchema(String(type));
    const differences = cases.flatMap((entry) => {
      const found = verdictOf(check(schema, entry.value));
      const expected: Verdict = entry.valid === true || entry.exact_integers === true ? { valid: true } : { valid: false, code: String(entry.code), path: String(entry.path) };
      return JSON.stringify(found) === JSON.stringify(expected) ? [] : [`${String(entry.name)}: zod ${JSON.stringify(found)}, vector ${JSON.stringify(expected)}`];
    });
    expect(differences).toEqual([]);
  });

  it("marks as exact_integers only the cases the value as JSON.parse reads it does not make invalid", () => {
    if (!isTypeName(type)) return;
    for (const entry of cases.filter((candidate) => candidate.valid === false)) {
      expect(validateType(type, entry.value).ok, String(entry.name)).toBe(entry.exact_integers === true);
    }
  });

  it("gives each valid case an emitted value that is valid and emits as itself", () => {
    if (!isTypeName(type)) return;
    for (const entry of cases.filter((candidate) => candidate.valid === true)) {
      expect(validateType(type, entry.emitted).ok, String(entry.name)).toBe(true);
      expect(emitted.emitted(type, wireValueOf(entry.emitted)), String(entry.name)).toEqual(entry.emitted);
    }
  });
});
