import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, normalize, posix } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { PUBLISHED } from "./support/consumers.js";
import { startRegistry, type LocalRegistry } from "./support/local-registry.js";
import { npmEnvironment, run, succeed } from "./support/npm.js";
import { copyRepository } from "./support/repository-copy.js";
import { CJS_CONSUMER, ESM_JSON_CONSUMER, REGISTRY_CONSUMERS } from "./support/registry-consumers.js";

// The release as it would happen, end to end, from an unbuilt copy of the
// repository: `npm pack --workspaces` builds and packs every package, a
// changeset versions them, `npm run release` builds and publishes them with
// changesets to a Verdaccio registry on loopback, and fresh projects install
// them from that registry and run: TypeScript with `module: node16`,
// TypeScript with `moduleResolution: bundler`, CommonJS with `require`, and
// the command through `npx`.

const TSC = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const work = mkdtempSync(join(tmpdir(), "asp-release-"));
const repository = join(work, "repository");
const tarballs = join(work, "tarballs");
let registry: LocalRegistry | undefined;
let environment: NodeJS.ProcessEnv = {};

interface PublicPackage {
  readonly dir: string;
  readonly name: string;
  readonly manifest: JsonObject;
}

function publicPackages(): PublicPackage[] {
  return readdirSync(join(repository, "packages")).flatMap((dir) => {
    const file = join(repository, "packages", dir, "package.json");
    if (!existsSync(file)) return [];
    const manifest: unknown = JSON.parse(readFileSync(file, "utf8"));
    return isJsonObject(manifest) && manifest.private !== true && typeof manifest.name === "string" ? [{ dir, name: manifest.name, manifest }] : [];
  });
}

/** The files of a packed tarball, as paths inside the package. */
function tarballFiles(tarball: string): string[] {
  return succeed("tar", ["-tzf", tarball], work)
    .split("\n")
    .filter((line) => line.startsWith("package/") && !line.endsWith("/"))
    .map((line) => line.slice("package/".length));
}

/** Every relative file path an `exports`, `main`, `types` or `bin` field names. */
function namedFiles(value: unknown): string[] {
  if (typeof value === "string") return value.startsWith("./") && !value.includes("*") ? [posix.normalize(value)] : [];
  if (Array.isArray(value)) return value.flatMap(namedFiles);
  return isJsonObject(value) ? Object.values(value).flatMap(namedFiles) : [];
}

beforeAll(async () => {
  copyRepository(repository);
  mkdirSync(join(work, "registry"));
  registry = await startRegistry(join(work, "registry"));
  environment = npmEnvironment(registry.npmrc);
  mkdirSync(tarballs);
  succeed("npm", ["pack", "--workspaces", "--pack-destination", tarballs], repository, environment);
  const bump = publicPackages().map(({ name }) => `"${name}": patch`);
  writeFileSync(join(repository, ".changeset", "release-test.md"), `---\n${bump.join("\n")}\n---\n\nThe release test's own changeset.\n`);
  succeed(join(repository, "node_modules", ".bin", "changeset"), ["version"], repository, environment);
  succeed("npm", ["run", "release"], repository, environment);
});

