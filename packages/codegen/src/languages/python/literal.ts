// JSON values written as Python literals.
import { jsonNumberText } from "@app-server-protocol/generator/json";

/** A Python expression equal to the JSON value (a string's JSON spelling is also a Python string literal). */
export function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`${value} is not a JSON number`);
    return jsonNumberText(value);
  }
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(", ")}]`;
  if (typeof value === "object") return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${pythonLiteral(item)}`).join(", ")}}`;
  throw new Error(`${typeof value} is not JSON`);
}
