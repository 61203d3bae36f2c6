import { CompiledTypes } from "../compiled.js";
import { STRICT_SHAPES as OTHER_SHAPES } from "../generated/all-shapes.js";
import { otherTable } from "../generated/all-table.js";
import { STRICT_SHAPES as MESSAGE_SHAPES } from "../generated/message-shapes.js";
import { MESSAGE_TABLE } from "../generated/message-table.js";
import type { ProtocolTypeName } from "../generated/protocol-types.js";

let types: CompiledTypes<ProtocolTypeName> | undefined;

/** The validators of every protocol type, made on first use (see `messageTypes`); those outside the message set, on the first use of one. */
export function allTypes(): CompiledTypes<ProtocolTypeName> {
  types ??= CompiledTypes.withRest(MESSAGE_TABLE, otherTable, [MESSAGE_SHAPES, OTHER_SHAPES]);
  return types;
}
