// Small helpers for emitting source text as lines.
import type { BindingsModel } from "../../model.js";
import { descriptionOf } from "../../schema.js";
import { wrapWords } from "../../text.js";

/** The lines one level deeper; blank lines stay empty. */
export function indent(lines: readonly string[], unit = "    "): string[] {
  return lines.map((line) => (line === "" ? "" : `${unit}${line}`));
}

const WIDTH = 100;

/** A schema description as comment text: its own line breaks kept, long lines wrapped. */
export function descriptionLines(description: string | undefined): string[] {
  if (description === undefined || description.trim() === "") return [];
  return description.trim().split("\n").flatMap((line) => (line.trim() === "" ? [""] : wrapWords(line, WIDTH)));
}

/**
 * The documentation of a protocol type: its definition's own description.
 * quicktype would also merge in the descriptions of every field that refers
 * to it. `undefined` when the name is not a protocol definition.
 */
export function definitionDocumentation(model: BindingsModel, name: string): string[] | undefined {
  const definition = model.definitions[name];
  if (definition === undefined) return undefined;
  return descriptionLines(descriptionOf(definition));
}
