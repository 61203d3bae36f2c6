// The schema helpers other packages build on, without the compiler the
// pipeline loads: walking subschemas, local references, annotation keywords.
export { ANNOTATION_KEYWORDS, EMITTED_KEYWORD, SCHEMA_ANNOTATIONS, SOURCE_MARKS, emittedFormOf } from "./schema/annotations.js";
export { definitionRef, localDefinitionName, visitSchemas } from "./schema/convert-2020.js";
