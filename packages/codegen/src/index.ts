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
import type { JsonObject } from "./schema.js";

export { bindingsModel, type BindingsModel, type MethodEntry } from "./model.js";
export { HEADER_LINES, outputRoot, type LanguageBindings } from "./language.js";

/** Every target language, in the order the docs list them. */
export const LANGUAGES: readonly LanguageBindings[] = [rustBindings, goBindings, pythonBindings, zodBindings, swiftBindings, kotlinBindings, csharpBindings];

/** Every bindings file, by path relative to the repository root (`generated/<language>/...`, or the language's own package). */
export async function buildBindings(bundle: JsonObject, registry: JsonObject): Promise<Map<string, string>> {
  const model = bindingsModel(bundle, registry);
  const files = new Map<string, string>();
  const outputs = await Promise.all(LANGUAGES.map(async (language) => ({ language, generated: await language.generate(model) })));
  for (const { language, generated } of outputs) {
    for (const [path, content] of generated) files.set(`${outputRoot(language)}/${path}`, content);
  }
  return files;
}
