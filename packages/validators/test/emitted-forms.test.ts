import { describe, expect, it } from "vitest";
import { validateClientMessage, validateServerMessage } from "@app-server-protocol/validators";
import { validateType, type ValidationResult } from "@app-server-protocol/validators/all";
import { emittedFormOf, localDefinitionName, visitSchemas } from "@app-server-protocol/generator/schema-tools";
import { isJsonObject } from "@app-server-protocol/generator/json";
import { EMITTED_FORMS } from "../src/generated/emitted-forms.js";
import { BUNDLE, DEFINITIONS, protocolType, validSamples } from "./support/unions.js";

// The types that read more than producers write (`x-emitted` in the
// schemas): the default mode accepts what the reference decodes, and
// producer-strict mode holds each value to its emitted form.

const U32_MAX = 4294967295;

function verdict(result: ValidationResult<unknown>): { ok: true } | { ok: false; code: string; path: string; type: string | undefined } {
  return result.ok ? { ok: true } : { ok: false, code: result.error.code, path: result.error.path, type: result.error.type };
}

/** Both modes' verdicts on `value` as a `name`. */
function bothModes(name: string, value: unknown) {
  const type = protocolType(name);
  return { default: verdict(validateType(type, value)), strict: verdict(validateType(type, value, { strict: true })) };
}

/** Every definition that names an emitted form, to that form's name. */
const READINGS = new Map(Object.entries(DEFINITIONS).flatMap(([name, schema]) => {
  const emitted = emittedFormOf(schema);
  return emitted === undefined ? [] : [[name, emitted] as const];
}));

/** Each property of a definition whose value is read as `reading` (directly or as `reading | null`). */
function propertiesReading(reading: string): { type: string; field: string }[] {
  const found: { type: string; field: string }[] = [];
  for (const [type, schema] of Object.entries(DEFINITIONS)) {
    if (!isJsonObject(schema) || !isJsonObject(schema.properties)) continue;
    for (const [field, property] of Object.entries(schema.properties)) {
      if (!isJsonObject(property)) continue;
      const refs = [property, ...(Array.isArray(property.anyOf) ? property.anyOf : [])].map((node) => (isJsonObject(node) ? localDefinitionName(node.$ref) : undefined));
      if (refs.includes(reading)) found.push({ type, field });
    }
  }
  return found;
}

describe("the types that read more than producers write", () => {
  it("are the aliases, the usage counts and the usage iterations, each with its emitted form", () => {
    expect(Object.fromEntries(READINGS)).toEqual({
      AgentPermissionModeInput: "AgentPermissionMode",
      AuthMethodInput: "AuthMethod",
      BootstrapEditorModeInput: "BootstrapEditorMode",
      BootstrapThemeInput: "BootstrapTheme",
      PermissionModeInput: "PermissionMode",
      ProviderIdInput: "ProviderId",
      UsageCountInput: "Uint32",
      UsageIterationsInput: "UsageIterations",
    });
  });

  it("are the types producer-strict mode compiles the emitted forms of", () => {
    expect(Object.fromEntries(Object.entries(EMITTED_FORMS).map(([reading, form]) => [reading, form.name]))).toEqual(Object.fromEntries(READINGS));
  });

  it("are read wherever the protocol reads such a value: no field refers to an emitted form itself", () => {
    const emittedForms = new Set(READINGS.values());
    const readDirectly: string[] = [];
    for (const [name, schema] of Object.entries(DEFINITIONS)) {
      if (!isJsonObject(schema)) continue;
      visitSchemas(schema, (node) => {
        const target = localDefinitionName(node.$ref);
        if (target !== undefined && emittedForms.has(target)) readDirectly.push(`${name} -> ${target}`);
      });
    }
    expect(readDirectly).toEqual([]);
  });

  it("have emitted forms that read a subset of what the type reads, on every vector value", () => {
    for (const [reading, form] of Object.entries(EMITTED_FORMS)) {
      const emittedValues = validSamples(form.name);
      expect(emittedValues.length, form.name).toBeGreaterThan(0);
      for (const value of emittedValues) expect(form.reads(value), `${reading} reads ${JSON.stringify(value)}`).toBe(true);
    }
  });
});

