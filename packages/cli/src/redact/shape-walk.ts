// Reads a parsed value beside its shapes and says which of its values to
// replace, by JSON Pointer, with which marker. Failing closed, a value is
// kept only when a schema vouches for it: outside a sensitive value, a field
// its type does not define is replaced, and so is a value of a JSON type or
// a constant its shapes do not allow; what a shape of JSON types alone
// allows (a string, an open payload) is kept as written. Inside a sensitive
// value, tags and enum values are kept and every other string, number and
// boolean replaced; arrays and maps are emptied.
import { isJsonObject } from "../json-value.js";
import { markerText } from "./markers.js";
import { isLiteral, ANY, type Literal, type Shape, type ShapeTable } from "./shape.js";

/** One value to replace: where it is, and the JSON text that takes its place. */
export interface Replacement {
  readonly pointer: string;
  readonly text: string;
}

type ObjectLeaf = { readonly o: { readonly [field: string]: Shape }; readonly m?: Shape };
type Leaf = string | { readonly x: Shape } | ObjectLeaf | { readonly a: Shape } | { readonly k: readonly Literal[] };

// Shapes are generated from a finite bundle; a chain of references and unions longer than this is a cycle.
const MAX_ALIAS_DEPTH = 64;

/** The JSON type letter of a parsed value (see `Shape`). */
function letterOf(value: unknown): string {
  if (value === null) return "z";
  if (Array.isArray(value)) return "a";
  if (typeof value === "object") return "o";
  return typeof value === "string" ? "s" : typeof value === "number" ? "n" : "b";
}

function lettersAllow(letters: string, value: unknown): boolean {
  return letters === ANY || letters.includes(letterOf(value));
}

/** Whether `leaf` vouches for `value` outside a sensitive value (a sensitive leaf takes any value, to redact it). */
function fits(leaf: Leaf, value: unknown): boolean {
  if (typeof leaf === "string") return lettersAllow(leaf, value);
  if ("x" in leaf) return true;
  if ("o" in leaf) return isJsonObject(value);
  if ("a" in leaf) return Array.isArray(value);
  return isLiteral(value) && leaf.k.includes(value);
}

function isObjectLeaf(leaf: Leaf): leaf is ObjectLeaf {
  return typeof leaf !== "string" && "o" in leaf;
}

function pointerToken(key: string): string {
  return key.includes("~") || key.includes("/") ? key.replaceAll("~", "~0").replaceAll("/", "~1") : key;
}

/** The variant of a tagged union that `value`'s tag names; `undefined` when it names none. */
function taggedVariant(shape: { readonly d: string; readonly v: { readonly [tag: string]: Shape } }, value: unknown): Shape | undefined {
  const tag = isJsonObject(value) && Object.hasOwn(value, shape.d) ? value[shape.d] : undefined;
  return typeof tag === "string" && Object.hasOwn(shape.v, tag) ? shape.v[tag] : undefined;
}

/** The shapes of `key` in the objects `objects` describe (a map's value shape for a key it does not name). */
function fieldShapes(objects: readonly ObjectLeaf[], key: string): Shape[] {
  const shapes: Shape[] = [];
  for (const { o, m } of objects) {
    const field = Object.hasOwn(o, key) ? o[key] : m;
    if (field !== undefined) shapes.push(field);
  }
  return shapes;
}

/** The replacements that redact one parsed line; a walker is made per line. */
export class ShapeWalk {
  private readonly segments: (string | number)[] = [];
  readonly replacements: Replacement[] = [];

  constructor(private readonly table: ShapeTable) {}

  /** Reads `value` as `shape`, outside any sensitive value. One shape at a time, the common case, is read without gathering leaves. */
  walk(value: unknown, shape: Shape): void {
    let current = shape;
    for (let depth = 0; depth <= MAX_ALIAS_DEPTH; depth += 1) {
      if (typeof current === "string") {
        if (!lettersAllow(current, value)) this.replace(value);
        return;
      }
      if ("r" in current) {
        current = this.table.shape(current.r);
        continue;
      }
      if ("d" in current) {
        const variant = taggedVariant(current, value);
        if (variant === undefined) return this.walkAny(value, Object.values(current.v));
        current = variant;
        continue;
      }
      if ("u" in current) return this.walkAny(value, current.u);
      if ("x" in current) return this.redactSensitive(value, [current.x]);
      if ("o" in current) {
        if (isJsonObject(value)) this.fields(value, current);
        else this.replace(value);
        return;
      }
      if ("a" in current) {
        if (Array.isArray(value)) this.items(value, current.a);
        else this.replace(value);
        return;
      }
      if (!isLiteral(value) || !current.k.includes(value)) this.replace(value);
      return;
    }
    throw new Error("redaction shapes: a cycle of references");
  }

