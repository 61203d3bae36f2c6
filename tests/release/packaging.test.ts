import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@app-server-protocol/generator";
import { PUBLISHED } from "./support/consumers.js";

// Packs each published package as npm would, installs the tarball into a
// fresh project and compiles a consumer under every module resolution a
// TypeScript user may have. Needs the packages built (`npm run test:release`
// builds them first). The packages' own dependencies (commander,
// ajv) come from npm's cache, or the registry when a new machine has none.

const require = createRequire(import.meta.url);
const TSC = require.resolve("typescript/bin/tsc");

const RESOLUTIONS = [
  { name: "nodenext-esm", type: "module", compilerOptions: { module: "nodenext", moduleResolution: "nodenext" } },
  { name: "node16-cjs", type: "commonjs", compilerOptions: { module: "node16", moduleResolution: "node16" } },
  { name: "bundler", type: "module", compilerOptions: { module: "esnext", moduleResolution: "bundler" } },
] as const;

let workspace = "";
/** The project every packed package is installed into, as a user's would be. */
let project = "";
const tarballOf = new Map<string, string>();

const BIN = join(REPO_ROOT, "node_modules", ".bin");

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)]));
}

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A consumer's file name in each resolution mode's project. */
function consumerFile(name: string): string {
  return `${name.replace("@app-server-protocol/", "")}.ts`;
}

beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), "asp-pack-"));
  const packs = join(workspace, "packs");
  mkdirSync(packs);
  for (const { dir, name } of PUBLISHED) {
    expect(existsSync(join(REPO_ROOT, dir, "dist")), `${dir}/dist is missing: run npm run build`).toBe(true);
    const file = execFileSync("npm", ["pack", "--silent", "--ignore-scripts", "--pack-destination", packs], { cwd: join(REPO_ROOT, dir), encoding: "utf8" }).trim();
    tarballOf.set(name, join(packs, file));
  }
  project = join(workspace, "consumer");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true }));
  execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", ...tarballOf.values()], { cwd: project });
});

afterAll(() => rmSync(workspace, { recursive: true, force: true }));

