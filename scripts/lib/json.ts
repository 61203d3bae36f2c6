/** A JSON object as read from or written to a schema file. */
export interface JsonObject {
  [key: string]: unknown;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Two-space JSON with a trailing newline: the format of every JSON artifact. */
export function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** A deep copy of plain JSON data. */
export function cloneJson<T>(value: T): T {
  return structuredClone(value);
}
