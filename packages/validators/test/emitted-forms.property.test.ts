import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateServerMessage } from "@app-server-protocol/validators";
import { validateType, type ValidationResult } from "@app-server-protocol/validators/all";
import { cloneJson, isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { definitionRef, localDefinitionName, visitSchemas } from "@app-server-protocol/generator/schema-tools";
import { referenceAjv } from "../scripts/ajv-reference.js";
import { EMITTED_FORMS } from "../src/generated/emitted-forms.js";
import { mutationOf } from "./support/mutations.js";
import { COMPILED } from "./support/reference.js";
import { protocolType, validSamples } from "./support/unions.js";

// Producer-strict mode against the emitted forms: values in the emitted form
// pass both modes; values only the tolerant reading allows pass the default
// mode and fail producer-strict mode with the code and path of the emitted
// form's failure; and, on any value, producer-strict mode (unknown fields
// aside) gives the verdict of ajv compiled from the schemas with every
// tolerant type replaced by its emitted form.

const RUNS = { numRuns: 200 };
const U32_MAX = 4294967295;

type Verdict = { ok: true } | { ok: false; code: string; path: string; type: string | undefined };

function verdict(result: ValidationResult<unknown>): Verdict {
  return result.ok ? { ok: true } : { ok: false, code: result.error.code, path: result.error.path, type: result.error.type };
}

function strictly(name: string, value: unknown): Verdict {
  return verdict(validateType(protocolType(name), value, { strict: true }));
}

function tolerantly(name: string, value: unknown): Verdict {
  return verdict(validateType(protocolType(name), value));
}

const count = fc.integer({ min: 0, max: U32_MAX });
const nullableCount = fc.option(count, { nil: null });
const iteration = fc.record({ input_tokens: nullableCount, output_tokens: nullableCount }, { requiredKeys: [] });
const serverToolUse = fc.record({ web_search_requests: nullableCount, web_fetch_requests: nullableCount }, { requiredKeys: [] });

/** A `TokenUsage` in its emitted form (every field optional, counts null or within u32). */
const emittedUsage = fc.record(
  {
    input_tokens: nullableCount,
    cache_creation_input_tokens: nullableCount,
    cache_read_input_tokens: nullableCount,
    output_tokens: nullableCount,
    server_tool_use: fc.option(serverToolUse, { nil: null }),
    service_tier: fc.option(fc.string({ maxLength: 12 }), { nil: null }),
    cache_creation: fc.option(fc.record({ ephemeral_1h_input_tokens: nullableCount, ephemeral_5m_input_tokens: nullableCount }, { requiredKeys: [] }), { nil: null }),
    iterations: fc.option(fc.array(iteration, { maxLength: 4 }), { nil: null }),
    speed: fc.option(fc.string({ maxLength: 12 }), { nil: null }),
    total_tokens: nullableCount,
  },
  { requiredKeys: [] },
);

const PROVIDERS = ["anthropic", "openai", "gemini", "grok"] as const;

/** Counts the reference reads (and truncates) but producers never write: above u32, up to the u64 bound. */
const aboveU32 = fc.oneof(fc.integer({ min: U32_MAX + 1, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom(2 ** 53, 2 ** 60, 18446744073709551615));

/** A JSON value that is not a list and not null: what the reference reads as no iterations. */
const notAList = fc.jsonValue({ maxDepth: 2 }).filter((value) => value !== null && !Array.isArray(value));

interface Expected {
  readonly code: string;
  /** Below the iteration, for a bad item. */
  readonly path: string;
}

/** An iteration the reference drops, with the failure producer-strict mode reports for it (path below the item). */
const badItem: fc.Arbitrary<[unknown, Expected]> = fc.oneof(
  fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 })).map((item): [unknown, Expected] => [item, { code: "wrong_type", path: "" }]),
  fc.tuple(fc.constantFrom("input_tokens", "output_tokens"), fc.integer({ min: -1e9, max: -1 })).map(([field, n]): [unknown, Expected] => [{ [field]: n }, { code: "invalid_value", path: `/${field}` }]),
  fc.tuple(fc.constantFrom("input_tokens", "output_tokens"), aboveU32).map(([field, n]): [unknown, Expected] => [{ [field]: n }, { code: "invalid_value", path: `/${field}` }]),
  fc.tuple(fc.constantFrom("input_tokens", "output_tokens"), fc.oneof(fc.string(), fc.boolean(), fc.constant(0.5))).map(([field, n]): [unknown, Expected] => [{ [field]: n }, { code: "wrong_type", path: `/${field}` }]),
);

type Usage = { [field: string]: unknown };
/** One change that only the tolerant reading allows, and the failure producer-strict mode reports for it. */
type TolerantOnly = (usage: Usage) => Verdict;

const COUNT_FIELDS = ["input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens", "output_tokens", "total_tokens"] as const;