describe.each(PUBLISHED)("$name", ({ dir, name, absent = [] }) => {
  const packageDir = join(REPO_ROOT, dir);

  it("installs without its build-time tools", () => {
    const installed = join(project, "node_modules", name);
    const manifest: { dependencies?: { [name: string]: string }; peerDependencies?: { [name: string]: string } } = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
    // Other packages installed beside it may use a tool at run time (the CLI uses ajv), so ask this one's manifest and code.
    for (const tool of absent) {
      expect(Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }), tool).not.toContain(tool);
      for (const file of listFiles(join(installed, "dist")).filter((path) => path.endsWith(".js"))) expect(readFileSync(file, "utf8"), `${file} loads ${tool}`).not.toMatch(new RegExp(`from ["']${tool}[/"']|require\\(["']${tool}[/"']`));
    }
  });

  it("ships ES modules that never call require() or evaluate code", () => {
    const files = listFiles(join(packageDir, "dist", "esm")).filter((file) => file.endsWith(".js"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const code = readFileSync(file, "utf8");
      expect(code, file).not.toMatch(/\brequire\s*\(/);
      expect(code, file).not.toMatch(/\bnew Function\b|\beval\s*\(/);
    }
  });

  it("passes publint", () => {
    const result = run(join(BIN, "publint"), [packageDir], REPO_ROOT);
    expect(result.output).toContain("All good");
    expect(result.status).toBe(0);
  });

  it("has types that resolve for every resolution mode (arethetypeswrong)", () => {
    const result = run(join(BIN, "attw"), [tarballOf.get(name) ?? "", "--format", "table-flipped"], REPO_ROOT);
    expect(result.output).toContain("No problems found");
    expect(result.status).toBe(0);
  });
});

describe.each(RESOLUTIONS)("a $name consumer of every package", ({ name: mode, type, compilerOptions }) => {
  let compiled: { status: number | null; output: string } = { status: null, output: "" };
  const dirForMode = (): string => join(project, mode);

  beforeAll(() => {
    mkdirSync(dirForMode(), { recursive: true });
    writeFileSync(join(dirForMode(), "package.json"), JSON.stringify({ type }));
    const files = PUBLISHED.map(({ name, consumer }) => {
      writeFileSync(join(dirForMode(), consumerFile(name)), `${consumer}\nexport {};\n`);
      return consumerFile(name);
    });
    writeFileSync(
      join(dirForMode(), "tsconfig.json"),
      JSON.stringify({ compilerOptions: { ...compilerOptions, strict: true, target: "es2022", outDir: "out", types: [], skipLibCheck: false }, files }),
    );
    compiled = run(process.execPath, [TSC, "-p", "tsconfig.json"], dirForMode());
  });

  it("compiles", () => {
    expect(compiled.output).toBe("");
    expect(compiled.status).toBe(0);
  });

  // A bundler consumer's output is for a bundler, not for node.
  if (mode !== "bundler") {
    it.each(PUBLISHED)("runs against $name", ({ name }) => {
      const executed = run(process.execPath, [join("out", consumerFile(name).replace(/\.ts$/, ".js"))], dirForMode());
      expect(executed.output).toBe("");
      expect(executed.status).toBe(0);
    });
  }
});

describe("the installed app-server-protocol command", () => {
  it("validates a transcript and exits 1 on a finding", () => {
    const file = join(workspace, "transcript.ndjson");
    writeFileSync(file, '{"type":"request","id":"r1","method":"session/list"}\n{"type":"response","id":"r2","result":{"status":"success"}}\n');
    const result = run(join(project, "node_modules", ".bin", "app-server-protocol"), ["validate", "--format", "json", file], project);
    expect(result.status).toBe(1);
    expect(result.output).toContain('"code":"unknown_response_id"');
  });
});

describe("@app-server-protocol/conformance (data only)", () => {
  const packageDir = join(REPO_ROOT, "packages/conformance");

  it("ships the vectors, their format schemas and the runners, and none of its tests", () => {
    const packed: unknown = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--silent", "--ignore-scripts"], { cwd: packageDir, encoding: "utf8" }));
    const files = Array.isArray(packed) && typeof packed[0] === "object" && packed[0] !== null && "files" in packed[0] && Array.isArray(packed[0].files) ? packed[0].files : [];
    const paths: string[] = files.flatMap((file: unknown) => (typeof file === "object" && file !== null && "path" in file && typeof file.path === "string" ? [file.path] : []));
    expect(paths).toContain("vectors/messages/envelopes.json");
    expect(paths).toContain("vectors/types/ClientMessage.json");
    expect(paths).toContain("format/messages.schema.json");
    expect(paths.some((path) => path.startsWith("runners/"))).toBe(true);
    expect(paths.filter((path) => path.startsWith("test/") || path.startsWith("bindings/"))).toEqual([]);
  });

  it("passes publint", () => {
    const result = run(join(BIN, "publint"), [packageDir], REPO_ROOT);
    expect(result.output).toContain("All good");
    expect(result.status).toBe(0);
  });

  it("lets an installed consumer resolve and read a vector file", () => {
    const project = join(workspace, "conformance-consumer");
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    execFileSync("npm", ["pack", "--silent", "--ignore-scripts", "--pack-destination", project], { cwd: packageDir });
    const tarball = readdirSync(project).find((file) => file.endsWith(".tgz")) ?? "";
    execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", join(project, tarball)], { cwd: project });
    const script = [
      'import { readFileSync } from "node:fs";',
      'const file = new URL(import.meta.resolve("@app-server-protocol/conformance/vectors/messages/envelopes.json"));',
      "const vectors = JSON.parse(readFileSync(file, \"utf8\"));",
      'if (vectors.suite !== "messages" || vectors.cases.length === 0) throw new Error("unreadable vectors");',
    ].join("\n");
    const executed = run(process.execPath, ["--input-type=module", "-e", script], project);
    expect(executed.output).toBe("");
    expect(executed.status).toBe(0);
  });
});
