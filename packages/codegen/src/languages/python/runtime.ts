// The package's fixed modules (the checker, decoder, encoder and message
// dispatch), kept as Python sources beside this file and written with the
// header under their module names.
import { readFileSync } from "node:fs";

/** Source file in runtime/ by the module it becomes. */
const RUNTIME_MODULES: Readonly<Record<string, string>> = {
  "__init__.py": "package.py",
  "_check.py": "check.py",
  "_codec.py": "codec.py",
  "_decode.py": "decode.py",
  "_describe.py": "describe.py",
  "_encode.py": "encode.py",
  "_errors.py": "errors.py",
  "_messages.py": "messages.py",
};

/** The runtime modules' sources, by module file name. */
export function runtimeModules(): Map<string, string> {
  return new Map(Object.entries(RUNTIME_MODULES).map(([module, source]) => [module, readFileSync(new URL(`./runtime/${source}`, import.meta.url), "utf8")]));
}