const tolerantOnly: fc.Arbitrary<TolerantOnly> = fc.oneof(
  fc.tuple(fc.constantFrom(...COUNT_FIELDS), aboveU32).map(([field, n]): TolerantOnly => (usage) => {
    usage[field] = n;
    return { ok: false, code: "invalid_value", path: `/${field}`, type: "Uint32" };
  }),
  fc.tuple(fc.constantFrom("web_search_requests", "web_fetch_requests"), aboveU32).map(([field, n]): TolerantOnly => (usage) => {
    usage.server_tool_use = { ...(isJsonObject(usage.server_tool_use) ? usage.server_tool_use : {}), [field]: n };
    return { ok: false, code: "invalid_value", path: `/server_tool_use/${field}`, type: "Uint32" };
  }),
  notAList.map((value): TolerantOnly => (usage) => {
    usage.iterations = value;
    return { ok: false, code: "wrong_type", path: "/iterations", type: "UsageIterations" };
  }),
  fc.tuple(fc.array(iteration, { maxLength: 3 }), badItem, fc.nat()).map(([items, [item, expected], at]): TolerantOnly => (usage) => {
    const index = at % (items.length + 1);
    usage.iterations = [...items.slice(0, index), item, ...items.slice(index)];
    return { ok: false, code: expected.code, path: `/iterations/${index}${expected.path}`, type: "UsageIterations" };
  }),
);

/** Each spelling in any ASCII case, with whitespace Rust's `trim()` removes around it. */
function anyCaseSpelling(spellings: readonly string[]): fc.Arbitrary<string> {
  const space = fc.constantFrom(" ", "\t", "\n", "\u00a0", "\u2003", "\u3000");
  const padding = fc.array(space, { maxLength: 2 }).map((units) => units.join(""));
  const cased = fc.constantFrom(...spellings).chain((spelling) => fc.array(fc.boolean(), { minLength: spelling.length, maxLength: spelling.length }).map((upper) => [...spelling].map((unit, index) => (upper[index] ? unit.toUpperCase() : unit)).join("")));
  return fc.tuple(padding, cased, padding).map(([before, word, after]) => before + word + after);
}

/** For each type that reads input spellings, values its reading accepts: its emitted spellings, and the others it reads. */
const SPELLINGS: { [reading: string]: fc.Arbitrary<string> } = {
  ProviderIdInput: fc.constantFrom(...PROVIDERS, "open_ai"),
  PermissionModeInput: fc.constantFrom("default", "bypassPermissions", "plan", "auto", "bypass-permissions"),
  AgentPermissionModeInput: fc.constantFrom("default", "bypassPermissions", "plan", "auto", "bypass-permissions"),
  AuthMethodInput: fc.constantFrom("api_key", "o_auth_device", "chatgpt", "oauth_device"),
  BootstrapThemeInput: fc.oneof(fc.constantFrom("Auto", "Dark", "Light", "DarkDaltonized", "LightDaltonized", "DarkAnsi", "LightAnsi"), anyCaseSpelling(["auto", "dark", "light", "dark-daltonized", "light-daltonized", "dark-ansi", "light-ansi"])),
  BootstrapEditorModeInput: anyCaseSpelling(["normal", "vim", "emacs"]),
};

describe("values in the emitted form", () => {
  it("pass both modes: TokenUsage and ServerToolUseUsage", () => {
    fc.assert(
      fc.property(emittedUsage, serverToolUse, (usage, tools) => {
        expect([tolerantly("TokenUsage", usage), strictly("TokenUsage", usage)]).toEqual([{ ok: true }, { ok: true }]);
        expect([tolerantly("ServerToolUseUsage", tools), strictly("ServerToolUseUsage", tools)]).toEqual([{ ok: true }, { ok: true }]);
      }),
      RUNS,
    );
  });

  it("pass both modes inside a server's stream event", () => {
    fc.assert(
      fc.property(emittedUsage, fc.constantFrom(...PROVIDERS), fc.option(fc.constantFrom(...PROVIDERS), { nil: null }), (usage, provider, fallback) => {
        const message = { type: "notification", method: "stream/event", params: { subscription_id: "sub-1", event: { event: "turn_finished", session_id: "s1", provider, fallback_from: fallback, usage } } };
        expect([validateServerMessage(message).ok, validateServerMessage(message, { strict: true }).ok]).toEqual([true, true]);
      }),
      RUNS,
    );
  });
});

describe("values only the tolerant reading allows", () => {
  it("pass the default mode and fail producer-strict mode with the emitted form's code, at the changed value", () => {
    fc.assert(
      fc.property(emittedUsage, tolerantOnly, (emitted, change) => {
        const usage: Usage = cloneJson(emitted);
        const expected = change(usage);
        expect(tolerantly("TokenUsage", usage)).toEqual({ ok: true });
        expect(strictly("TokenUsage", usage)).toEqual(expected);
      }),
      RUNS,
    );
  });

  it.each(Object.keys(SPELLINGS))("%s: every spelling it reads passes the default mode; producer-strict mode passes exactly the emitted ones", (reading) => {
    const form = EMITTED_FORMS[reading];
    const spellings = new Set(form?.spellings ?? []);
    const arbitrary = SPELLINGS[reading] ?? fc.constant("");
    fc.assert(
      fc.property(arbitrary, (spelling) => {
        expect(tolerantly(reading, spelling)).toEqual({ ok: true });
        expect(strictly(reading, spelling)).toEqual(spellings.has(spelling) ? { ok: true } : { ok: false, code: "invalid_value", path: "", type: form?.name });
      }),
      RUNS,
    );
  });
});

