import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@app-server-protocol/generator";
import { bindingsModel } from "@app-server-protocol/codegen";
import { startBindingsWorkers } from "@app-server-protocol/codegen/parallel";
import { bundleEntry } from "../scripts/bundle-entry.mjs";
import { ECHO_LANGUAGES } from "./support/echo-languages.js";

// packages/codegen/src/parallel.ts, on languages that echo what they were
// given. The worker threads load a bundled module, as `npm run generate`
// starts them.
const workerFile = await bundleEntry(REPO_ROOT, join(REPO_ROOT, "tests/support/echo-worker.ts"));

function documents(...types: string[]) {
  return { bundle: { $defs: Object.fromEntries(types.map((name) => [name, { type: "object", properties: {} }])) }, registry: { methods: [] } };
}

async function inThread(docs: ReturnType<typeof documents>): Promise<Map<string, Map<string, string>>> {
  const model = bindingsModel(docs.bundle, docs.registry);
  return new Map(await Promise.all(ECHO_LANGUAGES.map(async (language) => [language.directory, await language.generate(model)] as const)));
}

describe("bindings in worker threads", () => {
  it("give every language's files, as one thread gives them, from fewer workers than languages", async () => {
    const docs = documents("Alpha", "Beta");
    for (const count of [1, 2, 3]) {
      const workers = startBindingsWorkers(ECHO_LANGUAGES, workerFile, count);
      try {
        expect(await workers.build(docs)).toEqual(await inThread(docs));
      } finally {
        await workers.close();
      }
    }
  });

  it("fail the build when a language fails in a worker", async () => {
    const workers = startBindingsWorkers(ECHO_LANGUAGES, workerFile, 2);
    try {
      await expect(workers.build(documents("Fail"))).rejects.toThrow("was asked to fail");
    } finally {
      await workers.close();
    }
  });
});