describe("the provider alias open_ai", () => {
  const fields = propertiesReading("ProviderIdInput");

  it("is read by every provider field of the protocol", () => {
    expect(propertiesReading("ProviderId")).toEqual([]);
    expect(fields.length).toBeGreaterThanOrEqual(20);
  });

  it.each(fields.map(({ type, field }) => [`${type}.${field}`, type, field] as const))("%s accepts it, and producer-strict mode reports it as non-canonical", (_label, type, field) => {
    const samples = validSamples(type).filter((value) => isJsonObject(value) && typeof value[field] === "string" && validateType(protocolType(type), value, { strict: true }).ok);
    expect(samples.length, `a vector value of ${type} in the emitted form, with a provider in ${field}`).toBeGreaterThan(0);
    for (const sample of samples.slice(0, 3)) {
      const aliased = { ...(isJsonObject(sample) ? sample : {}), [field]: "open_ai" };
      expect(bothModes(type, aliased)).toEqual({ default: { ok: true }, strict: { ok: false, code: "invalid_value", path: `/${field}`, type: "ProviderId" } });
    }
  });

  it("is read in both directions: in a client's request and in a server's notification", () => {
    const login = { type: "request", id: "req-1", method: "auth/login", params: { provider: "open_ai", method: "api_key", token: null, env_var: "OPENAI_API_KEY" } };
    const finished = { type: "notification", method: "stream/event", params: { subscription_id: "sub-1", event: { event: "turn_finished", session_id: "s1", provider: "anthropic", fallback_from: "open_ai", usage: {} } } };
    expect(validateClientMessage(login).ok).toBe(true);
    expect(validateServerMessage(finished).ok).toBe(true);
    const strictLogin = validateClientMessage(login, { strict: true });
    expect(strictLogin.ok ? undefined : strictLogin.error).toEqual({
      code: "invalid_value",
      path: "/params/provider",
      message: '/params/provider: non-canonical spelling "open_ai", accepted on input only: producers write one of "anthropic", "openai", "gemini", "grok" (producer-strict mode)',
      type: "ProviderId",
    });
    expect(verdict(validateServerMessage(finished, { strict: true }))).toEqual({ ok: false, code: "invalid_value", path: "/params/event/fallback_from", type: "ProviderId" });
  });
});

describe("every input alias", () => {
  it.each([
    ["PermissionModeInput", "bypass-permissions", "PermissionMode"],
    ["AgentPermissionModeInput", "bypass-permissions", "AgentPermissionMode"],
    ["AuthMethodInput", "oauth_device", "AuthMethod"],
    ["ProviderIdInput", "open_ai", "ProviderId"],
    ["BootstrapThemeInput", " dark ", "BootstrapTheme"],
    ["BootstrapEditorModeInput", "emacs", "BootstrapEditorMode"],
  ])("%s %j is read, and reported the same way in producer-strict mode", (reading, alias, emitted) => {
    const strict = validateType(protocolType(reading), alias, { strict: true });
    expect(validateType(protocolType(reading), alias).ok).toBe(true);
    expect(strict.ok ? undefined : { code: strict.error.code, type: strict.error.type, message: strict.error.message }).toEqual({
      code: "invalid_value",
      type: emitted,
      message: expect.stringMatching(new RegExp(`^non-canonical spelling ${JSON.stringify(alias)}, accepted on input only: producers write one of "`)),
    });
  });

  it("is reported in a message as in the type: the first field in document order wins", () => {
    const params = { session_id: "s1", mode: "bypass-permissions" };
    const request = { type: "request", id: "req-2", method: "session/set_permission_mode", params };
    expect(validateClientMessage(request).ok).toBe(true);
    expect(verdict(validateClientMessage(request, { strict: true }))).toEqual({ ok: false, code: "invalid_value", path: "/params/mode", type: "PermissionMode" });
    const unknownFirst = { type: "request", id: "req-2", method: "session/set_permission_mode", params: { extra: 1, ...params } };
    expect(verdict(validateClientMessage(unknownFirst, { strict: true }))).toMatchObject({ code: "unknown_field", path: "/params/extra" });
  });
});

