import { CompiledTypes } from "./compiled.js";
import { STRICT_SHAPES } from "./generated/message-shapes.js";
import * as generated from "./generated/message-validators.js";
import type { MessageTypeName, ProtocolTypes } from "./generated/protocol-types.js";

/** The validators of the types messages are validated against. */
export const MESSAGE_TYPES = new CompiledTypes<MessageTypeName>(generated, STRICT_SHAPES);

/** The guard of a type messages are validated against; the generated `is<Type>` guards are made with it. */
export function messageGuard<K extends MessageTypeName>(name: K): (value: unknown) => value is ProtocolTypes[K] {
  return MESSAGE_TYPES.guard(name);
}
