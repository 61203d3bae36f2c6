// Reads a parsed value beside its shapes and says which of its values to
// replace, by JSON Pointer, with which marker. Outside a sensitive value,
// what a shape kept as written holds is kept, and so is a field its type
// does not define, unless it is one typo away from a field that can hold a
// sensitive value (a misspelt or corrupted name): it is then read as that
// field. A value of a JSON type its shapes do not allow where a sensitive
// value may be is replaced, since nothing vouches for it. Inside a
// sensitive value, tags and enum values are kept and every other string,
// number and boolean replaced; arrays and maps are emptied.
import { isJsonObject } from "../json-value.js";
import { markerText } from "./markers.js";
import { withinOneTypo } from "./typo.js";
import { isLiteral, KEPT, type Literal, type Shape, type ShapeTable } from "./shape.js";

/** One value to replace: where it is, and the JSON text that takes its place. */
export interface Replacement {
  readonly pointer: string;
  readonly text: string;
}

type Leaf = string | { readonly x: Shape } | { readonly o: { readonly [field: string]: Shape }; readonly m?: Shape } | { readonly a: Shape } | { readonly k: readonly Literal[] };

/** The JSON type letter of a parsed value (see `Shape`). */
function letterOf(value: unknown): string {
  if (value === null) return "z";
  if (Array.isArray(value)) return "a";
  if (typeof value === "object") return "o";
  return typeof value === "string" ? "s" : typeof value === "number" ? "n" : "b";
}

function fits(leaf: Leaf, value: unknown): boolean {
  if (typeof leaf === "string") return leaf === KEPT || leaf.includes(letterOf(value));
  if ("x" in leaf) return true;
  if ("o" in leaf) return isJsonObject(value);
  if ("a" in leaf) return Array.isArray(value);
  const letter = letterOf(value);
  return leaf.k.some((literal) => letterOf(literal) === letter);
}

function pointerToken(key: string): string {
  return key.includes("~") || key.includes("/") ? key.replaceAll("~", "~0").replaceAll("/", "~1") : key;
}

/** The replacements that redact one parsed line; a walker is made per line. */
export class ShapeWalk {
  private readonly segments: string[] = [];
  readonly replacements: Replacement[] = [];

  constructor(private readonly table: ShapeTable) {}

  /** Reads `value` (at the line's root) as one of `shapes`, outside any sensitive value. */
  walk(value: unknown, shapes: readonly Shape[]): void {
    if (shapes.length === 1 && shapes[0] === KEPT) return;
    const leaves = this.leaves(shapes, value, false).filter((leaf) => fits(leaf, value));
    if (leaves.length === 0) return this.replace(value);
    const sensitive = leaves.flatMap((leaf) => (typeof leaf !== "string" && "x" in leaf ? [leaf.x] : []));
    if (sensitive.length > 0) return this.redactSensitive(value, sensitive);
    // A leaf kept as written that fits a container (`o`, `a`, `*`) vouches for every part of it.
    this.walkParts(value, leaves, leaves.some((leaf) => typeof leaf === "string"), false, (shapes, part) => this.walk(part, shapes));
  }

  /** Reads a sensitive `value` as one of `shapes`: keeps what no redaction replaces, replaces the rest. */
  private redactSensitive(value: unknown, shapes: readonly Shape[]): void {
    if (value === null) return;
    const leaves = this.leaves(shapes, value, true);
    if (isJsonObject(value) && leaves.some((leaf) => typeof leaf !== "string" && "o" in leaf && Object.keys(leaf.o).length > 0)) {
      return this.walkParts(value, leaves, false, true, (shapes, part) => this.redactSensitive(part, shapes));
    }
    if (isLiteral(value) && leaves.some((leaf) => typeof leaf !== "string" && "k" in leaf && leaf.k.includes(value))) return;
    this.replace(value);
  }

