import fc from "fast-check";
import { hostileFrom, type Hostility } from "./hostile.js";
import { mutated, pathsOf } from "./mutations.js";

type Step = string | number;

function nodeAt(value: unknown, path: readonly Step[]): unknown {
  let node = value;
  for (const step of path) node = typeof node === "object" && node !== null ? Reflect.get(node, step) : undefined;
  return node;
}

/** A sample with the node at one of its paths made hostile, as a recipe: fast-check looks into what it generates, and a trap would stop it. */
export interface Recipe {
  readonly sample: unknown;
  readonly path: readonly Step[];
  readonly how: Hostility;
}

/** The value a recipe makes, afresh on each call: a hostile value may keep state between reads. */
export function made({ sample, path, how }: Recipe): unknown {
  return mutated(sample, path, hostileFrom(nodeAt(sample, path), how));
}

/** Recipes of one of `samples` with one of its nodes made hostile in one of `ways`. */
export function recipes(samples: readonly unknown[], ways: readonly Hostility[]): fc.Arbitrary<Recipe> {
  return fc
    .constantFrom(...samples)
    .chain((sample) => fc.record({ sample: fc.constant(sample), path: fc.constantFrom(...pathsOf(sample)), how: fc.constantFrom(...ways) }));
}
