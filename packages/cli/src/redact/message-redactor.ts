import { findMethod } from "@app-server-protocol/types";
import { envelopeLine } from "../app-server/envelope-line.js";
import { isJsonObject, own, ownString, type JsonObject } from "../json-value.js";
import { answerToAnyMethod, methodShapes } from "./method-shapes.js";
import { PendingAnswers } from "./pending-answers.js";
import { KEPT, redactionShapes, type Shape } from "./shape.js";
import { ShapeWalk, type Replacement } from "./shape-walk.js";

/** The params of a method the registry does not define: nothing vouches for them. */
const UNKNOWN_PARAMS: Shape = { x: KEPT };

/** The fields of a response's `result` (spec 1.3), the success `data` read as `data`. */
function resultShape(data: Shape): Shape {
  return { d: "status", v: { success: { o: { status: KEPT, data } }, error: { o: { status: KEPT, code: KEPT, message: KEPT, data: KEPT } } } };
}

/** The fields of a message envelope (spec 1.2), its params read as `params` and its success data as `data`. */
function envelopeShape(params: Shape, data: Shape): Shape {
  return { o: { type: KEPT, id: KEPT, method: KEPT, params, result: resultShape(data) } };
}

/** A line that is no message: neither a request or notification of a method the registry knows nor a response. Only its envelope fields are vouched for. */
const NO_MESSAGE: Shape = { o: { type: KEPT, id: KEPT, method: KEPT }, m: UNKNOWN_PARAMS };

/**
 * Says what to replace in app-server messages: the values the schemas mark
 * `x-sensitive` in a request's or notification's params (by its method)
 * and in a response's success data (by the method of the request its id
 * names), wherever their types appear; a response whose request is unknown
 * by every method's sensitive result fields. What nothing vouches for is
 * replaced too: the params of a method the registry does not know, every
 * field but the envelope's of a line that is no message. A message whose
 * types hold nothing sensitive is kept whole.
 */
export class MessageRedactor {
  private readonly pending = new PendingAnswers();
  private readonly envelopes = new Map<Shape, Map<Shape, Shape>>();

  /** The replacements that redact the parsed line `value`. */
  replacements(value: unknown): readonly Replacement[] {
    const { message, pathPrefix } = envelopeLine(value);
    const envelope = isJsonObject(message) ? this.envelope(message) : undefined;
    if (envelope === KEPT) return [];
    // A line that is no message object (a JSON scalar or array, or a wrapper of one): its marker.
    const messageShape = envelope ?? "z";
    const shape: Shape = pathPrefix === "" ? messageShape : { o: { direction: KEPT, message: messageShape } };
    const walk = new ShapeWalk(redactionShapes());
    walk.walk(value, [shape]);
    return walk.replacements;
  }

  /** How `message` is read, `KEPT` when nothing sensitive can be in it; remembers the request it makes. */
  private envelope(message: JsonObject): Shape {
    const method = ownString(message, "method");
    const id = ownString(message, "id");
    const descriptor = method === undefined ? undefined : findMethod(method);
    const shapes = descriptor === undefined ? undefined : methodShapes(descriptor);
    if (descriptor !== undefined && shapes !== undefined && descriptor.direction !== "server_notification" && id !== undefined) this.pending.expect(id, shapes.result);
    const answered = own(message, "result") !== undefined;
    const data = !answered ? KEPT : ((id === undefined ? undefined : this.pending.take(id)) ?? answerToAnyMethod());
    if (shapes === undefined && !answered) return NO_MESSAGE;
    // A response has no params.
    const params = shapes?.params ?? KEPT;
    return params === KEPT && data === KEPT ? KEPT : this.envelopeOf(params, data);
  }

  private envelopeOf(params: Shape, data: Shape): Shape {
    let byData = this.envelopes.get(params);
    if (byData === undefined) {
      byData = new Map();
      this.envelopes.set(params, byData);
    }
    let shape = byData.get(data);
    if (shape === undefined) {
      shape = envelopeShape(params, data);
      byData.set(data, shape);
    }
    return shape;
  }
}