afterAll(async () => {
  await registry?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("npm pack --workspaces from an unbuilt copy", () => {
  // The tarballs were packed before `changeset version`, at the version the repository holds.
  const tarballOf = (name: string) => `${name.slice(1).replace("/", "-")}-0.0.0.tgz`;
  const files = (name: string) => tarballFiles(join(tarballs, tarballOf(name)));

  it("packs every public package and no private one", () => {
    expect(readdirSync(tarballs).sort()).toEqual(publicPackages().map(({ name }) => tarballOf(name)).sort());
  });

  it("ships a README, the LICENSE, a CHANGELOG and every file the manifest names", () => {
    for (const { name, manifest } of publicPackages()) {
      const list = files(name);
      expect(list, name).toEqual(expect.arrayContaining(["package.json", "README.md", "LICENSE", "CHANGELOG.md"]));
      const named = namedFiles([manifest.exports, manifest.main, manifest.types, manifest.bin]);
      expect(named.filter((file) => !list.includes(file)), `${name}: files its manifest names but its tarball lacks`).toEqual([]);
    }
  });

  it("ships no tests, benchmarks, build scripts or reports", () => {
    for (const { name } of publicPackages()) {
      const stray = files(name).filter((file) => /^(test|bench|scripts|browser)\/|\.tsbuildinfo$|(^|\/)\.reports\/|(^|\/)vitest\.config\./.test(file));
      expect(stray, name).toEqual([]);
    }
  });

  it("ships a source map with every built file, pointing at sources that are installed with it", () => {
    const installed = new Set(publicPackages().flatMap(({ name }) => files(name).map((file) => posix.join("node_modules", name, file))));
    for (const { dir, name } of publicPackages()) {
      const code = files(name).filter((file) => file.startsWith("dist/") && file.endsWith(".js"));
      const sources = code.flatMap((file) => {
        expect(files(name), `${name}: ${file} has no map`).toContain(`${file}.map`);
        const map: unknown = JSON.parse(readFileSync(join(repository, "packages", dir, `${file}.map`), "utf8"));
        const listed = isJsonObject(map) && Array.isArray(map.sources) ? map.sources.filter((source): source is string => typeof source === "string") : [];
        return listed.map((source) => posix.join("node_modules", name, posix.dirname(file), source));
      });
      const missing = sources.map((source) => normalize(source).split("\\").join("/")).filter((source) => !installed.has(source));
      expect(missing, `${name}: map sources not installed`).toEqual([]);
      // src/ is shipped for the maps only.
      const shipsSource = files(name).some((file) => file.startsWith("src/"));
      if (code.length > 0) expect(shipsSource, `${name} ships src/ that no map points into`).toBe(sources.some((source) => source.startsWith(`node_modules/${name}/src/`)));
    }
  });
});

describe("npm run release to a local registry", () => {
  const versioned = () => publicPackages().map(({ name, manifest }) => `${name}@${String(manifest.version)}`);

  it("versions every public package with the changesets and publishes it", () => {
    expect(readdirSync(join(repository, ".changeset")).filter((file) => file.endsWith(".md") && file !== "README.md")).toEqual([]);
    for (const { name, manifest } of publicPackages()) {
      expect(manifest.version, name).not.toBe("0.0.0");
      const versions: unknown = JSON.parse(succeed("npm", ["view", name, "versions", "--json"], work, environment));
      expect([versions].flat(), name).toEqual([manifest.version]);
    }
  });

  it.each(REGISTRY_CONSUMERS)("a project with $label installs every package from the registry and runs", ({ type, compilerOptions }) => {
    const project = mkdtempSync(join(work, "consumer-"));
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type }));
    succeed("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", ...versioned()], project, environment);
    const sources = PUBLISHED.map(({ name, consumer }) => {
      const file = `${name.replace("@app-server-protocol/", "")}.ts`;
      writeFileSync(join(project, file), `${consumer}\nexport {};\n`);
      return file;
    });
    writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions: { ...compilerOptions, strict: true, target: "es2022", outDir: "out", types: [] }, files: sources }));
    const compiled = run(process.execPath, [TSC, "-p", "tsconfig.json"], project);
    expect(compiled.output).toBe("");
    for (const source of sources) {
      const executed = run(process.execPath, [join("out", source.replace(/\.ts$/, ".js"))], project);
      expect(executed.output, source).toBe("");
      expect(executed.status, source).toBe(0);
    }
  });

  it("a CommonJS project requires every package installed from the registry", () => {
    const project = mkdtempSync(join(work, "commonjs-"));
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true }));
    succeed("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", ...versioned()], project, environment);
    writeFileSync(join(project, "consumer.cjs"), CJS_CONSUMER);
    const executed = run(process.execPath, ["consumer.cjs"], project);
    expect(executed.output).toBe("ok\n");
    expect(executed.status).toBe(0);
  });

  it("an ES-module project imports schema files by package path as JSON and registers them all in ajv", () => {
    const project = mkdtempSync(join(work, "json-modules-"));
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    succeed("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "ajv@8.20.0", ...versioned()], project, environment);
    writeFileSync(join(project, "consumer.js"), ESM_JSON_CONSUMER);
    const executed = run(process.execPath, ["--no-warnings", "consumer.js"], project);
    expect(executed.output).toBe("ok\n");
    expect(executed.status).toBe(0);
  });

  it("runs the command through npx from the registry", () => {
    const project = mkdtempSync(join(work, "npx-"));
    const cli = versioned().find((spec) => spec.startsWith("@app-server-protocol/cli@")) ?? "";
    writeFileSync(join(project, "transcript.ndjson"), '{"type":"request","id":"r1","method":"session/list"}\n{"type":"response","id":"r2","result":{"status":"success"}}\n');
    const help = run("npx", ["--yes", "--prefer-offline", cli, "--help"], project, environment);
    expect(help.output).toContain("validate");
    expect(help.status).toBe(0);
    const found = run("npx", ["--yes", "--prefer-offline", cli, "validate", "--format", "json", "transcript.ndjson"], project, environment);
    expect(found.output).toContain('"code":"unknown_response_id"');
    expect(found.status).toBe(1);
  });
});
