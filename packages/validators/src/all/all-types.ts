import { CompiledTypes } from "../compiled.js";
import { STRICT_SHAPES as OTHER_SHAPES } from "../generated/all-shapes.js";
import { ALL_TABLE } from "../generated/all-table.js";
import { STRICT_SHAPES as MESSAGE_SHAPES } from "../generated/message-shapes.js";
import type { ProtocolTypeName } from "../generated/protocol-types.js";

let types: CompiledTypes<ProtocolTypeName> | undefined;

/** The validators of every protocol type, made on first use (see `messageTypes`). */
export function allTypes(): CompiledTypes<ProtocolTypeName> {
  types ??= new CompiledTypes(ALL_TABLE, MESSAGE_SHAPES, OTHER_SHAPES);
  return types;
}
