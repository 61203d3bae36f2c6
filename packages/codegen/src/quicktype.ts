// Runs quicktype-core on the view for one target language.
import { FetchingJSONSchemaStore, InputData, JSONSchemaInput, funPrefixNamer, quicktype, type Namer, type TargetLanguage } from "quicktype-core";
import { VIEW_ROOT, type QuicktypeView } from "./view.js";

export interface QuicktypeRun {
  language: TargetLanguage;
  rendererOptions: Record<string, string | boolean>;
  /** Comment lines quicktype writes at the top instead of its own banner. */
  leadingComments: string[];
}

/** quicktype's output for the view's top levels: one source text. */
export async function runQuicktype(view: QuicktypeView, run: QuicktypeRun): Promise<string> {
  const input = new JSONSchemaInput(new FetchingJSONSchemaStore());
  await input.addSource({ name: VIEW_ROOT, schema: JSON.stringify(view.schema) });
  const inputData = new InputData();
  inputData.addInput(input);
  const result = await quicktype({
    inputData,
    lang: run.language,
    rendererOptions: run.rendererOptions,
    leadingComments: run.leadingComments,
    // Records with the same fields are still different protocol types, and
    // maps and enums are declared where the schema says, not inferred.
    combineClasses: false,
    inferMaps: false,
    inferEnums: false,
    inferUuids: false,
    inferDateTimes: false,
    inferIntegerStrings: false,
    inferBooleanStrings: false,
  });
  return `${result.lines.join("\n").replace(/[ \t]+$/gm, "")}\n`;
}

const PASCAL_IDENTIFIER = /^[A-Z][A-Za-z0-9]*$/;

/**
 * A type namer that keeps a protocol type's own name (its definition name,
 * already a PascalCase identifier in every target language) and leaves every
 * other name to the language's namer. Type names then match the TypeScript
 * names, where a language's style would respell them (`MCPServerInput`).
 */
export function keepingTypeNames(languageNamer: Namer): Namer {
  return funPrefixNamer("types", (raw) => (PASCAL_IDENTIFIER.test(raw) ? raw : languageNamer.nameStyle(raw)));
}
