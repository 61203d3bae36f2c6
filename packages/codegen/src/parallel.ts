// The bindings built in worker threads: each language's quicktype run is a
// second or more of one core, and they do not depend on each other, so a
// machine with idle cores writes them in a fraction of the time. Each worker
// costs its own load of the emitters and its own warm-up, so workers only
// pay where cores are idle: on a busy machine one thread does it all.
import { availableParallelism, loadavg } from "node:os";
import { Worker, parentPort } from "node:worker_threads";
import type { LanguageBindings } from "./language.js";
import { bindingsModel, type BindingsModel } from "./model.js";
import type { JsonObject } from "./schema.js";

/** The documents every language reads. */
interface Documents {
  readonly bundle: JsonObject;
  readonly registry: JsonObject;
}

/** What the main thread sends: the documents once, then a language's directory name at a time. */
type Request = Documents | string;

/** A worker's message: ready for a language (`done` absent the first time), with the files of the one it finished. */
interface Done {
  readonly done?: { readonly directory: string; readonly files: Map<string, string> };
}

/** How many cores sit idle now: those the machine has less the runnable tasks of the last minute. */
export function idleCores(): number {
  return Math.floor(availableParallelism() - (loadavg()[0] ?? 0));
}

/** In a worker thread of `startBindingsWorkers`: generates each language the main thread sends, until it is ended. */
export function serveBindings(languages: readonly LanguageBindings[]): void {
  const port = parentPort;
  if (port === null) throw new Error("serveBindings runs in a worker thread");
  let model: BindingsModel | undefined;
  port.on("message", (request: Request) => {
    if (typeof request !== "string") {
      model = bindingsModel(request.bundle, request.registry);
      port.postMessage({} satisfies Done);
      return;
    }
    const language = languages.find((candidate) => candidate.directory === request);
    if (language === undefined || model === undefined) throw new Error(`cannot generate ${request} yet`);
    void language.generate(model).then((files) => port.postMessage({ done: { directory: request, files } } satisfies Done));
  });
}

/** Worker threads that generate bindings; `close` ends them. */
export interface BindingsWorkers {
  /** Each language's files by directory name, the languages handed out one at a time to whichever worker is free. */
  build(documents: Documents): Promise<Map<string, Map<string, string>>>;
  close(): Promise<void>;
}

/**
 * Starts `count` worker threads (at most one per language) that load
 * `workerFile`, a module that calls `serveBindings`; started before the
 * documents exist, they load the emitters meanwhile. A worker that fails
 * fails the build.
 */
export function startBindingsWorkers(languages: readonly LanguageBindings[], workerFile: string, count: number): BindingsWorkers {
  const workers = Array.from({ length: Math.max(1, Math.min(count, languages.length)) }, () => new Worker(workerFile));
  const build = async (documents: Documents) => {
    const queue = languages.map((language) => language.directory);
    const results = new Map<string, Map<string, string>>();
    const served = (worker: Worker) =>
      new Promise<void>((resolve, reject) => {
        worker.on("error", reject);
        worker.on("exit", (code) => reject(new Error(`a bindings worker exited with ${String(code)} before it was done`)));
        worker.on("message", ({ done }: Done) => {
          if (done !== undefined) results.set(done.directory, done.files);
          const next = queue.shift();
          if (next === undefined) resolve();
          else worker.postMessage(next satisfies Request);
        });
        worker.postMessage(documents satisfies Request);
      });
    await Promise.all(workers.map(served));
    return results;
  };
  return { build, close: async () => void (await Promise.all(workers.map((worker) => worker.terminate()))) };
}
