/**
 * What a change does to the set of messages a schema accepts: `narrows`
 * (rejects some it accepted), `widens` (accepts some it rejected), `both`,
 * or `neither` (annotations only). `new_field` is an optional field added:
 * it constrains only values of a field that did not exist before.
 */
export type Effect = "narrows" | "widens" | "both" | "neither" | "new_field" | "added" | "removed";

/** The change kinds the diff reports (README "Change kinds"). */
export const CHANGE_KINDS = {
  type_added: "added",
  type_removed: "removed",
  method_added: "added",
  method_removed: "removed",
  method_direction_changed: "both",
  method_params_changed: "both",
  method_result_changed: "both",
  field_added_required: "narrows",
  field_added_optional: "new_field",
  field_removed: "widens",
  field_removed_closed: "narrows",
  field_made_required: "narrows",
  field_made_optional: "widens",
  nullable_added: "widens",
  nullable_removed: "narrows",
  type_widened: "widens",
  type_narrowed: "narrows",
  type_changed: "both",
  enum_value_added: "widens",
  enum_value_removed: "narrows",
  variant_added: "widens",
  variant_removed: "narrows",
  bound_relaxed: "widens",
  bound_tightened: "narrows",
  pattern_added: "narrows",
  pattern_removed: "widens",
  pattern_changed: "both",
  const_added: "narrows",
  const_removed: "widens",
  const_changed: "both",
  additional_properties_closed: "narrows",
  additional_properties_opened: "widens",
  ref_changed: "both",
  keyword_changed: "both",
  type_renamed: "neither",
  format_added: "neither",
  format_removed: "neither",
  format_changed: "neither",
  description_changed: "neither",
  annotation_changed: "neither",
} as const satisfies { readonly [kind: string]: Effect };

/** What a `format` change does once formats are asserted (`--assert-formats`); otherwise `format` annotates. */
const ASSERTED_FORMAT_EFFECTS: { readonly [kind: string]: Effect } = { format_added: "narrows", format_removed: "widens", format_changed: "both" };

export type ChangeKind = keyof typeof CHANGE_KINDS;

/** One difference found between the old and the new schema of a type or a method. */
export interface RawChange {
  /** The type's name, or the method's name for `method_*` kinds. */
  readonly type: string;
  /** JSON-Pointer-like path into the type's schema in normal form (`""` for the type itself): the new side's for something added, else the old side's. */
  readonly path: string;
  /** The path on each side, where they differ (variants reordered); witnesses are built at each side's own. */
  readonly at?: { readonly old: string; readonly new: string };
  /** The type on the new side, when it has another name (`type_renamed`, a method's params or result). */
  readonly newType?: string;
  readonly kind: ChangeKind;
  /** What changed, for people: the field, the values, the bounds. */
  readonly detail: string;
  /** The enum value added or removed. */
  readonly value?: unknown;
}

export function effectOf(kind: ChangeKind, assertFormats = false): Effect {
  return (assertFormats ? ASSERTED_FORMAT_EFFECTS[kind] : undefined) ?? CHANGE_KINDS[kind];
}
