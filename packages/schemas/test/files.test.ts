// The package's json/ is the repository's schemas/, file for file and byte
// for byte, and the helper's names, ids and schemas are those files'.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@app-server-protocol/generator";
import { SCHEMA_ID_BASE, schemaFor, schemaId, schemaNames } from "@app-server-protocol/schemas";
import { JSON_DIR } from "./built.js";

const SCHEMAS = join(REPO_ROOT, "schemas");
const FILES = readdirSync(SCHEMAS).sort();

function parsedFile(file: string): unknown {
  return JSON.parse(readFileSync(join(SCHEMAS, file), "utf8"));
}

describe("json/", () => {
  it("holds every file of schemas/ and nothing else", () => {
    expect(FILES.length).toBeGreaterThan(400);
    expect(readdirSync(JSON_DIR).sort()).toEqual(FILES);
  });

  it("holds each file exactly as schemas/ does", () => {
    const differing = FILES.filter((file) => !readFileSync(join(JSON_DIR, file)).equals(readFileSync(join(SCHEMAS, file))));
    expect(differing).toEqual([]);
  });
});

describe("the helper's view of the files", () => {
  const typeFiles = FILES.filter((file) => file !== "protocol.schema.json" && file !== "methods.json");

  it("schemaNames() lists every per-type file, not the bundle or the registry", () => {
    expect(schemaNames()).toEqual(typeFiles.map((file) => file.slice(0, -".json".length)));
  });

  it("schemaFor(name) is the file's content, and schemaId(name) its $id", () => {
    for (const name of schemaNames()) {
      const file = parsedFile(`${name}.json`);
      expect(schemaFor(name), name).toEqual(file);
      expect(schemaId(name), name).toBe(schemaFor(name)?.$id);
      expect(schemaId(name).startsWith(SCHEMA_ID_BASE), name).toBe(true);
    }
  });

  it("schemaFor is undefined for a name with no per-type file, also one that looks like a path", () => {
    for (const name of ["methods", "protocol.schema", "NoSuchType", "../package", "__proto__", "", "ClientMessage.json"]) expect(schemaFor(name), name).toBeUndefined();
  });
});
