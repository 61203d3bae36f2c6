// Where a valid value holds what no schema defines, read by the tests on
// their own (a plain walk of the bundle beside the value): a field that no
// type that may describe it defines, and an entry of a map whose values may
// be anything. `redact` is to replace each of these by its marker.
import { definition, isRecord, propertiesOf, refOf, token, variantsFor, type Schema } from "./bundle-schema.js";

/** Keywords that constrain a value: a schema with none accepts any value and vouches for all of it. */
const VALIDATING = ["type", "$ref", "properties", "additionalProperties", "items", "anyOf", "oneOf", "const", "enum", "minimum", "maximum", "pattern"];

function acceptsAnything(schema: Schema): boolean {
  return VALIDATING.every((keyword) => schema[keyword] === undefined);
}

/** The schemas of `schemas` that describe `value` themselves: references followed, union variants that may describe it opened. */
function expanded(schemas: readonly Schema[], value: unknown): Schema[] {
  const out: Schema[] = [];
  const open = (schema: Schema): void => {
    const ref = refOf(schema);
    if (ref !== undefined && schema["x-sensitive"] !== true) return open(definition(ref));
    const variants = variantsFor(schema, value);
    if (variants.length > 0 && schema["x-sensitive"] !== true) return variants.forEach(open);
    out.push(schema);
  };
  schemas.forEach(open);
  return out;
}

function visit(schemas: readonly Schema[], value: unknown, pointer: string, found: string[]): void {
  const described = expanded(schemas, value);
  // A sensitive value is redacted whole, and a payload that may be anything is kept whole.
  if (described.some((schema) => schema["x-sensitive"] === true || acceptsAnything(schema))) return;
  if (isRecord(value)) {
    for (const key of Object.keys(value)) {
      const defining = described.flatMap((schema) => {
        const properties = propertiesOf(schema);
        const additional = schema["additionalProperties"];
        const field = Object.hasOwn(properties, key) ? properties[key] : isRecord(additional) && !acceptsAnything(additional) ? additional : undefined;
        return isRecord(field) ? [field] : [];
      });
      if (defining.length === 0) found.push(`${pointer}/${token(key)}`);
      else visit(defining, value[key], `${pointer}/${token(key)}`, found);
    }
  }
  if (Array.isArray(value)) {
    const items = described.flatMap((schema) => (isRecord(schema["items"]) ? [schema["items"]] : []));
    value.forEach((item, index) => visit(items, item, `${pointer}/${index}`, found));
  }
}

/** The JSON Pointers of the values no schema defines in `value`, of protocol type `type`. */
export function undefinedValues(type: string, value: unknown): string[] {
  const found: string[] = [];
  visit([definition(type)], value, "", found);
  return found;
}
