import registry from "./requirements.json" with { type: "json" };
import type { Requirement, RoleName, Tier } from "./model.js";

const TIERS: readonly string[] = ["required", "capability", "advisory"];
const ROLES: readonly string[] = ["server", "client"];

function isTier(value: string): value is Tier {
  return TIERS.includes(value);
}

function isRole(value: string): value is RoleName {
  return ROLES.includes(value);
}

// The JSON is read through this check once, so a typo in the data cannot become a requirement without a tier or a section.
function checked(entry: (typeof registry)[number]): Requirement {
  if (!isTier(entry.tier) || !isRole(entry.role) || entry.spec.length === 0) throw new Error(`requirements.json: ${entry.id} has no valid tier, role or spec section`);
  const base = { id: entry.id, role: entry.role, tier: entry.tier, spec: entry.spec, title: entry.title };
  return "per_frame" in entry && entry.per_frame === true ? { ...base, per_frame: true } : base;
}

/**
 * Every requirement the kit checks, in registry order: each with its stable
 * id, role, tier, spec sections and one-sentence rule. The data is
 * `src/requirements.json`; the README's table is checked against it.
 *
 * @example
 * ```ts
 * import { REQUIREMENTS } from "@app-server-protocol/conform";
 *
 * REQUIREMENTS.find((requirement) => requirement.id === "server.dispatch.before-initialize")?.spec; // => ["1.7", "1.4"]
 * ```
 */
export const REQUIREMENTS: readonly Requirement[] = registry.map(checked);

const BY_ID = new Map(REQUIREMENTS.map((requirement) => [requirement.id, requirement]));

/** The requirement of the registry with this id. */
export function findRequirement(id: string): Requirement | undefined {
  return BY_ID.get(id);
}

/** The requirements judged on every frame of a role's scenarios, in registry order. */
export function perFrameRequirements(role: RoleName): readonly Requirement[] {
  return REQUIREMENTS.filter((requirement) => requirement.role === role && requirement.per_frame === true);
}
