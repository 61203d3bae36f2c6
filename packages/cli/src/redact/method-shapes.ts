import { METHOD_REGISTRY, type MethodDescriptor } from "@app-server-protocol/types";
import { redactionShapes, type Shape, type ShapeTable } from "./shape.js";

/** How a method's messages are read: its params, and the success data of the answer to it. */
export interface MethodShapes {
  readonly params: Shape;
  readonly result: Shape;
}

/** The data of a success without a result type (a notification has no answer): none is defined, so any is redacted. */
const NO_RESULT: Shape = "z";

// Only the registry's methods are remembered, so the cache holds at most as
// many entries as the registry has methods, whatever names a transcript uses.
const byMethod = new Map<string, MethodShapes>();

/** The shapes of a method of the registry: its params type and its result type, read as the schemas define them. */
export function methodShapes(descriptor: MethodDescriptor): MethodShapes {
  const known = byMethod.get(descriptor.method);
  if (known !== undefined) return known;
  const shapes: MethodShapes = { params: { r: descriptor.params }, result: descriptor.result === null ? NO_RESULT : { r: descriptor.result } };
  byMethod.set(descriptor.method, shapes);
  return shapes;
}

/** How many methods have their shapes remembered. */
export function cachedMethodCount(): number {
  return byMethod.size;
}

let anyAnswer: Shape | undefined;

/** `shapes` as one: itself when there is one. */
function unionOf(shapes: readonly Shape[]): Shape {
  const [only] = shapes;
  return shapes.length === 1 && only !== undefined ? only : { u: shapes };
}

/** The shapes a value of one of `shapes` may have, references and unions opened (every variant of a tagged one). */
function alternatives(shapes: readonly Shape[], table: ShapeTable): Shape[] {
  const found: Shape[] = [];
  const open = (shape: Shape, depth: number): void => {
    if (depth > 64) throw new Error("redaction shapes: a cycle of references");
    if (typeof shape === "string" || !("r" in shape || "u" in shape || "d" in shape)) found.push(shape);
    else if ("r" in shape) open(table.shape(shape.r), depth + 1);
    else if ("u" in shape) for (const variant of shape.u) open(variant, depth + 1);
    else for (const variant of Object.values(shape.v)) open(variant, depth + 1);
  };
  for (const shape of shapes) open(shape, 0);
  return found;
}

/**
 * The shape of an answer whose request is unknown: the result of any
 * method. A field is read as every result type that may define it defines
 * it (a sensitive one redacted); a field none defines is redacted. The
 * object types are merged into one, field by field, so that such an answer
 * is read in one pass rather than once per result type.
 */
export function answerToAnyMethod(): Shape {
  if (anyAnswer !== undefined) return anyAnswer;
  const table = redactionShapes();
  const results = [...new Set(METHOD_REGISTRY.flatMap((method) => (method.result === null ? [] : [method.result])))].map((name): Shape => ({ r: name }));
  const found = alternatives(results, table);
  const objects = found.filter((shape): shape is Extract<Shape, { o: unknown }> => typeof shape !== "string" && "o" in shape);
  const others = found.filter((shape) => typeof shape === "string" || !("o" in shape));
  // A key an object type does not define is read as its map's values, when it is a map.
  const fieldOf = (key: string): Shape[] =>
    objects.flatMap(({ o, m }) => {
      const field = Object.hasOwn(o, key) ? o[key] : m;
      return field === undefined ? [] : [field];
    });
  const fields: { [field: string]: Shape } = Object.create(null);
  for (const key of new Set(objects.flatMap(({ o }) => Object.keys(o)))) fields[key] = unionOf(fieldOf(key));
  const rests = objects.flatMap(({ m }) => (m === undefined ? [] : [m]));
  const merged: Shape = rests.length === 0 ? { o: fields } : { o: fields, m: unionOf(rests) };
  anyAnswer = unionOf([merged, ...others]);
  return anyAnswer;
}
