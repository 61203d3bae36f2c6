// protocol.ts: a schema and a type per protocol type.
import { commentHeader } from "../../language.js";
import type { BindingsModel } from "../../model.js";
import { declarations } from "./declarations.js";

/** The helpers of wire.ts a schema may use. */
const WIRE_HELPERS = ["externalUnion", "jsonMap", "taggedUnionWithFallback", "untaggedUnion", "wireInteger"];

export function protocolFile(model: BindingsModel): string {
  const body = declarations(model).join("\n\n");
  const helpers = WIRE_HELPERS.filter((helper) => body.includes(`${helper}(`));
  const imports = ['import * as z from "zod";', ...(helpers.length > 0 ? [`import { ${helpers.join(", ")} } from "./wire.js";`] : [])];
  return `${commentHeader("//")}\n${imports.join("\n")}\n\n${body}\n`;
}
