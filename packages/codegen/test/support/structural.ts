// What the structural tests of the uncompiled languages (Swift, Kotlin, C#)
// share: the pass's output for the checked-in schemas, and the protocol
// names every binding must declare.
import type { LanguageBindings } from "../../src/language.js";
import { bindingsModel, type BindingsModel } from "../../src/model.js";
import { propertiesOf } from "../../src/schema.js";
import { variantName } from "../../src/unions.js";
import { bundle, registry } from "../core-fixtures.js";

export interface PassOutput {
  model: BindingsModel;
  files: Map<string, string>;
  /** A generated file's content; throws when the pass did not write it. */
  file(path: string): string;
  /** Every protocol definition a binding declares: all but the external wrappers (their unions own them) and the primitives spelled inline. */
  expectedNames: string[];
  /** Whether a name is `<Record><Field>`, the name of a field's inline enumeration. */
  isInlineEnumerationName(name: string): boolean;
  /** The tag fields an internal union takes out of its variant record. */
  tagsOf(record: string): Set<string>;
}

export async function passOutput(bindings: LanguageBindings): Promise<PassOutput> {
  const model = bindingsModel(bundle, registry);
  const files = await bindings.generate(model);
  const wrappers = model.unions.flatMap((union) => (union.kind === "external" ? union.variants.map((variant) => variant.wrapper) : []));
  const expectedNames = Object.entries(model.definitions)
    .filter(([name, schema]) => {
      const inline = schema.type === "null" || (["string", "integer", "number", "boolean"].includes(String(schema.type)) && schema.enum === undefined && schema.const === undefined);
      return !wrappers.includes(name) && !inline;
    })
    .map(([name]) => name);
  return {
    model,
    files,
    file(path) {
      const content = files.get(path);
      if (content === undefined) throw new Error(`no ${path}`);
      return content;
    },
    expectedNames,
    isInlineEnumerationName(name) {
      return Object.entries(model.definitions).some(([record, schema]) => Object.keys(propertiesOf(schema)).some((field) => name === `${record}${variantName(field)}`));
    },
    tagsOf(record) {
      return new Set(
        model.unions.flatMap((union) =>
          union.kind === "internal" && [...union.variants, ...(union.fallback === undefined ? [] : [union.fallback])].some((variant) => variant.type === record) ? [union.tag] : [],
        ),
      );
    },
  };
}

/** A string as a regular expression matching it literally. */
export function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