describe("the usage counts and iterations", () => {
  const emitted = { input_tokens: 1840, output_tokens: 412, server_tool_use: { web_search_requests: 1, web_fetch_requests: 0 }, iterations: [{ input_tokens: 1840, output_tokens: 412 }], total_tokens: 2252 };

  it("pass both modes in the emitted form, null counts and a null list included", () => {
    expect(bothModes("TokenUsage", emitted)).toEqual({ default: { ok: true }, strict: { ok: true } });
    expect(bothModes("TokenUsage", { input_tokens: null, server_tool_use: { web_fetch_requests: null }, iterations: null })).toEqual({ default: { ok: true }, strict: { ok: true } });
  });

  it.each([
    ["a count above 2^32 - 1", { ...emitted, total_tokens: U32_MAX + 1 }, "invalid_value", "/total_tokens", "Uint32"],
    ["a server tool count above 2^32 - 1", { ...emitted, server_tool_use: { web_search_requests: 2 ** 40 } }, "invalid_value", "/server_tool_use/web_search_requests", "Uint32"],
    ["the largest count the reference reads", { input_tokens: 18446744073709551615 }, "invalid_value", "/input_tokens", "Uint32"],
    ["iterations that are not a list", { ...emitted, iterations: { input_tokens: 1 } }, "wrong_type", "/iterations", "UsageIterations"],
    ["an iteration that is not a record", { ...emitted, iterations: [{ input_tokens: 1 }, 7] }, "wrong_type", "/iterations/1", "UsageIterations"],
    ["an iteration with a negative count", { ...emitted, iterations: [{ input_tokens: -1 }] }, "invalid_value", "/iterations/0/input_tokens", "UsageIterations"],
    ["an iteration with a count above 2^32 - 1", { ...emitted, iterations: [{ output_tokens: U32_MAX + 1 }] }, "invalid_value", "/iterations/0/output_tokens", "UsageIterations"],
  ])("read %s, which producer-strict mode rejects", (_label, value, code, path, type) => {
    expect(bothModes("TokenUsage", value)).toEqual({ default: { ok: true }, strict: { ok: false, code, path, type } });
  });

  it("say in the strict failure's message what the emitted form wants", () => {
    const strict = validateType("TokenUsage", { total_tokens: U32_MAX + 1 }, { strict: true });
    expect(strict.ok ? "" : strict.error.message).toBe("/total_tokens: must be <= 4294967295 (producer-strict mode)");
  });

  it("keep rejecting what the reference cannot read, in both modes, as before", () => {
    for (const value of [{ input_tokens: -1 }, { output_tokens: 1.5 }, { total_tokens: "12" }, { input_tokens: 1e20 }, { server_tool_use: [1] }, { cache_creation: { ephemeral_1h_input_tokens: U32_MAX + 1 } }]) {
      const { default: tolerant, strict } = bothModes("TokenUsage", value);
      expect(tolerant.ok, JSON.stringify(value)).toBe(false);
      expect(strict, JSON.stringify(value)).toEqual(tolerant);
    }
  });

  it("still report an unknown field inside an iteration in producer-strict mode", () => {
    expect(bothModes("TokenUsage", { iterations: [{ input_tokens: 1, cached: 0 }] })).toEqual({ default: { ok: true }, strict: { ok: false, code: "unknown_field", path: "/iterations/0/cached", type: "TokenUsage" } });
  });

  it("are read so in a whole server message", () => {
    const message = { type: "notification", method: "stream/event", params: { subscription_id: "sub-1", event: { event: "turn_finished", session_id: "s1", provider: "anthropic", usage: { output_tokens: 2 ** 33, iterations: "none" } } } };
    expect(validateServerMessage(message).ok).toBe(true);
    expect(verdict(validateServerMessage(message, { strict: true }))).toEqual({ ok: false, code: "invalid_value", path: "/params/event/usage/output_tokens", type: "Uint32" });
  });

  it("are described in the published schema as they are read, with the emitted form beside", () => {
    const usage = DEFINITIONS.TokenUsage;
    const properties = isJsonObject(usage) && isJsonObject(usage.properties) ? usage.properties : {};
    expect(properties.iterations).toMatchObject({ $ref: "#/$defs/UsageIterationsInput" });
    expect(DEFINITIONS.UsageCountInput).toMatchObject({ type: "integer", minimum: 0, "x-emitted": { $ref: "#/$defs/Uint32" } });
    expect(String(BUNDLE.$id)).toMatch(/protocol\.schema\.json$/);
  });
});