  /**
   * Reads the fields or items of `value` as the `leaves` that fit it say
   * (`keptWhole`: a leaf kept as written vouches for every part). A field no
   * leaf defines is replaced `inside` a sensitive value, and outside one kept
   * unless it is one typo away from a field that can hold a sensitive value.
   */
  private walkParts(value: unknown, leaves: readonly Leaf[], keptWhole: boolean, inside: boolean, read: (shapes: readonly Shape[], part: unknown) => void): void {
    if (isJsonObject(value)) {
      const objects = leaves.filter((leaf): leaf is Extract<Leaf, { o: unknown }> => typeof leaf !== "string" && "o" in leaf);
      if (objects.length === 0) return;
      for (const key of Object.keys(value)) {
        const shapes = this.fieldShapes(objects, key, keptWhole);
        if (shapes.length === 0 && inside === false) shapes.push(...nearFields(objects, key));
        this.segments.push(pointerToken(key));
        if (shapes.length === 0) {
          if (inside) this.replace(value[key]);
        } else read(shapes, value[key]);
        this.segments.pop();
      }
      return;
    }
    if (!Array.isArray(value)) return;
    const items = leaves.flatMap((leaf) => (typeof leaf !== "string" && "a" in leaf ? [leaf.a] : []));
    if (items.length === 0) return;
    if (keptWhole) items.push(KEPT);
    value.forEach((item: unknown, index) => {
      this.segments.push(String(index));
      read(items, item);
      this.segments.pop();
    });
  }

  private fieldShapes(objects: readonly Extract<Leaf, { o: unknown }>[], key: string, keptWhole: boolean): Shape[] {
    const shapes: Shape[] = [];
    for (const { o, m } of objects) {
      const field = Object.hasOwn(o, key) ? o[key] : m;
      if (field !== undefined) shapes.push(field);
    }
    if (keptWhole) shapes.push(KEPT);
    return shapes;
  }

  /** The leaves of `shapes` that may describe `value`: references followed, unions opened (a tagged one at the variant its tag names, or at every variant). */
  private leaves(shapes: readonly Shape[], value: unknown, inside: boolean): Leaf[] {
    const found: Leaf[] = [];
    const open = (shape: Shape, depth: number): void => {
      // Shapes are generated from a finite bundle; an alias chain longer than this is a cycle of aliases.
      if (depth > 64) return;
      if (typeof shape === "string" || "o" in shape || "a" in shape || "k" in shape) found.push(shape);
      else if ("x" in shape) {
        if (inside) open(shape.x, depth + 1);
        else found.push(shape);
      } else if ("r" in shape) open(this.table.guarded(shape.r), depth + 1);
      else if ("f" in shape) open(this.table.sensitive(shape.f), depth + 1);
      else if ("u" in shape) for (const variant of shape.u) open(variant, depth + 1);
      else for (const variant of tagged(shape, value)) open(variant, depth + 1);
    };
    for (const shape of shapes) open(shape, 0);
    return found;
  }

  private replace(value: unknown): void {
    const text = markerText(value);
    if (text === undefined) return;
    let pointer = "";
    for (const segment of this.segments) pointer += `/${segment}`;
    this.replacements.push({ pointer, text });
  }
}

/** The shapes of the fields of `objects` that can hold a sensitive value (a shape not kept as written) and whose names are one typo from `key`. */
function nearFields(objects: readonly Extract<Leaf, { o: unknown }>[], key: string): Shape[] {
  const near: Shape[] = [];
  for (const { o } of objects) for (const [field, shape] of Object.entries(o)) if (typeof shape !== "string" && withinOneTypo(key, field)) near.push(shape);
  return near;
}

/** The variant of a tagged union that `value`'s tag names; every variant when it names none. */
function tagged(shape: { readonly d: string; readonly v: { readonly [tag: string]: Shape } }, value: unknown): readonly Shape[] {
  const tag = isJsonObject(value) && Object.hasOwn(value, shape.d) ? value[shape.d] : undefined;
  const variant = typeof tag === "string" && Object.hasOwn(shape.v, tag) ? shape.v[tag] : undefined;
  return variant === undefined ? Object.values(shape.v) : [variant];
}
