import { CompiledTypes } from "./compiled.js";
import { STRICT_SHAPES } from "./generated/message-shapes.js";
import { MESSAGE_TABLE } from "./generated/message-table.js";
import type { MessageTypeName } from "./generated/protocol-types.js";

let types: CompiledTypes<MessageTypeName> | undefined;

/**
 * The validators of the types messages are validated against, made on first
 * use: nothing runs when the module loads, so a bundle that imports only the
 * question rules leaves the message types out.
 */
export function messageTypes(): CompiledTypes<MessageTypeName> {
  types ??= CompiledTypes.of(MESSAGE_TABLE, [STRICT_SHAPES]);
  return types;
}
