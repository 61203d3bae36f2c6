import { findMethod } from "@app-server-protocol/types";
import { envelopeLine, messageHead } from "../app-server/envelope-line.js";
import { isJsonObject, own, type JsonObject } from "../json-value.js";
import { answerToAnyMethod, methodShapes } from "./method-shapes.js";
import { PendingAnswers } from "./pending-answers.js";
import { redactionShapes, type Shape } from "./shape.js";
import { compiled, objectNode, type ShapeNode } from "./shape-node.js";
import { ShapeWalk, type Replacement } from "./shape-walk.js";

/** The params of a method the registry does not define, or of a message that has none (a response): nothing vouches for them. */
const UNKNOWN_PARAMS: Shape = { x: "*" };

/** The result of a failed response (spec 1.3), whatever the method. */
const ERROR_RESULT: Shape = { r: "ResponseResultError" };

/** A response's `result` (spec 1.3), the success `data` read as `data`. */
function resultShape(data: Shape): Shape {
  return { d: "status", v: { success: { o: { status: { k: ["success"] }, data } }, error: ERROR_RESULT } };
}

/** The fields of a message envelope (spec 1.2), its params read as `params` and its success data as `data`. */
function envelopeShape(params: Shape, data: Shape): Shape {
  return { o: { type: "s", id: "s", method: "s", params, result: resultShape(data) } };
}

/** A line that is no message: neither a request or notification of a method the registry knows nor a response. Only its envelope fields are vouched for. */
const NO_MESSAGE = compiled({ o: { type: "s", id: "s", method: "s" } });

/** A line that is no JSON object (a scalar or an array): replaced by its marker. */
const NOT_AN_OBJECT = compiled("z");

/**
 * Says what to replace in app-server messages. A request's or notification's
 * params are read as the params type of its method, a response's success
 * data as the result type of the method of the request its id names (a
 * response whose request is unknown as the result of any method), through
 * the shapes built from the schemas: every value they mark `x-sensitive` is
 * replaced, wherever its type appears, and, failing closed, so is every
 * value no schema defines: a field its type does not define (the envelope's
 * included), a value of a type or constant its schema does not allow, the
 * params of a method the registry does not know, every field but the
 * envelope's of a line that is no message.
 */
export class MessageRedactor {
  private readonly pending = new PendingAnswers();
  private readonly envelopes = new Map<Shape, Map<Shape, ShapeNode>>();
  private readonly wrappers = new Map<ShapeNode, ShapeNode>();

  /** The replacements that redact the parsed line `value`. */
  replacements(value: unknown): readonly Replacement[] {
    const { message, pathPrefix } = envelopeLine(value);
    const messageShape = isJsonObject(message) ? this.envelope(message) : NOT_AN_OBJECT;
    const shape = pathPrefix === "" ? messageShape : this.wrapperOf(messageShape);
    const walk = new ShapeWalk(redactionShapes());
    walk.walk(value, shape);
    return walk.replacements;
  }

  /** A direction wrapper around a message read as `message`. */
  private wrapperOf(message: ShapeNode): ShapeNode {
    let wrapper = this.wrappers.get(message);
    if (wrapper === undefined) {
      wrapper = objectNode(
        new Map([
          ["direction", compiled("s")],
          ["message", message],
        ]),
      );
      this.wrappers.set(message, wrapper);
    }
    return wrapper;
  }

  /** How `message` is read; remembers the request it makes. */
  private envelope(message: JsonObject): ShapeNode {
    const { method, id } = messageHead(message);
    const descriptor = method === undefined ? undefined : findMethod(method);
    const shapes = descriptor === undefined ? undefined : methodShapes(descriptor);
    if (descriptor !== undefined && shapes !== undefined && descriptor.direction !== "server_notification" && id !== undefined) this.pending.expect(id, shapes.result);
    const answered = own(message, "result") !== undefined;
    if (shapes === undefined && !answered) return NO_MESSAGE;
    const data = !answered ? UNKNOWN_PARAMS : ((id === undefined ? undefined : this.pending.take(id)) ?? answerToAnyMethod());
    return this.envelopeOf(shapes?.params ?? UNKNOWN_PARAMS, data);
  }

  private envelopeOf(params: Shape, data: Shape): ShapeNode {
    let byData = this.envelopes.get(params);
    if (byData === undefined) {
      byData = new Map();
      this.envelopes.set(params, byData);
    }
    let shape = byData.get(data);
    if (shape === undefined) {
      shape = compiled(envelopeShape(params, data));
      byData.set(data, shape);
    }
    return shape;
  }
}
