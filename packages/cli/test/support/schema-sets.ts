import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";

/** The repository's schema set. */
export const REPO_SCHEMAS = new URL("../../../../schemas/", import.meta.url).pathname;

/** A JSON object whose fields a test edits. */
export type Node = { [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The object at `keys` inside `root`; fails the test when there is none. */
export function nodeAt(root: unknown, ...keys: readonly string[]): Node {
  const found = keys.reduce<unknown>((node, key) => (isNode(node) ? node[key] : undefined), root);
  if (!isNode(found)) throw new Error(`no object at ${keys.join("/")}`);
  return found;
}

/** The array at `key` of `node`; fails the test when there is none. */
export function arrayAt(node: Node, key: string): unknown[] {
  const found = node[key];
  if (!Array.isArray(found)) throw new Error(`no array at ${key}`);
  return found;
}

/** The editable documents of a copied set: the bundle's `$defs` and the method registry. */
export interface SetEdit {
  readonly defs: Node;
  readonly registry: Node;
}

/**
 * A copy of the repository's `schemas/` in a temp dir, its bundle and
 * registry edited by `edit`; the per-type files are left out (`"bundle"`,
 * so an edit of the bundle alone is no disagreement) or kept unedited
 * (`"full"`).
 */
export function editedCopy(edit: (set: SetEdit) => void = () => {}, layout: "bundle" | "full" = "bundle"): string {
  const directory = join(mkdtempSync(join(tmpdir(), "asp-diff-")), "schemas");
  cpSync(REPO_SCHEMAS, directory, { recursive: true });
  if (layout === "bundle") for (const file of readdirSync(directory)) if (file !== "protocol.schema.json" && file !== "methods.json") rmSync(join(directory, file));
  const bundlePath = join(directory, "protocol.schema.json");
  const registryPath = join(directory, "methods.json");
  const bundle: unknown = JSON.parse(readFileSync(bundlePath, "utf8"));
  const registry: unknown = JSON.parse(readFileSync(registryPath, "utf8"));
  edit({ defs: nodeAt(bundle, "$defs"), registry: nodeAt(registry) });
  writeFileSync(bundlePath, JSON.stringify(bundle));
  writeFileSync(registryPath, JSON.stringify(registry));
  return directory;
}

const setAjvs = new Map<string, Ajv2020>();

/** An ajv with the options the diff uses, holding the bundle of the set in `directory` as `urn:test:set`. */
function setAjv(directory: string): Ajv2020 {
  const known = setAjvs.get(directory);
  if (known !== undefined) return known;
  const ajv = new Ajv2020({ strict: false, discriminator: true, allowUnionTypes: true });
  ajv.addVocabulary(["x-protocol-version", "x-sensitive", "x-opaque"]);
  ajv.addSchema({ $id: "urn:test:set", $defs: nodeAt(JSON.parse(readFileSync(join(directory, "protocol.schema.json"), "utf8")), "$defs") });
  setAjvs.set(directory, ajv);
  return ajv;
}

/** Whether the type `type` of the set in `directory` accepts `instance`, by ajv with the options the diff uses. */
export function setAccepts(directory: string, type: string, instance: unknown): boolean {
  const ajv = setAjv(directory);
  const validate = ajv.getSchema(`urn:test:set#/$defs/${type}`) ?? ajv.compile({ $ref: `urn:test:set#/$defs/${type}` });
  return validate(instance) === true;
}
