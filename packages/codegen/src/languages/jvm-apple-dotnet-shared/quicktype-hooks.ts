// What the language renderers share when they step into quicktype's
// rendering: the structural types quicktype-core does not export, and the
// records each pass declares itself instead of letting quicktype do it.
import { ClassType, EnumType, UnionType, nullableFromUnion, type Sourcelike, type Type } from "quicktype-core";
import type { BindingsModel } from "../../model.js";
import type { Union } from "../../unions.js";
import { VIEW_ROOT, type QuicktypeView } from "../../view.js";
import { withInlineEnumTitles } from "./inline-enum-titles.js";
import { definitionDocumentation } from "./lines.js";

/** quicktype's `ForEachPosition` (not exported by the package). */
export type ForEachPosition = "first" | "last" | "middle" | "only";
type BlankLinePosition = "none" | "interposing" | "leading" | "leading-and-interposing";
/** quicktype's `BlankLineConfig` (not exported by the package). */
export type BlankLineConfig = BlankLinePosition | [BlankLinePosition, number];

/** How a language pass treats one record quicktype is about to declare. */
export type RecordRoute = { kind: "record" } | { kind: "union"; union: Union } | { kind: "drop" };

/** The view's root record is dropped; each union placeholder becomes the union's sum type. */
export function routeRecord(model: BindingsModel, name: string): RecordRoute {
  if (name === VIEW_ROOT) return { kind: "drop" };
  const union = model.unions.find((candidate) => candidate.name === name);
  return union === undefined ? { kind: "record" } : { kind: "union", union };
}

/** Emits finished lines through a renderer, at its current indentation. */
export function emitLines(renderer: { emitLine(...parts: Sourcelike[]): void }, lines: readonly string[]): void {
  for (const line of lines) renderer.emitLine(line);
}

/** What a steered renderer reads: the bindings model, and the view quicktype was given. */
export interface ProtocolPass {
  model: BindingsModel;
  view: QuicktypeView;
}

/** The view a pass hands quicktype: the model's, with inline enumerations titled. */
export function protocolPass(model: BindingsModel): ProtocolPass {
  return { model, view: withInlineEnumTitles(model.view) };
}

/**
 * A declared type's documentation: its definition's own description, not
 * quicktype's merge of it with the description of every field that refers
 * to it; none for an empty one. Other types keep quicktype's.
 */
export function typeDocumentation(model: BindingsModel, type: Type, nameOf: (type: Type) => string, quicktypes: string[] | undefined): string[] | undefined {
  if (!(type instanceof ClassType || type instanceof EnumType || type instanceof UnionType)) return quicktypes;
  const own = definitionDocumentation(model, nameOf(type));
  if (own === undefined) return quicktypes;
  return own.length > 0 ? own : undefined;
}

/** Whether the wire allows `null` in a field of this type. */
export function acceptsNull(type: Type): boolean {
  return type.kind === "null" || (type instanceof UnionType && nullableFromUnion(type) !== null);
}

/** The type without its `| null`. */
export function nonNull(type: Type): Type {
  return type instanceof UnionType ? (nullableFromUnion(type) ?? type) : type;
}
