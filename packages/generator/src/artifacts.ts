import { METHOD_REGISTRY, PROTOCOL_VERSION, methodRegistryDocument } from "@app-server-protocol/types";
import { verifyContractTypeNames } from "./contract-names.js";
import { buildDeclarationRollup } from "./declarations.js";
import { formatJson, isJsonObject, type JsonObject } from "./json.js";
import { REPO_ROOT } from "./paths.js";
import { buildReference } from "./reference.js";
import { bundleSchemaDocument, schemaId, typeSchemaDocument } from "./schema/documents.js";
import { buildDefinitions } from "./schema/index.js";
import { loadTypeSource } from "./source.js";

/** Every generated file, by path relative to the repository root, with its exact content. */
export type Artifacts = Map<string, string>;

/**
 * The files derived from the schema bundle and the method registry, as
 * written (other-language bindings, say), by path relative to the root.
 * The generator takes them as a step so it depends on no emitter.
 */
export type DerivedArtifacts = (bundle: JsonObject, registry: JsonObject) => Promise<Map<string, string>>;

export interface BuildOptions {
  /** The repository root; the checkout this package is in by default. */
  root?: string;
  /** The files derived from the written schemas, added to the artifacts. */
  derived?: DerivedArtifacts;
}

export async function buildArtifacts({ root = REPO_ROOT, derived }: BuildOptions = {}): Promise<Artifacts> {
  const source = loadTypeSource(root);
  verifyContractTypeNames(root, source);
  const definitions = buildDefinitions(source);
  const artifacts: Artifacts = new Map();
  for (const name of Object.keys(definitions).sort()) {
    artifacts.set(`schemas/${name}.json`, formatJson(typeSchemaDocument(name, definitions, PROTOCOL_VERSION)));
  }
  const bundle = bundleSchemaDocument(definitions, PROTOCOL_VERSION);
  artifacts.set("schemas/protocol.schema.json", formatJson(bundle));
  const registry = { $schema: schemaId(PROTOCOL_VERSION, "MethodRegistry.json"), ...methodRegistryDocument() };
  artifacts.set("schemas/methods.json", formatJson(registry));
  // Derived files read the documents as written, so they see what other languages see. Started first: a step
  // that works off this thread (in worker threads, say) runs while the declarations and the pages are made.
  const derivedFiles = derived?.(parseJsonObject(formatJson(bundle)), parseJsonObject(formatJson(registry)));
  artifacts.set("tests/generated/protocol.d.ts", buildDeclarationRollup(root, source));
  for (const [path, page] of buildReference(source, definitions, METHOD_REGISTRY)) artifacts.set(path, page);
  for (const [path, content] of (await derivedFiles) ?? []) artifacts.set(path, content);
  return artifacts;
}

function parseJsonObject(text: string): JsonObject {
  const value: unknown = JSON.parse(text);
  if (!isJsonObject(value)) throw new Error("expected a JSON object");
  return value;
}