  private fields(value: { readonly [key: string]: unknown }, shape: ObjectLeaf): void {
    for (const key of Object.keys(value)) {
      const field = Object.hasOwn(shape.o, key) ? shape.o[key] : shape.m;
      this.segments.push(key);
      if (field === undefined) this.replace(value[key]);
      else this.walk(value[key], field);
      this.segments.pop();
    }
  }

  private items(value: readonly unknown[], shape: Shape): void {
    for (let index = 0; index < value.length; index += 1) {
      this.segments.push(index);
      this.walk(value[index], shape);
      this.segments.pop();
    }
  }

  /**
   * Reads `value` as any of `shapes`: a sensitive one that fits wins; a
   * field any fitting object shape defines is read as each of them defines
   * it, and one none defines is replaced. A shape of JSON types alone (an
   * open payload) vouches for a container only when no shape with fields or
   * items fits it: failing closed, a value that may be of a defined type is
   * read as that type (a response whose tag is corrupted is read as a
   * success and as an error, its success data as the method's result).
   */
  private walkAny(value: unknown, shapes: readonly Shape[]): void {
    const leaves = this.leaves(shapes, value, false).filter((leaf) => fits(leaf, value));
    if (leaves.length === 0) return this.replace(value);
    const sensitive = leaves.flatMap((leaf) => (typeof leaf !== "string" && "x" in leaf ? [leaf.x] : []));
    if (sensitive.length > 0) return this.redactSensitive(value, sensitive);
    if (isJsonObject(value)) {
      const objects = leaves.filter(isObjectLeaf);
      for (const key of objects.length === 0 ? [] : Object.keys(value)) {
        this.segments.push(key);
        this.read(value[key], fieldShapes(objects, key));
        this.segments.pop();
      }
      return;
    }
    if (!Array.isArray(value)) return;
    const items = leaves.flatMap((leaf) => (typeof leaf !== "string" && "a" in leaf ? [leaf.a] : []));
    for (let index = 0; items.length > 0 && index < value.length; index += 1) {
      this.segments.push(index);
      this.read(value[index], items);
      this.segments.pop();
    }
  }

  private read(value: unknown, shapes: readonly Shape[]): void {
    const [only] = shapes;
    if (only === undefined) this.replace(value);
    else if (shapes.length === 1) this.walk(value, only);
    else this.walkAny(value, shapes);
  }

  /** Reads a sensitive `value` as one of `shapes`: keeps what no redaction replaces (`null`, tags, enum values), replaces the rest. */
  private redactSensitive(value: unknown, shapes: readonly Shape[]): void {
    if (value === null) return;
    const leaves = this.leaves(shapes, value, true);
    if (isJsonObject(value)) {
      const objects = leaves.filter((leaf): leaf is ObjectLeaf => isObjectLeaf(leaf) && Object.keys(leaf.o).length > 0);
      if (objects.length > 0) {
        for (const key of Object.keys(value)) {
          const fields = fieldShapes(objects, key);
          this.segments.push(key);
          if (fields.length === 0) this.replace(value[key]);
          else this.redactSensitive(value[key], fields);
          this.segments.pop();
        }
        return;
      }
    }
    if (isLiteral(value) && leaves.some((leaf) => typeof leaf !== "string" && "k" in leaf && leaf.k.includes(value))) return;
    this.replace(value);
  }

  /** The leaves of `shapes` that may describe `value`: references followed, unions opened (a tagged one at the variant its tag names, or at every variant), and `inside` a sensitive value, sensitive shapes opened too. */
  private leaves(shapes: readonly Shape[], value: unknown, inside: boolean): Leaf[] {
    const found: Leaf[] = [];
    for (const shape of shapes) this.open(shape, value, inside, found, 0);
    return found;
  }

  private open(shape: Shape, value: unknown, inside: boolean, found: Leaf[], depth: number): void {
    if (depth > MAX_ALIAS_DEPTH) throw new Error("redaction shapes: a cycle of references");
    if (typeof shape === "string" || "o" in shape || "a" in shape || "k" in shape) found.push(shape);
    else if ("x" in shape) {
      if (inside) this.open(shape.x, value, inside, found, depth + 1);
      else found.push(shape);
    } else if ("r" in shape) this.open(this.table.shape(shape.r), value, inside, found, depth + 1);
    else if ("u" in shape) for (const variant of shape.u) this.open(variant, value, inside, found, depth + 1);
    else {
      const variant = taggedVariant(shape, value);
      for (const each of variant === undefined ? Object.values(shape.v) : [variant]) this.open(each, value, inside, found, depth + 1);
    }
  }

  private replace(value: unknown): void {
    const text = markerText(value);
    if (text === undefined) return;
    let pointer = "";
    for (const segment of this.segments) pointer += `/${typeof segment === "number" ? segment : pointerToken(segment)}`;
    this.replacements.push({ pointer, text });
  }
}
