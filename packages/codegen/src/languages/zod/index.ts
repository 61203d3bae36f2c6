// The typescript-zod bindings: a zod schema and an inferred type per protocol
// type, the method table, and message parsers that judge a message as the
// validators do, written as the package in packages/zod (its src/ and its
// README). Emitted from the schema definitions directly: each rule of the
// wire (integer ranges, where null is allowed, maps, patterns, unknown fields
// kept) has an exact zod form, which quicktype's zod output lacks.
import type { LanguageBindings } from "../../language.js";
import { indexFile } from "./index-file.js";
import { methodsFile } from "./methods-file.js";
import { protocolFile } from "./protocol-file.js";
import { readme } from "./readme.js";
import { runtimeFiles } from "./runtime-files.js";

export const zodBindings: LanguageBindings = {
  directory: "typescript-zod",
  root: "packages/zod",
  generate(model) {
    const protocol = protocolFile(model);
    const methods = methodsFile(model);
    const sources: [string, string][] = [["protocol.ts", protocol], ["methods.ts", methods], ...runtimeFiles(), ["index.ts", indexFile(protocol, methods)]];
    return Promise.resolve(new Map([...sources.map(([name, content]): [string, string] => [`src/${name}`, content]), ["README.md", readme(model)]]));
  },
};
