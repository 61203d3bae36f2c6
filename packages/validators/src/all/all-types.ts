import { CompiledTypes } from "../compiled.js";
import { STRICT_SHAPES } from "../generated/all-shapes.js";
import * as generated from "../generated/all-validators.js";
import type { ProtocolTypeName, ProtocolTypes } from "../generated/protocol-types.js";

/** The validators of every protocol type. */
export const ALL_TYPES = new CompiledTypes<ProtocolTypeName>(generated, STRICT_SHAPES);

/** The guard of any protocol type; the generated `is<Type>` guards of `/all` are made with it. */
export function anyGuard<K extends ProtocolTypeName>(name: K): (value: unknown) => value is ProtocolTypes[K] {
  return ALL_TYPES.guard(name);
}
