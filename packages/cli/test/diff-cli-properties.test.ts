import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateDiffReport } from "./support/diff-schema.js";
import { run } from "./support/run.js";

/** A directory holding `bundle` as its protocol.schema.json and `registry`, when given, as its methods.json. */
function setDirectory(bundle: string, registry?: string): string {
  const directory = mkdtempSync(join(tmpdir(), "asp-diff-prop-"));
  writeFileSync(join(directory, "protocol.schema.json"), bundle);
  if (registry !== undefined) writeFileSync(join(directory, "methods.json"), registry);
  return directory;
}

const direction = fc.constantFrom("client_request", "server_notification", "server_request", "sideways");
const registry = fc.array(fc.record({ method: fc.string(), direction, params: fc.option(fc.constantFrom("T", "U", "V")), result: fc.option(fc.constantFrom("T", "U")) }), { maxLength: 4 });

describe("diff on any schema files", () => {
  it("prints a report the shipped schema accepts and exits 0 or 1 for any JSON types and methods", async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom("T", "U", "V"), fc.jsonValue()), fc.dictionary(fc.constantFrom("T", "U", "V"), fc.jsonValue()), registry, registry, async (oldTypes, newTypes, oldMethods, newMethods) => {
        const before = setDirectory(JSON.stringify({ $defs: oldTypes }), JSON.stringify({ methods: oldMethods }));
        const after = setDirectory(JSON.stringify({ $defs: newTypes }), JSON.stringify({ methods: newMethods }));
        const { code, stdout, stderr } = await run(["diff", before, after, "--format", "json"]);
        if (Object.keys(oldTypes).length === 0 || Object.keys(newTypes).length === 0) {
          expect({ code, stdout }).toEqual({ code: 2, stdout: "" });
          expect(stderr).toContain("no schema types found");
          return;
        }
        const report: { bump: string } = JSON.parse(stdout);
        expect(validateDiffReport(report)).toBe(true);
        expect(stderr).toBe("");
        expect(code).toBe(report.bump === "major" ? 1 : 0);
      }),
      { numRuns: 60 },
    );
  });

  it("exits 2 with a reason, never crashing, on a bundle that is any text", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.jsonValue().map((value) => JSON.stringify(value) ?? "")), async (text) => {
        const { code, stderr } = await run(["diff", setDirectory(text), setDirectory('{"$defs":{"T":{}}}')]);
        expect([0, 1, 2]).toContain(code);
        if (code === 2) expect(stderr).toMatch(/^app-server-protocol: .*(protocol\.schema\.json (is not JSON|has no \$defs object|nests deeper)|no schema types found)/);
        // The parser's message may quote the text: no error does.
        if (code === 2 && text.length > 8) expect(stderr).not.toContain(text);
      }),
      { numRuns: 60 },
    );
  });
});
