import { compiledSchemas } from "../../scripts/compiled-bundle.js";
import { referenceAjv } from "../../scripts/ajv-reference.js";

/** The schemas the validators are generated from, and ajv compiled from them at run time. */
export const COMPILED = compiledSchemas();
export const REFERENCE = referenceAjv(COMPILED);
