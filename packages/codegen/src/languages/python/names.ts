// Python spellings: identifiers for fields, and the names the pass declares
// for union variants.
import { variantName } from "../../unions.js";

const KEYWORDS = new Set([
  "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else",
  "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise",
  "return", "try", "while", "with", "yield",
]);

// Names a dataclass body or its generated __init__ reads after the fields
// are bound: a field spelled like one of them would shadow it.
const RESERVED = new Set(["self", "field", "list", "dict"]);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The attribute name of a wire field: the wire name itself when Python
 * allows it (wire names are snake_case), with a trailing underscore after a
 * keyword or a name the class body needs (`if` becomes `if_`).
 */
export function attributeName(wire: string): string {
  const legal = IDENTIFIER.test(wire) ? wire : `_${wire.replace(/[^A-Za-z0-9_]/g, "_")}`;
  return KEYWORDS.has(legal) || RESERVED.has(legal) ? `${legal}_` : legal;
}

/** The class of a union variant: the union's name then the variant's (`CompactDecisionProceed`). */
export function variantClassName(union: string, label: string): string {
  return `${union}${variantName(label)}`;
}
