import { existsSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { FORMAT_DIR, casesOf, objectOf, readJson, suiteFiles, suiteNames } from "./vectors.js";

// Every vector file follows the documented format of its suite, and names
// that format in its `$schema`, so other implementations can check it too.

// The formats say "present only when" with if/then + required, which is
// what strictRequired warns about.
const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });

describe.each(suiteNames())("vectors/%s", (suite) => {
  const formatPath = join(FORMAT_DIR, `${suite}.schema.json`);

  it("has a format schema", () => {
    expect(existsSync(formatPath)).toBe(true);
  });

  const validate = ajv.compile(existsSync(formatPath) ? objectOf(readJson(formatPath)) : {});

  it.each(suiteFiles(suite).map(({ path, document }) => [path, document] as const))("%s follows the format", (_path, document) => {
    validate(document);
    expect(validate.errors ?? []).toEqual([]);
    expect(document).toMatchObject({ $schema: `../../format/${suite}.schema.json`, suite });
  });

  it("names each case once per file", () => {
    for (const { path, document } of suiteFiles(suite)) {
      const names = casesOf(document).map((entry) => entry.name);
      expect(names.length, path).toBe(new Set(names).size);
    }
  });
});
