import { Ajv2020 } from "ajv/dist/2020.js";
import { expect } from "vitest";
import type { DiffChange, SchemaSet } from "../../src/index.js";

/** Types by name, as a bundle's `$defs` holds them. */
export type Types = { readonly [name: string]: unknown };

/** A schema set of `types` in memory, with an empty method registry unless told it has none. */
export function setOf(types: Types, registry: "registry" | "no registry" = "registry"): SchemaSet {
  return registry === "registry" ? { types: new Map(Object.entries(types)), methods: new Map() } : { types: new Map(Object.entries(types)) };
}

/** Whether the type `type` of `types` accepts `instance`, by an ajv of its own (draft 2020-12, the diff's options). */
export function acceptsIn(types: Types, type: string, instance: unknown): boolean {
  const ajv = new Ajv2020({ strict: false, discriminator: true, allowUnionTypes: true });
  ajv.addSchema({ $id: "urn:test:types", $defs: types });
  return ajv.compile({ $ref: `urn:test:types#/$defs/${type}` })(instance) === true;
}

/** Checks a major change's witness with `acceptsIn`: the side it names accepts it, the other rejects it. */
export function expectWitnessHolds(change: DiffChange | undefined, oldTypes: Types, newTypes: Types): unknown {
  const witness = change?.witness;
  if (change === undefined || witness === undefined) throw new Error(`no witness: ${JSON.stringify(change)}`);
  const [accepting, rejecting] = witness.accepted_by === "old" ? [oldTypes, newTypes] : [newTypes, oldTypes];
  expect(acceptsIn(accepting, change.type, witness.instance)).toBe(true);
  expect(acceptsIn(rejecting, change.type, witness.instance)).toBe(false);
  return witness.instance;
}
