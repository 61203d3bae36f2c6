// The shapes a message is redacted by, generated at build time from the
// schema bundle (scripts/redaction-shapes.ts): what a value of a protocol
// type holds, as far as redaction needs to know it.
import { REDACTION_SHAPES } from "../generated/redaction-shapes.js";

/** A constant or enum value a schema allows. */
export type Literal = string | number | boolean | null;

/**
 * How a value is read for redaction:
 * - a string of JSON type letters (`o` object, `a` array, `s` string, `n`
 *   number, `b` boolean, `z` null; `*` any): a value of one of those types
 *   holds nothing sensitive and is kept as written;
 * - `r`: a value of the named type that can hold a sensitive value;
 * - `x`: a sensitive value, of the shape it holds;
 * - `f`: inside a sensitive value, a value of the named type, whole;
 * - `u`: a value of any of these shapes; `d`: the same, told apart by the
 *   tag field `d` (`v` maps each tag to its variant);
 * - `o`: an object with these fields (`m`: the shape of any other field,
 *   for a map; without it, a field the type does not define is unknown);
 * - `a`: an array of items of this shape;
 * - `k`: one of these constants (a tag or an enum value, which no redaction
 *   replaces).
 */
export type Shape =
  | string
  | { readonly r: string }
  | { readonly x: Shape }
  | { readonly f: string }
  | { readonly u: readonly Shape[] }
  | { readonly d: string; readonly v: { readonly [tag: string]: Shape } }
  | { readonly o: { readonly [field: string]: Shape }; readonly m?: Shape }
  | { readonly a: Shape }
  | { readonly k: readonly Literal[] };

/** The shape of a value that holds nothing sensitive, of any type. */
export const KEPT: Shape = "*";

type Fields = { readonly [key: string]: unknown };

function isRecord(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether `value` is a JSON scalar, as constants are. */
export function isLiteral(value: unknown): value is Literal {
  return value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

function shapeMap(value: unknown, where: string): { readonly [key: string]: Shape } {
  if (!isRecord(value)) throw new Error(`redaction shapes: ${where} is not a map`);
  const map: { [key: string]: Shape } = {};
  for (const [key, entry] of Object.entries(value)) Object.defineProperty(map, key, { value: shapeFrom(entry, `${where}/${key}`), enumerable: true });
  return map;
}

/** `value` read as a shape; throws when the generated table is not one (it is built with the package, so that is a build fault). */
function shapeFrom(value: unknown, where: string): Shape {
  if (typeof value === "string") return value;
  if (!isRecord(value)) throw new Error(`redaction shapes: ${where} is no shape`);
  const { r, x, f, u, d, v, o, m, a, k } = value;
  if (typeof r === "string") return { r };
  if (x !== undefined) return { x: shapeFrom(x, `${where}/x`) };
  if (typeof f === "string") return { f };
  if (Array.isArray(u)) return { u: u.map((variant, index) => shapeFrom(variant, `${where}/u/${index}`)) };
  if (typeof d === "string") return { d, v: shapeMap(v, `${where}/v`) };
  if (o !== undefined) return m === undefined ? { o: shapeMap(o, `${where}/o`) } : { o: shapeMap(o, `${where}/o`), m: shapeFrom(m, `${where}/m`) };
  if (a !== undefined) return { a: shapeFrom(a, `${where}/a`) };
  if (Array.isArray(k) && k.every(isLiteral)) return { k };
  throw new Error(`redaction shapes: ${where} is no shape`);
}

/** The generated shapes, by type name: those that can hold a sensitive value, and those written inside one. */
export class ShapeTable {
  private readonly guardedShapes: { readonly [name: string]: Shape };
  private readonly sensitiveShapes: { readonly [name: string]: Shape };

  constructor(json: string) {
    const table: unknown = JSON.parse(json);
    if (!isRecord(table)) throw new Error("redaction shapes: not a table");
    this.guardedShapes = shapeMap(table["guarded"], "guarded");
    this.sensitiveShapes = shapeMap(table["sensitive"], "sensitive");
  }

  /** The shape of a value of type `name`: `KEPT` for a type that holds nothing sensitive. */
  guarded(name: string): Shape {
    return Object.hasOwn(this.guardedShapes, name) ? (this.guardedShapes[name] ?? KEPT) : KEPT;
  }

  /** Whether a value of type `name` can hold a sensitive value. */
  holdsSensitive(name: string): boolean {
    return Object.hasOwn(this.guardedShapes, name);
  }

  /** The whole shape of type `name` inside a sensitive value. */
  sensitive(name: string): Shape {
    return Object.hasOwn(this.sensitiveShapes, name) ? (this.sensitiveShapes[name] ?? KEPT) : KEPT;
  }
}

let table: ShapeTable | undefined;

/** The package's shapes, read on first use. */
export function redactionShapes(): ShapeTable {
  table ??= new ShapeTable(REDACTION_SHAPES);
  return table;
}
