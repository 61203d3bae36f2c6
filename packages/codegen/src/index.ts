// Entry point of the bindings generator, called by `npm run generate` and
// `npm run check` with the schema bundle and method registry they produce.
import { outputRoot, type LanguageBindings } from "./language.js";
import { csharpBindings } from "./languages/csharp/index.js";
import { goBindings } from "./languages/go/index.js";
import { kotlinBindings } from "./languages/kotlin/index.js";
import { pythonBindings } from "./languages/python/index.js";
import { rustBindings } from "./languages/rust/index.js";
import { swiftBindings } from "./languages/swift/index.js";
import { zodBindings } from "./languages/zod/index.js";
import { bindingsModel } from "./model.js";
import { serveBindings, startBindingsWorkers } from "./parallel.js";
import type { JsonObject } from "./schema.js";

export { bindingsModel, type BindingsModel, type MethodEntry } from "./model.js";
export { HEADER_LINES, outputRoot, type LanguageBindings } from "./language.js";
export { idleCores } from "./parallel.js";

/** Every target language, in the order the docs list them. */
export const LANGUAGES: readonly LanguageBindings[] = [rustBindings, goBindings, pythonBindings, zodBindings, swiftBindings, kotlinBindings, csharpBindings];

/** The languages' files by path relative to the repository root, in the order of `LANGUAGES`. */
function rootedFiles(generated: ReadonlyMap<string, ReadonlyMap<string, string>>): Map<string, string> {
  const files = new Map<string, string>();
  for (const language of LANGUAGES) {
    for (const [path, content] of generated.get(language.directory) ?? []) files.set(`${outputRoot(language)}/${path}`, content);
  }
  return files;
}

/** Every bindings file, by path relative to the repository root (`generated/<language>/...`, or the language's own package). */
export async function buildBindings(bundle: JsonObject, registry: JsonObject): Promise<Map<string, string>> {
  const model = bindingsModel(bundle, registry);
  return rootedFiles(new Map(await Promise.all(LANGUAGES.map(async (language) => [language.directory, await language.generate(model)] as const))));
}

/** Worker threads that build the bindings (`build` has the signature of `buildBindings`); `close` ends them. */
export interface BindingsBuilder {
  build(bundle: JsonObject, registry: JsonObject): Promise<Map<string, string>>;
  close(): Promise<void>;
}

/** Starts `count` worker threads that load `workerFile` (a module that calls `serveLanguages`), each language built in whichever is free. */
export function startBindingsBuilder(workerFile: string, count: number): BindingsBuilder {
  const workers = startBindingsWorkers(LANGUAGES, workerFile, count);
  return { build: async (bundle, registry) => rootedFiles(await workers.build({ bundle, registry })), close: workers.close };
}

/** In a worker thread of `startBindingsBuilder`: generates the languages it is sent. */
export function serveLanguages(): void {
  serveBindings(LANGUAGES);
}
