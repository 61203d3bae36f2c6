import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { README, readmeWithTable } from "../scripts/requirements-table.js";
import { findRequirement, listConformance, REQUIREMENTS } from "../src/index.js";

// The sections of the protocol 1.0 specification (its headings, and the
// numbered open questions of section 9), which every requirement cites.
const SECTIONS = new Set([
  ...["1", "2", "3", "4", "5", "6", "7", "8", "9"],
  ...Array.from({ length: 8 }, (_, index) => `1.${index + 1}`),
  ...Array.from({ length: 16 }, (_, index) => `2.${index + 1}`),
  ...Array.from({ length: 4 }, (_, index) => `3.${index + 1}`),
  ...Array.from({ length: 12 }, (_, index) => `4.${index + 1}`),
  ...Array.from({ length: 7 }, (_, index) => `5.${index + 1}`),
  ...Array.from({ length: 4 }, (_, index) => `6.${index + 1}`),
  ...Array.from({ length: 3 }, (_, index) => `7.${index + 1}`),
  ...Array.from({ length: 18 }, (_, index) => `9.${index + 1}`),
]);

describe("the requirement registry", () => {
  it("gives each requirement a stable id of its role, a tier, a rule and spec sections that exist", () => {
    const ids = REQUIREMENTS.map((requirement) => requirement.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const requirement of REQUIREMENTS) {
      expect(requirement.id).toMatch(new RegExp(`^${requirement.role}\\.[a-z0-9-]+\\.[a-z0-9-]+$`));
      expect(["required", "capability", "advisory"]).toContain(requirement.tier);
      expect(requirement.spec.length, requirement.id).toBeGreaterThan(0);
      for (const section of requirement.spec) expect(SECTIONS, `${requirement.id} cites ${section}`).toContain(section);
      expect(requirement.title).toMatch(/^[A-Z`a-z].*\.$/);
    }
  });

  it.each(["server", "client"] as const)("has a requirement for every check of the shipped scenarios of the %s role, of that role", (role) => {
    for (const scenario of listConformance(role).scenarios) for (const id of scenario.checks) expect(findRequirement(id)?.role, `${scenario.id} checks ${id}`).toBe(role);
  });

  it("is the README's table", () => {
    const readme = readFileSync(README, "utf8");
    expect(readme, "the README's requirement table differs from src/requirements.json: run `npm run requirements:update --workspace @app-server-protocol/conform`").toBe(readmeWithTable(readme));
  });
});
