import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { nodeAt, type Node } from "./schema-sets.js";

/**
 * A peer's schemas in the reference's `tests/generated/schema/` layout (spec
 * 7.1), written by hand from the spec: standalone root schemas
 * `<Type>.json` (draft 2020-12, each with its own `$defs`) and
 * `MethodContracts.json`, a map of type names to root schemas; no
 * `methods.json`. `AuthLoginResult.provider` is any string, as spec 7.3
 * says the reference erases it; `ErrorCode` documents each value as a
 * `oneOf` of `const`s.
 */
export const REFERENCE_LAYOUT = new URL("./reference-schema/", import.meta.url).pathname;

/** A copy of the reference layout, each file's parsed JSON edited by `edit` (keyed by file name). */
export function editedLayout(edit: (files: { readonly [file: string]: Node }) => void): string {
  const directory = join(mkdtempSync(join(tmpdir(), "asp-peer-")), "schema");
  cpSync(REFERENCE_LAYOUT, directory, { recursive: true });
  const names = ["AskUserQuestionSpec.json", "ErrorCode.json", "InitializeParams.json", "MethodContracts.json"];
  const files = Object.fromEntries(names.map((name) => [name, nodeAt(JSON.parse(readFileSync(join(directory, name), "utf8")))]));
  edit(files);
  for (const [name, document] of Object.entries(files)) writeFileSync(join(directory, name), `${JSON.stringify(document, null, 2)}\n`);
  return directory;
}

/** Whether the peer's root schema in `directory` (a standalone `file`, or the entry `entry` of `MethodContracts.json`), compiled as it stands, accepts `instance` at `pointer` (`""` for the root, `/$defs/<Type>`). */
export function peerAccepts(directory: string, file: string, pointer: string, instance: unknown, entry?: string): boolean {
  const document: unknown = JSON.parse(readFileSync(join(directory, file), "utf8"));
  const root = entry === undefined ? document : nodeAt(document, entry);
  const ajv = new Ajv2020({ strict: false, discriminator: true, allowUnionTypes: true });
  ajv.addSchema({ ...nodeAt(root), $id: "urn:test:peer" });
  return ajv.compile({ $ref: `urn:test:peer#${pointer}` })(instance) === true;
}
