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
import { isLiteral, ANY, type ShapeTable } from "./shape.js";
import { ARRAY, LETTERS, LITERALS, OBJECT, REFERENCE, SENSITIVE, TAGGED, UNION, type ShapeNode } from "./shape-node.js";

/** One value to replace: where it is, and the JSON text that takes its place. */
export interface Replacement {
  readonly pointer: string;
  readonly text: string;
}

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
  // The commonest letters, told without naming the value's type.
  if (letters === "s") return typeof value === "string";
  return letters === ANY || letters.includes(letterOf(value));
}

function isListed(node: ShapeNode, value: unknown): boolean {
  return isLiteral(value) && node.literals.includes(value);
}

/** Whether a leaf vouches for `value` outside a sensitive value (a sensitive leaf takes any value, to redact it). */
function fits(leaf: ShapeNode, value: unknown): boolean {
  switch (leaf.kind) {
    case LETTERS:
      return lettersAllow(leaf.letters, value);
    case SENSITIVE:
      return true;
    case OBJECT:
      return isJsonObject(value);
    case ARRAY:
      return Array.isArray(value);
    default:
      return isListed(leaf, value);
  }
}

function pointerToken(key: string): string {
  return key.includes("~") || key.includes("/") ? key.replaceAll("~", "~0").replaceAll("/", "~1") : key;
}

/** The variant of a tagged union that `value`'s tag names; `undefined` when it names none. */
function taggedVariant(node: ShapeNode, value: unknown): ShapeNode | undefined {
  const tag = isJsonObject(value) && Object.hasOwn(value, node.tag) ? value[node.tag] : undefined;
  return typeof tag === "string" ? node.byTag.get(tag) : undefined;
}

/** The shapes of `key` in the objects `objects` describe (a map's value shape for a key it does not name). */
function fieldShapes(objects: readonly ShapeNode[], key: string): ShapeNode[] {
  const shapes: ShapeNode[] = [];
  for (const object of objects) {
    const field = object.fields.get(key) ?? object.rest;
    if (field !== undefined) shapes.push(field);
  }
  return shapes;
}

/** The replacements that redact one parsed line; a walker is made per line. */
export class ShapeWalk {
  private readonly segments: (string | number)[] = [];
  readonly replacements: Replacement[] = [];

  constructor(private readonly table: ShapeTable) {}

  /** The node a reference names, looked up once. */
  private resolved(reference: ShapeNode): ShapeNode {
    reference.target ??= this.table.node(reference.name);
    return reference.target;
  }

  /** Reads `value` as `shape`, outside any sensitive value. One shape at a time, the common case, is read without gathering leaves. */
  walk(value: unknown, shape: ShapeNode): void {
    let current = shape;
    for (let depth = 0; depth <= MAX_ALIAS_DEPTH; depth += 1) {
      switch (current.kind) {
        case LETTERS:
          if (!lettersAllow(current.letters, value)) this.replace(value);
          return;
        case OBJECT:
          if (isJsonObject(value)) this.fields(value, current);
          else this.replace(value);
          return;
        case REFERENCE:
          current = this.resolved(current);
          continue;
        case ARRAY:
          if (Array.isArray(value) && current.inner !== undefined) this.items(value, current.inner);
          else this.replace(value);
          return;
        case TAGGED: {
          const variant = taggedVariant(current, value);
          if (variant === undefined) return this.walkAny(value, current.variants);
          current = variant;
          continue;
        }
        case UNION:
          return this.walkAny(value, current.variants);
        case SENSITIVE:
          return this.redactSensitive(value, current.inner === undefined ? [] : [current.inner]);
        default:
          if (!isListed(current, value)) this.replace(value);
          return;
      }
    }
    throw new Error("redaction shapes: a cycle of references");
  }

  private fields(value: { readonly [key: string]: unknown }, shape: ShapeNode): void {
    for (const key of Object.keys(value)) {
      const field = shape.fields.get(key) ?? shape.rest;
      const part = value[key];
      // Most fields are scalars their letters or constants allow: told without a step into the walk.
      if (field !== undefined && (field.kind === LETTERS ? lettersAllow(field.letters, part) : field.kind === LITERALS && isListed(field, part))) continue;
      this.segments.push(key);
      if (field === undefined) this.replace(part);
      else this.walk(part, field);
      this.segments.pop();
    }
  }

