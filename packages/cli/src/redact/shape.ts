// The shapes a message is redacted by, generated at build time from the
// schema bundle (scripts/redaction-shapes.ts): what a value of a protocol
// type holds, as far as redaction needs to know it.
import { REDACTION_SHAPES } from "../generated/redaction-shapes.js";
import { compiled, type ShapeNode } from "./shape-node.js";

/** A constant or enum value a schema allows. */
export type Literal = string | number | boolean | null;

/**
 * How a value is read for redaction:
 * - a string of JSON type letters (`o` object, `a` array, `s` string, `n`
 *   number, `b` boolean, `z` null; `*` any): a value of one of those types,
 *   kept as written (a container of these is a payload the schema leaves
 *   open);
 * - `r`: a value of the named type;
 * - `x`: a sensitive value, of the shape it holds;
 * - `u`: a value of any of these shapes; `d`: the same, told apart by the
 *   tag field `d` (`v` maps each tag to its variant);
 * - `o`: an object with these fields (`m`: the shape of any other field,
 *   for a map; without it, a field the type does not define is unknown);
 * - `a`: an array of items of this shape;
 * - `k`: one of these constants (a tag or an enum value).
 */
export type Shape =
  | string
  | { readonly r: string }
  | { readonly x: Shape }
  | { readonly u: readonly Shape[] }
  | { readonly d: string; readonly v: { readonly [tag: string]: Shape } }
  | { readonly o: { readonly [field: string]: Shape }; readonly m?: Shape }
  | { readonly a: Shape }
  | { readonly k: readonly Literal[] };

/** The shape of a value kept as written, of any type. */
export const ANY: Shape = "*";

type Fields = { readonly [key: string]: unknown };

function isRecord(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether `value` is a JSON scalar, as constants are. */
export function isLiteral(value: unknown): value is Literal {
  return value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/** A map of shapes without a prototype, so that a field named `__proto__` or `constructor` is looked up as any other. */
function shapeMap(value: unknown, where: string): { readonly [key: string]: Shape } {
  if (!isRecord(value)) throw new Error(`redaction shapes: ${where} is not a map`);
  const map: { [key: string]: Shape } = Object.create(null);
  for (const [key, entry] of Object.entries(value)) map[key] = shapeFrom(entry, `${where}/${key}`);
  return map;
}

/** `value` read as a shape; throws when the generated table is not one (it is built with the package, so that is a build fault). */
function shapeFrom(value: unknown, where: string): Shape {
  if (typeof value === "string") return value;
  if (!isRecord(value)) throw new Error(`redaction shapes: ${where} is no shape`);
  const { r, x, u, d, v, o, m, a, k } = value;
  if (typeof r === "string") return { r };
  if (x !== undefined) return { x: shapeFrom(x, `${where}/x`) };
  if (Array.isArray(u)) return { u: u.map((variant, index) => shapeFrom(variant, `${where}/u/${index}`)) };
  if (typeof d === "string") return { d, v: shapeMap(v, `${where}/v`) };
  if (o !== undefined) return m === undefined ? { o: shapeMap(o, `${where}/o`) } : { o: shapeMap(o, `${where}/o`), m: shapeFrom(m, `${where}/m`) };
  if (a !== undefined) return { a: shapeFrom(a, `${where}/a`) };
  if (Array.isArray(k) && k.every(isLiteral)) return { k };
  throw new Error(`redaction shapes: ${where} is no shape`);
}

/** The generated shapes, by type name, each parsed when first asked for. */
export class ShapeTable {
  private readonly parsed = new Map<string, Shape>();
  private readonly nodes = new Map<string, ShapeNode>();

  constructor(private readonly texts: ReadonlyMap<string, string>) {}

  /** The shape of a value of type `name`; throws for a type the table does not have (a build fault: the line is then withheld). */
  shape(name: string): Shape {
    const known = this.parsed.get(name);
    if (known !== undefined) return known;
    const text = this.texts.get(name);
    if (text === undefined) throw new Error(`redaction shapes: no type ${name}`);
    const shape = shapeFrom(JSON.parse(text), name);
    this.parsed.set(name, shape);
    return shape;
  }

  /** The compiled shape of type `name`, compiled once. */
  node(name: string): ShapeNode {
    const known = this.nodes.get(name);
    if (known !== undefined) return known;
    const made = compiled(this.shape(name));
    this.nodes.set(name, made);
    return made;
  }

  /** Whether the table has type `name`. */
  has(name: string): boolean {
    return this.texts.has(name);
  }

  /** How many types have been parsed. */
  get parsedCount(): number {
    return this.parsed.size;
  }
}

let table: ShapeTable | undefined;

/** The package's shapes. */
export function redactionShapes(): ShapeTable {
  table ??= new ShapeTable(REDACTION_SHAPES);
  return table;
}
