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
  description_changed: "neither",
  annotation_changed: "neither",
} as const satisfies { readonly [kind: string]: Effect };

export type ChangeKind = keyof typeof CHANGE_KINDS;

/** One difference found between the old and the new schema of a type or a method. */
export interface RawChange {
  /** The type's name, or the method's name for `method_*` kinds. */
  readonly type: string;
  /** JSON-Pointer-like path into the type's schema (`""` for the type itself). */
  readonly path: string;
  readonly kind: ChangeKind;
  /** What changed, for people: the field, the values, the bounds. */
  readonly detail: string;
  /** The enum value added or removed. */
  readonly value?: unknown;
}

export function effectOf(kind: ChangeKind): Effect {
  return CHANGE_KINDS[kind];
}
