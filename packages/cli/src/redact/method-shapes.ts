import { METHOD_REGISTRY, type MethodDescriptor } from "@app-server-protocol/types";
import { KEPT, redactionShapes, type Shape } from "./shape.js";
import { withinOneTypo } from "./typo.js";

/** How a method's messages are read: its params, and the success data of the answer to it. */
export interface MethodShapes {
  readonly params: Shape;
  readonly result: Shape;
}

// Only the registry's methods are remembered, so the cache holds at most as
// many entries as the registry has methods, whatever names a transcript uses.
const byMethod = new Map<string, MethodShapes>();

/** One shape for several: `KEPT` when they all are, else their union. */
function either(shapes: readonly Shape[]): Shape {
  const guarded = [...new Set(shapes.filter((shape) => shape !== KEPT))];
  const [only] = guarded;
  if (guarded.length === 0 || only === undefined) return KEPT;
  return guarded.length === 1 ? only : { u: guarded };
}

/**
 * The shapes of a method of the registry. A method one typo from another
 * (`session/goal/get` and `session/goal/set`) is read as either, so a
 * corrupted method name leaves no sensitive field of the other unredacted.
 */
export function methodShapes(descriptor: MethodDescriptor): MethodShapes {
  const known = byMethod.get(descriptor.method);
  if (known !== undefined) return known;
  const table = redactionShapes();
  const readAs = METHOD_REGISTRY.filter((other) => other.method === descriptor.method || withinOneTypo(other.method, descriptor.method));
  const shapes: MethodShapes = {
    params: either(readAs.map((method) => table.guarded(method.params))),
    result: either(readAs.map((method) => (method.result === null ? KEPT : table.guarded(method.result)))),
  };
  byMethod.set(descriptor.method, shapes);
  return shapes;
}

/** How many methods have their shapes remembered. */
export function cachedMethodCount(): number {
  return byMethod.size;
}

let anyAnswer: Shape | undefined;

/**
 * The shape of an answer whose request is unknown: the result of any
 * method. Each method's sensitive result fields are redacted; the other
 * fields are kept, since one of the methods may define them.
 */
export function answerToAnyMethod(): Shape {
  if (anyAnswer !== undefined) return anyAnswer;
  const table = redactionShapes();
  const results = new Set(METHOD_REGISTRY.flatMap((method) => (method.result !== null && table.holdsSensitive(method.result) ? [method.result] : [])));
  anyAnswer = { u: [...[...results].map((name) => ({ r: name })), KEPT] };
  return anyAnswer;
}
