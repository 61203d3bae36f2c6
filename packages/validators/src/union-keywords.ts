// The compiled validators check the unions that carry no tag field under a
// keyword of their own instead of `anyOf` (see scripts/union-forms.ts), so
// the error a union reports says how it is told apart on the wire, and the
// failure can be described in the protocol's terms.

/**
 * An externally tagged union (Rust's default enum encoding): a unit variant
 * is a bare string, a data variant an object whose one key names it.
 */
export const EXTERNAL_UNION_KEYWORD = "externalUnion";

/** An untagged union: the value is whichever of its variants it decodes as. */
export const UNTAGGED_UNION_KEYWORD = "untaggedUnion";
