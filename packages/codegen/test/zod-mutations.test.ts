// Single mutations of the valid type vectors (a field dropped, a value
// replaced by an unknown tag or by a value of another JSON type) get the same
// verdict from the typescript-zod schemas as from the validators: the same
// acceptance and, for a rejection, the same code at the same path.
import { PROTOCOL_TYPE_NAMES, validateType, type ProtocolTypeName } from "@app-server-protocol/validators/all";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { check } from "@app-server-protocol/zod";
import { casesOf, objectOf, suiteFiles } from "../../conformance/test/vectors.js";
import { schemaOf } from "./support/zod-schemas.js";

type Key = string | number;

interface Sample {
  type: ProtocolTypeName;
  value: unknown;
}

const TYPE_NAMES: readonly string[] = PROTOCOL_TYPE_NAMES;

function isTypeName(name: unknown): name is ProtocolTypeName {
  return typeof name === "string" && TYPE_NAMES.includes(name);
}

/** Every valid value of the type vectors, with its type. */
const SAMPLES: Sample[] = suiteFiles("types").flatMap(({ document }) => {
  const type = objectOf(document).type;
  if (!isTypeName(type)) throw new Error(`unknown type ${String(type)}`);
  return casesOf(document)
    .filter((entry) => entry.valid === true)
    .map((entry) => ({ type, value: entry.value }));
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The path of every value inside `value` (not the whole value). */
function innerPaths(value: unknown, prefix: Key[] = []): Key[][] {
  const children: [Key, unknown][] = Array.isArray(value) ? value.map((item, index): [Key, unknown] => [index, item]) : isRecord(value) ? Object.entries(value) : [];
  return children.flatMap(([key, child]) => [[...prefix, key], ...innerPaths(child, [...prefix, key])]);
}

/** A copy of `value` with the value at `path` replaced (or, for `undefined` in an object, removed). */
function replaced(value: unknown, path: readonly Key[], replacement: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return replacement;
  if (Array.isArray(value)) {
    if (rest.length === 0 && replacement === undefined) return value.filter((_item, index) => index !== key);
    return value.map((item, index) => (index === key ? replaced(item, rest, replacement) : item));
  }
  if (!isRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(value)) {
    if (name !== key) copy[name] = child;
    else if (rest.length > 0 || replacement !== undefined) copy[name] = replaced(child, rest, replacement);
  }
  return copy;
}

function valueAt(value: unknown, path: readonly Key[]): unknown {
  return path.reduce<unknown>((current, key) => (Array.isArray(current) ? current[Number(key)] : isRecord(current) ? current[String(key)] : undefined), value);
}

function jsonType(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}

const OTHER_VALUES: unknown[] = [null, true, 0, 1.5, -1, "x", [], {}];

/** What both sides say about a value: accepted, or the code and path of the rejection. */
function verdicts(sample: Sample, value: unknown): { zod: unknown; validators: unknown } {
  const zod = check(schemaOf(sample.type), value);
  const validators = validateType(sample.type, value);
  return {
    zod: zod.ok ? "accepted" : { code: zod.error.code, path: zod.error.path },
    validators: validators.ok ? "accepted" : { code: validators.error.code, path: validators.error.path },
  };
}

const mutation = fc
  .constantFrom(...SAMPLES.filter((sample) => innerPaths(sample.value).length > 0))
  .chain((sample) => fc.record({ sample: fc.constant(sample), path: fc.constantFrom(...innerPaths(sample.value)), kind: fc.constantFrom("drop", "unknown_tag", "other_type") }))
  .chain(({ sample, path, kind }) => {
    const original = valueAt(sample.value, path);
    const replacements = kind === "drop" ? [undefined] : kind === "unknown_tag" ? ["no_such_tag"] : OTHER_VALUES.filter((other) => jsonType(other) !== jsonType(original));
    return fc.record({ sample: fc.constant(sample), path: fc.constant(path), replacement: fc.constantFrom(...replacements) });
  });

describe("single mutations of valid vectors", () => {
  it("get the validators' verdict, code and path", () => {
    fc.assert(
      fc.property(mutation, ({ sample, path, replacement }) => {
        const { zod, validators } = verdicts(sample, replaced(sample.value, path, replacement));
        expect(zod).toEqual(validators);
      }),
      { numRuns: 3000 },
    );
  });

  // Both sweeps also count the rejections, so that they cannot pass by comparing acceptances only.
  it("dropping any top-level field of any valid value gets the validators' verdict", () => {
    let rejected = 0;
    for (const sample of SAMPLES.filter((entry) => isRecord(entry.value))) {
      for (const field of Object.keys(isRecord(sample.value) ? sample.value : {})) {
        const { zod, validators } = verdicts(sample, replaced(sample.value, [field], undefined));
        expect({ type: sample.type, field, verdict: zod }).toEqual({ type: sample.type, field, verdict: validators });
        if (validators !== "accepted") rejected += 1;
      }
    }
    expect(rejected).toBeGreaterThan(1000);
  });

  it("a top-level field of another JSON type gets the validators' verdict", () => {
    let rejected = 0;
    for (const sample of SAMPLES.filter((entry) => isRecord(entry.value))) {
      for (const [field, original] of Object.entries(isRecord(sample.value) ? sample.value : {})) {
        for (const other of OTHER_VALUES.filter((candidate) => jsonType(candidate) !== jsonType(original))) {
          const { zod, validators } = verdicts(sample, replaced(sample.value, [field], other));
          expect({ type: sample.type, field, other, verdict: zod }).toEqual({ type: sample.type, field, other, verdict: validators });
          if (validators !== "accepted") rejected += 1;
        }
      }
    }
    expect(rejected).toBeGreaterThan(10000);
  });
});
