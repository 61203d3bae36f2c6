// The typescript-zod bindings: a zod schema and an inferred type per protocol
// type, the method table, and message parsers that judge a message as the
// validators do. Emitted from the schema definitions directly: each rule of
// the wire (integer ranges, where null is allowed, maps, patterns, unknown
// fields kept) has an exact zod form, which quicktype's zod output lacks.
import type { LanguageBindings } from "../../language.js";
import { methodsFile } from "./methods-file.js";
import { protocolFile } from "./protocol-file.js";
import { readme } from "./readme.js";
import { runtimeFiles } from "./runtime-files.js";

export const zodBindings: LanguageBindings = {
  directory: "typescript-zod",
  generate(model) {
    return Promise.resolve(
      new Map([
        ["protocol.ts", protocolFile(model)],
        ["methods.ts", methodsFile(model)],
        ...runtimeFiles(),
        ["README.md", readme(model)],
      ]),
    );
  },
};
