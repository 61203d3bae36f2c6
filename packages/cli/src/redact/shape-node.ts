// Shapes as the walk reads them: every shape compiled into a node of one
// layout, told apart by a number, with its fields in a map and each
// reference resolved once, so that reading a line costs one property read
// per decision rather than a search of each shape's keys.
import type { Literal, Shape } from "./shape.js";

export const LETTERS = 0;
export const REFERENCE = 1;
export const SENSITIVE = 2;
export const UNION = 3;
export const TAGGED = 4;
export const OBJECT = 5;
export const ARRAY = 6;
export const LITERALS = 7;

/** A compiled shape; only the fields of its kind are meaningful. */
export interface ShapeNode {
  readonly kind: number;
  /** `LETTERS`: the JSON type letters allowed. */
  readonly letters: string;
  /** `REFERENCE`: the type named. */
  readonly name: string;
  /** `REFERENCE`: the named type's node, once looked up. */
  target: ShapeNode | undefined;
  /** `SENSITIVE`: the shape of the sensitive value; `ARRAY`: the items'. */
  readonly inner: ShapeNode | undefined;
  /** `UNION`, `TAGGED`: every variant. */
  readonly variants: readonly ShapeNode[];
  /** `TAGGED`: the tag field, and the variant of each tag. */
  readonly tag: string;
  readonly byTag: ReadonlyMap<string, ShapeNode>;
  /** `OBJECT`: the fields it defines, and the shape of any other field for a map. */
  readonly fields: ReadonlyMap<string, ShapeNode>;
  readonly rest: ShapeNode | undefined;
  /** `LITERALS`: the constants allowed. */
  readonly literals: readonly Literal[];
}

const NO_NODES: readonly ShapeNode[] = [];
const NO_FIELDS: ReadonlyMap<string, ShapeNode> = new Map();

function node(kind: number, parts: Partial<ShapeNode>): ShapeNode {
  return { kind, letters: "", name: "", target: undefined, inner: undefined, variants: NO_NODES, tag: "", byTag: NO_FIELDS, fields: NO_FIELDS, rest: undefined, literals: [], ...parts };
}

/** An object node of the given fields (and no other): for shapes built around compiled ones. */
export function objectNode(fields: ReadonlyMap<string, ShapeNode>): ShapeNode {
  return node(OBJECT, { fields });
}

/** The node of `shape`; references stay names until the walk first follows them. */
export function compiled(shape: Shape): ShapeNode {
  if (typeof shape === "string") return node(LETTERS, { letters: shape });
  if ("r" in shape) return node(REFERENCE, { name: shape.r });
  if ("x" in shape) return node(SENSITIVE, { inner: compiled(shape.x) });
  if ("u" in shape) return node(UNION, { variants: shape.u.map(compiled) });
  if ("d" in shape) {
    const byTag = new Map(Object.entries(shape.v).map(([tag, variant]) => [tag, compiled(variant)]));
    return node(TAGGED, { tag: shape.d, byTag, variants: [...byTag.values()] });
  }
  if ("o" in shape) {
    const fields = new Map(Object.entries(shape.o).map(([field, part]) => [field, compiled(part)]));
    return node(OBJECT, shape.m === undefined ? { fields } : { fields, rest: compiled(shape.m) });
  }
  if ("a" in shape) return node(ARRAY, { inner: compiled(shape.a) });
  return node(LITERALS, { literals: shape.k });
}
