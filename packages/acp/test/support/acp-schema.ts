import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";

// ACP's own published v1 schema, from the pinned @agentclientprotocol/sdk:
// every message the bridge produces or reads is checked against it.

/** The SDK's package directory: its exports name no files, so walk up from its entry point. */
function sdkDirectory(): string {
  let dir = dirname(createRequire(import.meta.url).resolve("@agentclientprotocol/sdk"));
  while (!existsSync(join(dir, "schema/v1/schema.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("the schema of @agentclientprotocol/sdk was not found");
    dir = parent;
  }
  return dir;
}

const schema: unknown = JSON.parse(readFileSync(join(sdkDirectory(), "schema/v1/schema.json"), "utf8"));

const ajv = new Ajv2020({ strict: false, allErrors: true, discriminator: true });
for (const keyword of ["x-side", "x-method", "x-docs-ignore", "x-deserialize-default-on-error", "x-deserialize-default-on-null", "x-deserialize-skip-invalid-items"]) {
  ajv.addKeyword({ keyword });
}
for (const format of ["uint16", "uint32", "uint64", "int32", "int64"]) ajv.addFormat(format, { type: "number", validate: (value: number) => Number.isInteger(value) });
ajv.addFormat("double", { type: "number", validate: () => true });
ajv.addFormat("uri", /^[a-z][a-z0-9+.-]*:/i);
if (typeof schema !== "object" || schema === null) throw new Error("ACP schema missing");
ajv.addSchema(schema, "acp-v1");

function validator(definition: string): (value: unknown) => string[] {
  const validate = ajv.getSchema(`acp-v1#/$defs/${definition}`);
  if (validate === undefined) throw new Error(`no ACP definition ${definition}`);
  return (value) => (validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? error.keyword}`));
}

/** ACP v1 `RequestPermissionRequest` (the params of `session/request_permission`): the errors, or none. */
export const acpRequestPermissionErrors = validator("RequestPermissionRequest");
/** ACP v1 `RequestPermissionResponse`: the errors, or none. */
export const acpRequestPermissionResponseErrors = validator("RequestPermissionResponse");
