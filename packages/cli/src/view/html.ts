// HTML text for the report page: every value from a transcript is escaped,
// so a transcript cannot inject markup or script into the page.

const ESCAPES: { readonly [character: string]: string } = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** `text` with the characters HTML reads as markup escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** A value's JSON, indented, for a `<pre>`; `undefined` for a value JSON cannot write (too deep). */
export function prettyJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return undefined;
  }
}

/** A field of a JSON object, when the value is one. */
export function field(value: unknown, name: string): unknown {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? Reflect.get(value, name) : undefined;
}

/** A field that is a string, or `undefined`. */
export function textField(value: unknown, name: string): string | undefined {
  const found = field(value, name);
  return typeof found === "string" ? found : undefined;
}

/** The items of a field that is an array (none otherwise). */
export function listField(value: unknown, name: string): readonly unknown[] {
  const found = field(value, name);
  return Array.isArray(found) ? found : [];
}
