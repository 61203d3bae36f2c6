import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { objectOf } from "../test/vectors.js";
import { pythonEnvironment, setUp } from "./python-environment.js";

// The Python distribution as PyPI takes it: `python -m build` makes the
// sdist and the wheel from a copy of generated/python, `twine check --strict`
// reads them as the index does, and both carry the repository's license.
// build and twine come from PyPI into a virtual environment of their own,
// the build backend (flit_core) into build's isolated one; nothing is
// written in the repository.

const REPO = join(import.meta.dirname, "../../..");
const BINDINGS_SOURCE = join(REPO, "generated/python");
const LICENSE = readFileSync(join(REPO, "LICENSE"), "utf8");
const TOOLS = ["build==1.6.1", "twine==7.0.0"];

const work = mkdtempSync(join(tmpdir(), "python-distribution-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const bindings = join(work, "bindings");
cpSync(BINDINGS_SOURCE, bindings, { recursive: true });
const dist = join(work, "dist");
const tools = pythonEnvironment(join(work, "venv"), work);
tools.install(...TOOLS);
setUp("python -m build", tools.run(tools.python, ["-m", "build", "--sdist", "--wheel", "--outdir", dist, bindings]), "build takes flit_core from PyPI");
const built = readdirSync(dist).sort();
const inDist = (suffix: string) => join(dist, built.find((name) => name.endsWith(suffix)) ?? `no ${suffix}`);

/** What an index reads of each archive: its files, its LICENSE and the metadata fields about the license. */
const ARCHIVES = `import email, json, sys, tarfile, zipfile

wheel, sdist = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as archive:
    wheel_files = archive.namelist()
    wheel_metadata = email.message_from_bytes(archive.read("app_server_protocol-1.0.0.dist-info/METADATA"))
    wheel_license = archive.read("app_server_protocol-1.0.0.dist-info/licenses/LICENSE").decode("utf-8")
with tarfile.open(sdist) as archive:
    sdist_files = archive.getnames()
    sdist_license = archive.extractfile("app_server_protocol-1.0.0/LICENSE").read().decode("utf-8")
    sdist_metadata = email.message_from_bytes(archive.extractfile("app_server_protocol-1.0.0/PKG-INFO").read())
print(json.dumps({
    "wheel_files": wheel_files,
    "sdist_files": sdist_files,
    "wheel_license": wheel_license,
    "sdist_license": sdist_license,
    "metadata": [{key: metadata.get_all(key) for key in ("License-Expression", "License-File", "Metadata-Version")} for metadata in (wheel_metadata, sdist_metadata)],
}))
`;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
}

describe("the Python distribution, built as PyPI takes it", () => {
  const archives = objectOf(JSON.parse(setUp("reading the archives", tools.run(tools.python, ["-c", ARCHIVES, inDist(".whl"), inDist(".tar.gz")])).stdout));

  it("is an sdist and a pure-Python wheel of version 1.0.0", () => {
    expect(built).toEqual(["app_server_protocol-1.0.0-py3-none-any.whl", "app_server_protocol-1.0.0.tar.gz"]);
  });

  it("passes twine check --strict, both archives", () => {
    const check = tools.run(tools.python, ["-m", "twine", "check", "--strict", inDist(".whl"), inDist(".tar.gz")]);
    expect(check.status, `${check.stdout}\n${check.stderr}`).toBe(0);
    expect(check.stdout.match(/PASSED/g)).toHaveLength(2);
  });

  it("carries the repository's LICENSE in the wheel's metadata and at the sdist's root, and names it", () => {
    expect(archives.wheel_license).toBe(LICENSE);
    expect(archives.sdist_license).toBe(LICENSE);
    for (const metadata of Array.isArray(archives.metadata) ? archives.metadata : []) {
      expect(objectOf(metadata)).toMatchObject({ "License-Expression": ["MIT"], "License-File": ["LICENSE"] });
    }
    expect(archives.metadata).toHaveLength(2);
  });

  it("ships the PEP 561 marker and every module in the wheel, and the sources, README and pyproject.toml in the sdist", () => {
    const modules = filesUnder(join(BINDINGS_SOURCE, "app_server_protocol")).map((file) => `app_server_protocol/${file}`);
    expect(modules).toContain("app_server_protocol/py.typed");
    expect(archives.wheel_files).toEqual(expect.arrayContaining(modules));
    const sdist = ["LICENSE", "README.md", "pyproject.toml", "PKG-INFO", ...modules].map((file) => `app_server_protocol-1.0.0/${file}`);
    expect(archives.sdist_files).toEqual(expect.arrayContaining(sdist));
  });

  it("was built without writing into the directory it was built from", () => {
    expect(filesUnder(bindings)).toEqual(filesUnder(BINDINGS_SOURCE));
  });
});