  private items(value: readonly unknown[], shape: ShapeNode): void {
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
  private walkAny(value: unknown, shapes: readonly ShapeNode[]): void {
    const leaves = this.leaves(shapes, value, false).filter((leaf) => fits(leaf, value));
    if (leaves.length === 0) return this.replace(value);
    const sensitive = leaves.flatMap((leaf) => (leaf.kind === SENSITIVE && leaf.inner !== undefined ? [leaf.inner] : []));
    if (sensitive.length > 0) return this.redactSensitive(value, sensitive);
    if (isJsonObject(value)) {
      const objects = leaves.filter((leaf) => leaf.kind === OBJECT);
      for (const key of objects.length === 0 ? [] : Object.keys(value)) {
        this.segments.push(key);
        this.read(value[key], fieldShapes(objects, key));
        this.segments.pop();
      }
      return;
    }
    if (!Array.isArray(value)) return;
    const items = leaves.flatMap((leaf) => (leaf.kind === ARRAY && leaf.inner !== undefined ? [leaf.inner] : []));
    for (let index = 0; items.length > 0 && index < value.length; index += 1) {
      this.segments.push(index);
      this.read(value[index], items);
      this.segments.pop();
    }
  }

  private read(value: unknown, shapes: readonly ShapeNode[]): void {
    const [only] = shapes;
    if (only === undefined) this.replace(value);
    else if (shapes.length === 1) this.walk(value, only);
    else this.walkAny(value, shapes);
  }

  /** Reads a sensitive `value` as one of `shapes`: keeps what no redaction replaces (`null`, tags, enum values), replaces the rest. */
  private redactSensitive(value: unknown, shapes: readonly ShapeNode[]): void {
    if (value === null) return;
    // An array is emptied whatever it holds, and a sensitive value of JSON types alone (a string, most often) holds nothing kept.
    if (Array.isArray(value) || (shapes.length === 1 && shapes[0]?.kind === LETTERS)) return this.replace(value);
    const leaves = this.leaves(shapes, value, true);
    if (isJsonObject(value)) {
      const objects = leaves.filter((leaf) => leaf.kind === OBJECT && leaf.fields.size > 0);
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
    if (leaves.some((leaf) => leaf.kind === LITERALS && isListed(leaf, value))) return;
    this.replace(value);
  }

  /** The leaves of `shapes` that may describe `value`: references followed, unions opened (a tagged one at the variant its tag names, or at every variant), and `inside` a sensitive value, sensitive shapes opened too. */
  private leaves(shapes: readonly ShapeNode[], value: unknown, inside: boolean): ShapeNode[] {
    const found: ShapeNode[] = [];
    for (const shape of shapes) this.open(shape, value, inside, found, 0);
    return found;
  }

  private open(shape: ShapeNode, value: unknown, inside: boolean, found: ShapeNode[], depth: number): void {
    if (depth > MAX_ALIAS_DEPTH) throw new Error("redaction shapes: a cycle of references");
    if (shape.kind === SENSITIVE && inside && shape.inner !== undefined) this.open(shape.inner, value, inside, found, depth + 1);
    else if (shape.kind === REFERENCE) this.open(this.resolved(shape), value, inside, found, depth + 1);
    else if (shape.kind === UNION) for (const variant of shape.variants) this.open(variant, value, inside, found, depth + 1);
    else if (shape.kind === TAGGED) {
      const variant = taggedVariant(shape, value);
      for (const each of variant === undefined ? shape.variants : [variant]) this.open(each, value, inside, found, depth + 1);
    } else found.push(shape);
  }

  private replace(value: unknown): void {
    const text = markerText(value);
    if (text === undefined) return;
    let pointer = "";
    for (const segment of this.segments) pointer += `/${typeof segment === "number" ? segment : pointerToken(segment)}`;
    this.replacements.push({ pointer, text });
  }
}
