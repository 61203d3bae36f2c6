import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateType } from "@app-server-protocol/validators/all";
import { compiledBundle, taggedRecords, unionForms, type UnionForm } from "../scripts/union-forms.js";
import { mutationOf } from "./support/mutations.js";
import { DEFINITIONS, protocolType, publishedAccepts, validSamples } from "./support/unions.js";

// The forms the validators compile unions in must accept exactly what the
// published schema accepts.

const FORMS = unionForms(DEFINITIONS);
const RECORDS = taggedRecords(DEFINITIONS);

function namesOf(form: UnionForm): string[] {
  switch (form.form) {
    case "external":
      return [...form.units, ...form.variants.map((variant) => variant.key)];
    case "internal":
      return [form.tag, ...form.variants.map((variant) => variant.value)];
    case "untagged":
      return [];
  }
}

describe("union forms of the protocol", () => {
  it("finds the externally tagged unions with their unit and data variants", () => {
    const external = FORMS.filter((form) => form.form === "external").map(({ name }) => name);
    expect(external).toEqual(expect.arrayContaining(["CompactDecision", "SkillSource", "AgentSource", "HookProvenance", "HookValidationStatus"]));
    expect(FORMS.find((form) => form.name === "CompactDecision")).toEqual({
      form: "external",
      name: "CompactDecision",
      units: ["Proceed"],
      variants: [
        { key: "NeedsConfirmation", ref: "CompactDecisionNeedsConfirmation" },
        { key: "SkippedRecentManual", ref: "CompactDecisionSkippedRecentManual" },
      ],
    });
  });

  it("finds the untagged unions", () => {
    const untagged = FORMS.filter((form) => form.form === "untagged").map(({ name }) => name);
    expect(untagged).toEqual(expect.arrayContaining(["PermissionRequestResult", "McpTrustRequestResult", "StreamJsonResolution"]));
  });

  it("finds a union tagged inside its variants with a fallback for any other tag", () => {
    expect(FORMS.find((form) => form.name === "AgentHookCommand")).toEqual({
      form: "internal",
      name: "AgentHookCommand",
      tag: "type",
      variants: [{ value: "command", ref: "AgentHookCommandCommand" }],
      fallback: "AgentHookCommandUnsupported",
    });
  });

  it("leaves value-or-null choices, choices of strings and unions with a discriminator to ajv", () => {
    const names = FORMS.map(({ name }) => name);
    expect(names).not.toContain("LastProviderRequestResult");
    expect(names).not.toContain("PermissionDecisionWire");
    expect(names).not.toContain("ProviderId");
  });

  it("finds the records tagged by a constant that are no union's variant", () => {
    expect(RECORDS).toContainEqual({ name: "McpServerSourcePlugin", tag: "kind", value: "plugin" });
    expect(RECORDS.map(({ name }) => name)).not.toContain("PermissionDecisionApprove");
  });
});

describe("compiled forms", () => {
  const record = (tag: unknown, extra: object = {}) => ({ type: "object", properties: { type: tag, ...extra }, required: ["type"] });
  const refs = (...names: string[]) => names.map((name) => ({ $ref: `#/$defs/${name}` }));

  it("choose a tagged union's variant by tag, and refuse a fallback that also accepts a constant tag", () => {
    const definitions = { Hook: { anyOf: refs("HookRun", "HookOther") }, HookRun: record({ type: "string", const: "run" }), HookOther: record({ type: "string" }) };
    expect(() => compiledBundle({ $defs: definitions })).toThrow(/HookOther also accepts the tag "run"/);
    const excluding = { ...definitions, HookOther: record({ type: "string", pattern: "^(?!run$)" }) };
    expect(compiledBundle({ $defs: excluding }).$defs).toMatchObject({
      Hook: { type: "object", if: { properties: { type: { const: "run" } }, required: ["type"] }, then: { $ref: "#/$defs/HookRun" }, else: { $ref: "#/$defs/HookOther" } },
    });
  });

  it("give a tagged union without a fallback a discriminator", () => {
    const definitions = { Shape: { anyOf: refs("Circle", "Square") }, Circle: record({ type: "string", const: "circle" }), Square: record({ type: "string", const: "square" }) };
    expect(compiledBundle({ $defs: definitions }).$defs).toMatchObject({ Shape: { type: "object", discriminator: { propertyName: "type" }, oneOf: refs("Circle", "Square") } });
  });

  it("give a lone tagged record a discriminator, and leave the published bundle as it was", () => {
    const bundle = { $defs: { Source: { $ref: "#/$defs/SourcePlugin" }, SourcePlugin: record({ type: "string", const: "plugin" }, { id: { type: "string" } }) } };
    const before = structuredClone(bundle);
    expect(compiledBundle(bundle).$defs).toMatchObject({ SourcePlugin: { type: "object", discriminator: { propertyName: "type" }, oneOf: [bundle.$defs.SourcePlugin] } });
    expect(bundle).toEqual(before);
  });

  const rewritten = [...FORMS.map((form) => ({ name: form.name, names: namesOf(form) })), ...RECORDS.map((entry) => ({ name: entry.name, names: [entry.tag, entry.value] }))];

  it.each(rewritten)("accept what the published schema of $name accepts", ({ name, names }) => {
    const samples = validSamples(name);
    expect(samples.length, `no value in the conformance vectors is a ${name}`).toBeGreaterThan(0);
    const type = protocolType(name);
    for (const sample of samples) expect(validateType(type, sample).ok).toBe(true);
    fc.assert(
      fc.property(fc.oneof(mutationOf(samples, [...names, "x"]), fc.jsonValue({ maxDepth: 3 })), (value) => {
        expect(validateType(type, value).ok).toBe(publishedAccepts(name, value));
      }),
      { numRuns: 400 },
    );
  });
});
