import type { MethodDescriptor, MethodDirection } from "@app-server-protocol/types";
import type { CompiledType, CompiledTypes } from "./compiled.js";
import type { ProtocolTypeName } from "./generated/protocol-types.js";
import { methodNamed } from "./method-lookup.js";

type Types = CompiledTypes<ProtocolTypeName>;

/** The type a method's payload is checked against, by name and generated code. */
export interface PayloadType {
  readonly name: ProtocolTypeName;
  readonly type: CompiledType;
}

/** A name that is not a method of the registry in the direction asked for. */
export const NOT_A_METHOD = Symbol("not a method");

/**
 * The payload types of one part of a method (its params, or its result),
 * in a set of types, remembered for the method last looked up: a connection
 * sends the same method message after message, and one comparison of its
 * name costs less than finding the method and then its type in the set.
 * The answer depends only on the set, the name and the direction, so
 * remembering it never changes a verdict; only a method of the registry is
 * remembered, so an unknown name, however long, is not held on to.
 */
export class PayloadTypes {
  private lastTypes: Types | undefined;
  private lastMethod = "";
  private lastDirection: MethodDirection | undefined;
  private lastPayload: PayloadType | undefined;

  /** @param part the name of the type of the part of a method this looks up (`null`: the method has none) */
  constructor(private readonly part: (method: MethodDescriptor) => string | null) {}

  /**
   * The payload type of method `name` in `types` when it is a method in
   * `direction`; `undefined` when it has no payload type or `types` lacks it.
   */
  of(types: Types, name: string, direction: MethodDirection): PayloadType | undefined | typeof NOT_A_METHOD {
    if (name === this.lastMethod && types === this.lastTypes && direction === this.lastDirection) return this.lastPayload;
    const method = methodNamed(name);
    if (method === undefined || method.direction !== direction) return NOT_A_METHOD;
    const typeName = this.part(method);
    const type = typeName === null ? undefined : types.find(typeName);
    // `has` only narrows the name to one of the set's (`find` found it).
    const payload = typeName !== null && type !== undefined && types.has(typeName) ? { name: typeName, type } : undefined;
    this.lastTypes = types;
    this.lastMethod = method.method;
    this.lastDirection = direction;
    this.lastPayload = payload;
    return payload;
  }
}
