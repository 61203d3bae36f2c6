import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateType, type ProtocolTypeName } from "@app-server-protocol/validators/all";
import { pointerToken } from "../src/pointer.js";
import { taggedRecords, unionForms, type UnionForm } from "../scripts/union-forms.js";
import { mutationOf } from "./support/mutations.js";
import { DEFINITIONS, protocolType, validSamples } from "./support/unions.js";

// The failure rules of each kind of union, over every union of the protocol
// of that kind, on generated values.

const RUNS = { numRuns: 200 };
const FORMS = unionForms(DEFINITIONS);
const RECORDS = taggedRecords(DEFINITIONS);

function formsOf<F extends UnionForm["form"]>(form: F): Extract<UnionForm, { form: F }>[] {
  return FORMS.filter((entry): entry is Extract<UnionForm, { form: F }> => entry.form === form);
}

type Verdict = { readonly code: string; readonly path: string } | "valid";

function verdict(name: ProtocolTypeName, value: unknown): Verdict {
  const result = validateType(name, value);
  return result.ok ? "valid" : { code: result.error.code, path: result.error.path };
}

/** A string that is not one of `taken`, nor (as a key) one that would be read as an object's prototype. */
const stringOtherThan = (taken: readonly string[]) => fc.string({ maxLength: 12 }).filter((key) => !taken.includes(key) && key !== "__proto__");

/** JSON that is neither a string nor an object. */
const neitherStringNorObject = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }));

describe.each(formsOf("external").map((form) => [form.name, form] as const))("the externally tagged union %s", (_name, form) => {
  const type = protocolType(form.name);
  const keys = form.variants.map((variant) => variant.key);

  it("reports a string that is no unit variant's name as unknown_tag at the union", () => {
    fc.assert(
      fc.property(stringOtherThan(form.units), (name) => {
        expect(verdict(type, name)).toEqual({ code: "unknown_tag", path: "" });
      }),
      RUNS,
    );
  });

  it("reports an object whose one key is no data variant's name as unknown_tag at the union", () => {
    fc.assert(
      fc.property(stringOtherThan(keys), fc.jsonValue({ maxDepth: 2 }), (key, data) => {
        expect(verdict(type, { [key]: data })).toEqual({ code: "unknown_tag", path: "" });
      }),
      RUNS,
    );
  });

  it("reports a known data variant with bad data as that variant does, inside the data", () => {
    fc.assert(
      fc.property(fc.constantFrom(...form.variants), fc.jsonValue({ maxDepth: 2 }), (variant, data) => {
        const found = verdict(type, { [variant.key]: data });
        fc.pre(found !== "valid");
        expect(found).toEqual(verdict(protocolType(variant.ref), { [variant.key]: data }));
        expect(found).toMatchObject({ path: expect.stringMatching(new RegExp(`^/${pointerToken(variant.key)}(/|$)`)) });
      }),
      RUNS,
    );
  });

  it("reports an object with several keys as invalid_value, and other JSON types as wrong_type, at the union", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }), { minKeys: 2, maxKeys: 4 }), neitherStringNorObject, (object, other) => {
        expect(verdict(type, object)).toEqual({ code: "invalid_value", path: "" });
        expect(verdict(type, other)).toEqual({ code: "wrong_type", path: "" });
      }),
      RUNS,
    );
  });
});

describe.each(formsOf("untagged").map((form) => [form.name, form] as const))("the untagged union %s", (name) => {
  const type = protocolType(name);
  const samples = validSamples(name);

  it("reports any value that is none of its variants as invalid_value at the union", () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 3 }), mutationOf(samples, ["decision", "request_id", "x"])), (value) => {
        const found = verdict(type, value);
        if (found !== "valid") expect(found).toEqual({ code: "invalid_value", path: "" });
      }),
      RUNS,
    );
  });
});

describe.each(formsOf("internal").map((form) => [form.name, form] as const))("the union %s, tagged inside its variants", (_name, form) => {
  const type = protocolType(form.name);
  const fields = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });

  it("reports a value with a variant's tag as that variant does", () => {
    fc.assert(
      fc.property(fc.constantFrom(...form.variants), fields, (variant, rest) => {
        const value = { ...rest, [form.tag]: variant.value };
        expect(verdict(type, value)).toEqual(verdict(protocolType(variant.ref), value));
      }),
      RUNS,
    );
  });

  const fallback = form.fallback;
  if (fallback === undefined) return;
  it("reports a value with any other tag as its fallback does", () => {
    const constants = form.variants.map((variant) => variant.value);
    fc.assert(
      fc.property(fc.oneof(stringOtherThan(constants), fc.jsonValue({ maxDepth: 1 })), fields, (tag, rest) => {
        fc.pre(typeof tag !== "string" || !constants.includes(tag));
        const value = { ...rest, [form.tag]: tag };
        expect(verdict(type, value)).toEqual(verdict(protocolType(fallback), value));
      }),
      RUNS,
    );
  });
});

describe.each(RECORDS.map((record) => [record.name, record] as const))("the tagged record %s", (name, record) => {
  const type = protocolType(name);
  const samples = validSamples(name);
  const tagPath = `/${pointerToken(record.tag)}`;

  it("checks its tag before its other fields", () => {
    fc.assert(
      fc.property(fc.constantFrom(...samples), fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }), stringOtherThan([record.value]), neitherStringNorObject, (sample, noise, tag, other) => {
        const rest = { ...noise, ...Object(sample) };
        const without = Object.fromEntries(Object.entries(rest).filter(([key]) => key !== record.tag));
        expect(verdict(type, { ...without, [record.tag]: tag })).toEqual({ code: "unknown_tag", path: tagPath });
        expect(verdict(type, { [record.tag]: tag })).toEqual({ code: "unknown_tag", path: tagPath });
        expect(verdict(type, { ...without, [record.tag]: other })).toEqual({ code: "wrong_type", path: tagPath });
        expect(verdict(type, without)).toEqual({ code: "missing_field", path: tagPath });
      }),
      RUNS,
    );
  });
});
