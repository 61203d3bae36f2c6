// quicktype names a field's inline enumeration (a `const` tag, an `enum`
// list) after the field, and after the view's root field when two collide
// (`T215Type`). Titling each one `<Record><Field>` gives it a stable name
// that says where it belongs (`StreamJsonControlResponseLineType`).
import { isJsonObject, propertiesOf, stringValuesOf, type JsonObject } from "../../schema.js";
import { variantName } from "../../unions.js";
import type { QuicktypeView } from "../../view.js";

function isInlineEnumeration(schema: JsonObject): boolean {
  return schema.title === undefined && stringValuesOf(schema) !== undefined;
}

/** The view with every inline enumeration of a record's field (or of its array items) titled. */
export function withInlineEnumTitles(view: QuicktypeView): QuicktypeView {
  const schema = structuredClone(view.schema);
  const definitions = schema.definitions;
  if (!isJsonObject(definitions)) throw new Error("the view has no definitions");
  for (const [record, definition] of Object.entries(definitions)) {
    if (!isJsonObject(definition)) continue;
    for (const [field, property] of Object.entries(propertiesOf(definition))) {
      const title = `${record}${variantName(field)}`;
      if (isInlineEnumeration(property)) property.title = title;
      else if (isJsonObject(property.items) && isInlineEnumeration(property.items)) property.items.title = `${title}Item`;
    }
  }
  return { ...view, schema };
}
