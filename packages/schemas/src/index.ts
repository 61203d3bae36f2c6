// The JSON Schema files of the app-server protocol 1.0, for Node: the names
// and ids of the per-type schemas, each schema by type name, and a helper that
// registers them all in ajv. The files themselves are imported by path
// (`@app-server-protocol/schemas/<Type>.json`).
export { ANNOTATION_KEYWORDS, addSchemas, type SchemaRegistry } from "./ajv.js";
export { schemaFor, schemaNames, type SchemaDocument } from "./files.js";
export { SCHEMA_ID_BASE, schemaId } from "./ids.js";