/** The compiled schemas with each tolerant type replaced by its emitted form: what producer-strict mode checks, unknown fields aside. */
function emittedSchemas(): JsonObject {
  const copy = cloneJson(COMPILED);
  const definitions = isJsonObject(copy.$defs) ? copy.$defs : {};
  for (const [reading, form] of Object.entries(EMITTED_FORMS)) definitions[reading] = { $ref: definitionRef(form.name) };
  copy.$id = `${String(copy.$id)}#emitted`.replace("#emitted", "-emitted");
  return copy;
}

const EMITTED = referenceAjv(emittedSchemas());

/** The definitions that reach a tolerant type: where producer-strict mode checks an emitted form. */
function typesReachingReadings(): string[] {
  const definitions = isJsonObject(COMPILED.$defs) ? COMPILED.$defs : {};
  const refs = new Map(Object.entries(definitions).map(([name, schema]) => {
    const found = new Set<string>();
    if (isJsonObject(schema)) visitSchemas(schema, (node) => {
      const target = localDefinitionName(node.$ref);
      if (target !== undefined) found.add(target);
    });
    return [name, found] as const;
  }));
  const reaching = new Set(Object.keys(EMITTED_FORMS));
  for (let grown = true; grown; ) {
    grown = false;
    for (const [name, targets] of refs) {
      if (!reaching.has(name) && [...targets].some((target) => reaching.has(target))) {
        reaching.add(name);
        grown = true;
      }
    }
  }
  return [...reaching].sort();
}

/** Replacements that try the tolerant reading's edges. */
const EDGE_VALUES: readonly unknown[] = ["open_ai", "bypass-permissions", "oauth_device", " Dark ", "emacs", "VIM", U32_MAX, U32_MAX + 1, 2 ** 53, 18446744073709551615, -1, 0.5, "none", {}, [7], [{ input_tokens: -1 }], [{ output_tokens: U32_MAX + 1 }], null];

describe("producer-strict mode on any value of a type that reads a tolerant type", () => {
  const names = typesReachingReadings();

  it("covers the usage records, the provider fields and the aliases' params", () => {
    expect(names).toEqual(expect.arrayContaining(["TokenUsage", "ServerToolUseUsage", "AuthLoginParams", "StreamEventNotification", "BootstrapState", "PermissionSetModeParams"]));
  });

  it.each(names)("%s: gives the emitted schemas' verdict (unknown fields aside), and the default mode's failure where that fails", (name) => {
    const samples = validSamples(name);
    const edges = samples.length === 0 ? fc.constantFrom(...EDGE_VALUES) : fc.oneof(mutationOf(samples, EDGE_VALUES.filter((value) => typeof value === "string").map(String)), fc.constantFrom(...samples).chain((sample) => edgeReplacement(sample)));
    fc.assert(
      fc.property(fc.oneof(edges, fc.jsonValue({ maxDepth: 3 })), (value) => {
        const tolerant = tolerantly(name, value);
        const strict = strictly(name, value);
        const emittedOk = EMITTED.errors(name, value).length === 0;
        if (emittedOk) expect(tolerant).toEqual({ ok: true });
        if (!tolerant.ok) expect(strict).toEqual(tolerant);
        else if (emittedOk) expect(strict.ok || strict.code === "unknown_field").toBe(true);
        else expect(strict.ok).toBe(false);
      }),
      { numRuns: 40 },
    );
  });
});

/** `sample` with one node replaced by an edge value. */
function edgeReplacement(sample: unknown): fc.Arbitrary<unknown> {
  const paths: (string | number)[][] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    paths.push(path);
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]));
    else if (isJsonObject(value)) for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
  };
  walk(sample, []);
  return fc.tuple(fc.constantFrom(...paths), fc.constantFrom(...EDGE_VALUES)).map(([path, replacement]) => replaced(sample, path, replacement));
}

function replaced(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return replacement;
  if (Array.isArray(value) && typeof step === "number") return value.map((item, index) => (index === step ? replaced(item, rest, replacement) : item));
  if (isJsonObject(value) && typeof step === "string") return { ...value, [step]: replaced(value[step], rest, replacement) };
  return value;
}

describe("producer-strict mode never throws", () => {
  it("on any value of a tolerant type or of the usage records", () => {
    const names = [...Object.keys(EMITTED_FORMS), "TokenUsage", "ServerToolUseUsage"];
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.anything(), (name, value) => {
        expect(typeof validateType(protocolType(name), value, { strict: true }).ok).toBe("boolean");
      }),
      RUNS,
    );
  });
});
