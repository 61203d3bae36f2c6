import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SUBMIT, SUBMITTED } from "./support/messages.js";
import { insideFolder, outsideFolder, removeFolders, runOnDisk, writeTree } from "./support/disk.js";
import { validateReport } from "./support/report-schema.js";
import { transcript } from "./support/run.js";

const CLEAN = transcript(SUBMIT, SUBMITTED);
const BROKEN = "{oops\n";
const SECRET = "API_TOKEN=sk-live-do-not-print\n";

afterAll(removeFolders);

/** The files of a JSON report's findings, in order, and its unreadable files. */
async function reported(...argv: string[]) {
  const run = await runOnDisk(["validate", "--format", "json", ...argv]);
  const report: { findings: { file: string }[]; unreadable: { file: string; reason: string }[]; summary: { files: number } } = JSON.parse(run.stdout);
  expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
  return { ...run, files: report.findings.map(({ file }) => file), unreadable: report.unreadable, read: report.summary.files };
}

describe("directory arguments", () => {
  it("read the directory's .ndjson and .jsonl files at any depth, sorted by path, and nothing else", async () => {
    const dir = writeTree(outsideFolder(), { "b.ndjson": BROKEN, "a.jsonl": BROKEN, "sub/c.ndjson": BROKEN, "sub.ndjson": BROKEN, "notes.txt": BROKEN, "sub/deeper/d.jsonl": CLEAN });
    const { code, files, read } = await reported(dir);
    expect(files).toEqual(["a.jsonl", "b.ndjson", "sub.ndjson", "sub/c.ndjson"].map((file) => join(dir, file)));
    expect(read).toBe(5);
    expect(code).toBe(1);
  });

  it("are redacted file after file", async () => {
    const dir = writeTree(outsideFolder(), { "2.ndjson": transcript(SUBMITTED), "1.ndjson": transcript(SUBMIT) });
    const { code, stdout } = await runOnDisk(["redact", dir]);
    expect(stdout.split("\n")).toEqual([expect.stringContaining('"prompt":"[redacted]"'), JSON.stringify(SUBMITTED), ""]);
    expect(code).toBe(0);
  });

  it("holding no transcript, are unreadable and exit 2", async () => {
    const dir = writeTree(outsideFolder(), { "notes.txt": CLEAN });
    const { code, stderr, unreadable } = await reported(dir);
    expect(unreadable).toEqual([{ file: dir, reason: "the directory holds no .ndjson or .jsonl file" }]);
    expect(stderr).toBe(`app-server-protocol: cannot read ${dir}: the directory holds no .ndjson or .jsonl file\n`);
    expect(code).toBe(2);
    expect((await runOnDisk(["redact", dir])).code).toBe(2);
  });
});

describe("glob arguments", () => {
  const tree = { "top.ndjson": BROKEN, "x/mid.ndjson": BROKEN, "x/y/low.ndjson": BROKEN, "x/other.jsonl": BROKEN, ".hidden.ndjson": BROKEN };

  it("expand ** to any depth and * within one folder, sorted by path, dot files left out", async () => {
    const dir = writeTree(outsideFolder(), tree);
    expect((await reported(join(dir, "**/*.ndjson"))).files).toEqual(["top.ndjson", "x/mid.ndjson", "x/y/low.ndjson"].map((file) => join(dir, file)));
    expect((await reported(join(dir, "x/*.{ndjson,jsonl}"))).files).toEqual(["x/mid.ndjson", "x/other.jsonl"].map((file) => join(dir, file)));
  });

  it("matching nothing, are unreadable and exit 2", async () => {
    const dir = writeTree(outsideFolder(), tree);
    for (const pattern of [join(dir, "*.json"), join(dir, "nowhere/**/*.ndjson")]) {
      const { code, unreadable } = await reported(pattern);
      expect(unreadable).toEqual([{ file: pattern, reason: "no file matches the pattern" }]);
      expect(code).toBe(2);
    }
  });

  it("are names when a file has that very name", async () => {
    const dir = writeTree(outsideFolder(), { "a[1].ndjson": BROKEN, "a1.ndjson": CLEAN });
    expect((await reported(join(dir, "a[1].ndjson"))).files).toEqual([join(dir, "a[1].ndjson")]);
  });
});

