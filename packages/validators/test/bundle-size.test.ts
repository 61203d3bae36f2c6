import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleEntryPoints } from "../scripts/bundle.js";

// What an application's bundle pays for the package: the package is built as
// it is published, then applications importing parts of it are bundled and
// minified with esbuild. Sizes are deterministic, so they are asserted.

/** Importing only the question rules: at most this many gzipped bytes. */
const QUESTION_RULES_BUDGET = 12 * 1024;
/** What importing the main entry point may add to an application that already imports `/all`. */
const MAIN_BESIDE_ALL_BUDGET = 2 * 1024;

let dist = "";

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "validators-bundle-"));
  await bundleEntryPoints(dist);
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** The minified bundle of an application module importing the built package, and its gzipped size. */
async function application(code: string): Promise<{ bytes: number; gzipped: number; text: string }> {
  const result = await build({ stdin: { contents: code, resolveDir: join(dist, "esm"), loader: "js" }, bundle: true, minify: true, format: "esm", platform: "neutral", write: false, logLevel: "silent" });
  const text = result.outputFiles[0]?.text ?? "";
  return { bytes: text.length, gzipped: gzipSync(text).length, text };
}

describe("bundles of applications", () => {
  it(`importing only checkQuestions stays under ${QUESTION_RULES_BUDGET / 1024} KiB gzipped`, async () => {
    const bundle = await application('import { checkQuestions } from "./index.js"; console.log(checkQuestions([]));');
    expect(bundle.gzipped).toBeLessThanOrEqual(QUESTION_RULES_BUDGET);
    // None of the message validators came along: no envelope type is named.
    expect(bundle.text).not.toContain("ServerMessage");
  });

  it("importing the main entry point and /all carry one copy of the compiled code", async () => {
    // Both dispatch messages, so both carry the method registry.
    const all = await application('import { validateServerMessage, validateType } from "./all.js"; console.log(validateServerMessage({}), validateType("SessionGoalStatus", "paused"));');
    const both = await application(
      'import { validateServerMessage } from "./index.js"; import * as all from "./all.js"; console.log(validateServerMessage({}), all.validateServerMessage({}), all.validateType("SessionGoalStatus", "paused"));',
    );
    expect(both.bytes - all.bytes).toBeLessThanOrEqual(MAIN_BESIDE_ALL_BUDGET);
    // The compiled schemas of the ask_user/request params are not written again.
    const copies = (text: string) => text.split('"session_id":{"type":"string"},"turn_id"').length - 1;
    expect(copies(all.text)).toBeGreaterThan(0);
    expect(copies(both.text)).toBe(copies(all.text));
  });

  it("importing one guard from /all carries no schema text", async () => {
    const bundle = await application('import { isAcpLoadReplayPreflight } from "./all.js"; console.log(isAcpLoadReplayPreflight({}));');
    expect(bundle.text).toContain("replay_allowed");
    // The schemas the error reporter reads, of the other types and of the message types.
    expect(bundle.text).not.toContain('"replay_allowed":{"type":"boolean"}');
    expect(bundle.text).not.toContain('"session_id":{"type":"string"},"turn_id"');
  });

  it("/all imports the chunk it shares with the main entry point, in both module formats", () => {
    for (const format of ["esm", "cjs"]) {
      const shared = readdirSync(join(dist, format)).filter((file) => file.startsWith("shared-") && file.endsWith(".js"));
      expect(shared, format).toHaveLength(1);
      for (const entry of ["index.js", "all.js"]) expect(readFileSync(join(dist, format, entry), "utf8"), `${format}/${entry}`).toContain(`./${shared[0]}`);
    }
  });
});
