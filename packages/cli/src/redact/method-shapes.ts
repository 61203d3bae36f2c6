import { METHOD_REGISTRY, type MethodDescriptor } from "@app-server-protocol/types";
import type { Shape } from "./shape.js";

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

/**
 * The shape of an answer whose request is unknown: the result of any
 * method. A field is kept as any result type that defines it defines it
 * (a sensitive one redacted); a field no result type defines is redacted.
 */
export function answerToAnyMethod(): Shape {
  anyAnswer ??= { u: [...new Set(METHOD_REGISTRY.flatMap((method) => (method.result === null ? [] : [method.result])))].map((name) => ({ r: name })) };
  return anyAnswer;
}
