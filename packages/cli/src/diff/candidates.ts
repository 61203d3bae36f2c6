import { isJsonObject, type JsonObject } from "../json-value.js";
import type { RawChange } from "./change.js";
import { EXTRA_KEY } from "./embed.js";
import { listedValues } from "./listed-values.js";
import { minimalInstance, type TypeTable } from "./minimal-instance.js";

/** Values of every JSON type, for changes of type, pattern or anything without a rule of its own. */
const SAMPLES: readonly unknown[] = [null, "", "a", "A", "0", "-", " ", "a b", "/", "a_b", 0, 1, -1, 0.5, 1e9, -1e9, true, false, {}, []];

// Enough listed values to try for any enum of the protocol, few enough to stay fast on a huge one.
const MAX_LISTED = 64;

/** The schemas at a change's place: its node in the old and new type, and the object schema around it. */
export interface ChangeSite {
  readonly node: JsonObject | undefined;
  readonly parent: JsonObject | undefined;
  readonly types: TypeTable;
}

/** A value to try: at the change's node, or (for a field change) as the whole object around it. */
export interface Candidate {
  readonly atParent: boolean;
  readonly value: unknown;
}

function boundNumbers(oldBound: unknown, newBound: unknown): number[] {
  const numbers = [oldBound, newBound].filter((bound): bound is number => typeof bound === "number");
  // Twice the bound: past a bound as large as 2^64, a step of 1 rounds back onto it.
  return [...new Set(numbers.flatMap((bound) => [bound, bound - 1, bound + 1, bound - 0.5, bound + 0.5, bound * 2]))];
}

function boundValues(keyword: string, numbers: readonly number[], site: ChangeSite): unknown[] {
  const lengths = numbers.filter((length) => Number.isSafeInteger(length) && length >= 0 && length <= 10000);
  if (keyword.endsWith("Length")) return lengths.map((length) => "a".repeat(length));
  if (keyword.endsWith("Items")) return lengths.map((length) => Array.from({ length }, () => minimalInstance(site.node?.["items"], site.types)));
  if (keyword.endsWith("Properties")) return lengths.map((length) => Object.fromEntries(Array.from({ length }, (_, index) => [`${EXTRA_KEY}_${index}`, minimalInstance(site.node?.["additionalProperties"], site.types)])));
  return [...numbers];
}

/** A field's name, when the change is about one. */
function fieldName(change: RawChange): string | undefined {
  const match = /\/properties\/([^/]+)$/.exec(change.path);
  return match?.[1]?.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** Objects for the object schema around a field: without the field, with it, with an extra one. */
function* parentValues(change: RawChange, site: ChangeSite): Generator<unknown> {
  const base = minimalInstance(site.parent, site.types);
  if (!isJsonObject(base)) return;
  const name = fieldName(change);
  if (name !== undefined) {
    const { [name]: _dropped, ...without } = base;
    yield without;
    const field = isJsonObject(site.parent?.["properties"]) ? site.parent["properties"][name] : undefined;
    yield { ...base, [name]: minimalInstance(field, site.types) };
  }
  yield { ...base, [EXTRA_KEY]: minimalInstance(site.parent?.["additionalProperties"], site.types) };
}

// Enough of a pattern's words to find the one it is about, few enough for a pattern of any size.
const MAX_PATTERN_WORDS = 16;

function patternWords(pattern: unknown): string[] {
  return typeof pattern === "string" ? (pattern.match(/[A-Za-z0-9_-]+/g) ?? []).slice(0, MAX_PATTERN_WORDS) : [];
}

/**
 * Values to try at a change's place, most telling first, made as they are
 * asked for (a witness is usually the first): the enum value removed, the
 * number or length at the old bound, the object without the field now
 * required; then values the old schema lists, the simplest instance of
 * either schema and samples of every JSON type. Each is only a guess until
 * ajv judges it.
 */
export function* candidateValues(change: RawChange, from: ChangeSite, to: ChangeSite): Generator<Candidate> {
  const keyword = change.path.split("/").at(-1) ?? "";
  const atNode = (value: unknown): Candidate => ({ atParent: false, value });
  if (change.value !== undefined) yield atNode(change.value);
  if (change.kind.startsWith("field_") || change.kind.startsWith("additional_properties_")) for (const value of parentValues(change, from)) yield { atParent: true, value };
  if (change.kind === "bound_tightened" || change.kind === "bound_relaxed") for (const value of boundValues(keyword, boundNumbers(from.node?.[keyword], to.node?.[keyword]), from)) yield atNode(value);
  // Values the old schema lists: a pattern or bound added may reject one of them.
  for (const value of (from.node === undefined ? undefined : listedValues(from.node))?.slice(0, MAX_LISTED) ?? []) yield atNode(value);
  yield atNode(minimalInstance(from.node, from.types));
  yield atNode(minimalInstance(to.node, to.types));
  for (const value of SAMPLES) yield atNode(value);
  // The words a pattern spells out: a pattern that excludes a word (`^(?!command$)`) rejects just that word.
  if (change.kind.startsWith("pattern_")) for (const pattern of [to.node?.["pattern"], from.node?.["pattern"]]) for (const word of patternWords(pattern)) yield atNode(word);
}