describe("symbolic links", () => {
  function secretAndFolder() {
    const secrets = writeTree(outsideFolder(), { ".env": SECRET, "clean.ndjson": CLEAN });
    return { secrets, dir: writeTree(outsideFolder(), { "fixtures/x.ndjson": { link: join(secrets, ".env") }, "fixtures/ok.ndjson": BROKEN }) };
  }

  it("out of a directory argument are not followed: the file is unreadable, the others are read, exit 2", async () => {
    const { dir } = secretAndFolder();
    const fixtures = join(dir, "fixtures");
    const { code, stdout, stderr, files, unreadable } = await reported(fixtures);
    const reason = `it leads out of ${fixtures} through a symbolic link (--follow-symlinks reads it)`;
    expect(unreadable).toEqual([{ file: join(fixtures, "x.ndjson"), reason }]);
    expect(stderr).toBe(`app-server-protocol: cannot read ${join(fixtures, "x.ndjson")}: ${reason}\n`);
    expect(files).toEqual([join(fixtures, "ok.ndjson")]);
    expect(`${stdout}${stderr}`).not.toContain("sk-live");
    expect(code).toBe(2);
  });

  it("out of a glob's folder, of a file argument's folder, or through a linked directory are not followed", async () => {
    const { secrets, dir } = secretAndFolder();
    writeTree(dir, { "linked/dir": { link: secrets }, "linked/ok.ndjson": CLEAN });
    expect((await reported(join(dir, "fixtures/*.ndjson"))).unreadable.map(({ file }) => file)).toEqual([join(dir, "fixtures/x.ndjson")]);
    expect((await reported(join(dir, "fixtures/x.ndjson"))).unreadable.map(({ file }) => file)).toEqual([join(dir, "fixtures/x.ndjson")]);
    // A linked folder met while walking is not entered: its clean.ndjson is not read; named itself, it leads out of its folder.
    expect(await reported(join(dir, "linked"))).toMatchObject({ code: 0, read: 1 });
    expect((await reported(join(dir, "linked/dir"))).unreadable.map(({ file }) => file)).toEqual([join(dir, "linked/dir")]);
    expect((await runOnDisk(["redact", join(dir, "fixtures/x.ndjson")])).stdout).toBe("");
    const page = join(dir, "page.html");
    expect((await runOnDisk(["view", join(dir, "fixtures/x.ndjson"), "-o", page])).code).toBe(2);
    expect(existsSync(page)).toBe(false);
  });

  it("out of the current directory are not followed for a file argument inside it", async () => {
    const { secrets } = secretAndFolder();
    const here = writeTree(insideFolder(), { "x.ndjson": { link: join(secrets, ".env") } });
    const { unreadable, code } = await reported(join(here, "x.ndjson"));
    expect(unreadable).toEqual([{ file: join(here, "x.ndjson"), reason: "it leads out of the current directory through a symbolic link (--follow-symlinks reads it)" }]);
    expect(code).toBe(2);
  });

  it("that stay inside the folder are followed", async () => {
    const dir = writeTree(outsideFolder(), { "real/broken.ndjson": BROKEN, "alias.ndjson": { link: "real/broken.ndjson" } });
    expect((await reported(join(dir, "alias.ndjson"))).files).toEqual([join(dir, "alias.ndjson")]);
    expect((await reported(dir)).files).toEqual([join(dir, "alias.ndjson"), join(dir, "real/broken.ndjson")]);
    const here = writeTree(insideFolder(), { "clean.ndjson": CLEAN });
    mkdirSync(join(here, "sub"));
    writeTree(here, { "sub/link.ndjson": { link: "../clean.ndjson" } });
    expect(await reported(join(here, "sub/link.ndjson"))).toMatchObject({ code: 0, read: 1, unreadable: [] });
  });

  it("are followed anywhere with --follow-symlinks", async () => {
    const { secrets } = secretAndFolder();
    const dir = writeTree(outsideFolder(), { "x.ndjson": { link: join(secrets, "clean.ndjson") } });
    expect(await reported(dir)).toMatchObject({ code: 2, read: 0 });
    expect(await reported("--follow-symlinks", dir)).toMatchObject({ code: 0, read: 1, unreadable: [] });
    expect(await reported("--follow-symlinks", join(dir, "x.ndjson"))).toMatchObject({ code: 0, read: 1 });
    expect((await runOnDisk(["redact", "--follow-symlinks", dir])).code).toBe(0);
  });
});
