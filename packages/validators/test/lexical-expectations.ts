import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { jsonValueSpans } from "../src/index.js";

// What the published schema bundle says a number at a place of a value must
// be, read from its JSON text without ajv and without the validators'
// compiled forms: the expectations the lexical checks are held to. Unions
// are told apart as plainly as possible (a discriminator's constant tag, the
// one variant whose type, required fields and constant fields fit); a place
// whose variants are not told apart that way has no expectation.

const BUNDLE_FILE = join(import.meta.dirname, "../../../schemas/protocol.schema.json");
const BUNDLE_TEXT = readFileSync(BUNDLE_FILE, "utf8");
const BUNDLE: unknown = JSON.parse(BUNDLE_TEXT);
const DEFINITIONS: JsonObject = isJsonObject(BUNDLE) && isJsonObject(BUNDLE.$defs) ? BUNDLE.$defs : {};
const SPANS = jsonValueSpans(BUNDLE_TEXT);

/** Each schema node of the bundle, to the JSON Pointer it is written at. */
const POINTERS = new Map<unknown, string>();
(function index(node: unknown, pointer: string): void {
  if (Array.isArray(node)) node.forEach((item, position) => index(item, `${pointer}/${position}`));
  else if (isJsonObject(node)) {
    POINTERS.set(node, pointer);
    for (const [key, value] of Object.entries(node)) index(value, `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
  }
})(BUNDLE, "");

/** A bound of a schema node exactly as the bundle's text writes it. */
function writtenBound(schema: JsonObject, keyword: "minimum" | "maximum"): string | undefined {
  if (schema[keyword] === undefined) return undefined;
  const span = SPANS.get(`${POINTERS.get(schema) ?? ""}/${keyword}`);
  return span === undefined ? undefined : BUNDLE_TEXT.slice(span.start, span.end);
}

/** What the bundle requires of a number at one place: `integer`, and its bounds as written. */
export interface ExpectedRule {
  readonly integer: boolean;
  readonly minimum: string | undefined;
  readonly maximum: string | undefined;
}

function resolved(schema: unknown): unknown {
  let node = schema;
  for (let hops = 0; isJsonObject(node) && typeof node.$ref === "string" && hops < 20; hops += 1) {
    const name = node.$ref.replace("#/$defs/", "");
    const { $ref: _ref, ...siblings } = node;
    const target = DEFINITIONS[name];
    if (Object.keys(siblings).some((keyword) => !["description", "title"].includes(keyword))) return schema;
    node = target;
  }
  return node;
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "number" ? "number" : typeof value === "object" ? "object" : typeof value;
}

/** Whether `value` plainly fits variant `schema`: its type, its required fields, its constant fields. */
function fits(schema: unknown, value: unknown): boolean {
  const node = resolved(schema);
  if (!isJsonObject(node)) return true;
  const types = [node.type ?? []].flat().map((type) => (type === "integer" ? "number" : type));
  if (types.length > 0 && !types.includes(jsonType(value))) return false;
  if (node.const !== undefined && node.const !== value) return false;
  if (Array.isArray(node.enum) && !node.enum.includes(value)) return false;
  if (typeof node.pattern === "string" && typeof value === "string" && !new RegExp(node.pattern, "u").test(value)) return false;
  if (!isJsonObject(value)) return true;
  if (Array.isArray(node.required) && !node.required.every((field) => typeof field === "string" && Object.hasOwn(value, field))) return false;
  const properties = isJsonObject(node.properties) ? node.properties : {};
  return Object.entries(properties).every(([field, property]) => !Object.hasOwn(value, field) || !isJsonObject(property) || (property.const === undefined && property.pattern === undefined) || fits(property, value[field]));
}

/** Adds the schemas that apply to `value` at one place to `into`; false when a union's variant is not plainly told. */
function applying(node: unknown, value: unknown, into: JsonObject[]): boolean {
  if (!isJsonObject(node)) return true;
  into.push(node);
  if (typeof node.$ref === "string" && !applying(DEFINITIONS[node.$ref.replace("#/$defs/", "")], value, into)) return false;
  const variants = [node.oneOf, node.anyOf].find(Array.isArray);
  if (variants === undefined) return true;
  const fitting = variants.filter((variant) => fits(variant, value));
  return fitting.length === 1 && applying(fitting[0], value, into);
}

/** The expectation at JSON Pointer `path` of a value of type `type`, `undefined` when the bundle does not plainly say. */
export function expectedRule(type: string, root: unknown, path: string): ExpectedRule | undefined {
  let schemas: JsonObject[] = [];
  if (!applying({ $ref: `#/$defs/${type}` }, root, schemas)) return undefined;
  let value = root;
  for (const token of path.split("/").slice(1).map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))) {
    const children: unknown[] = [];
    for (const schema of schemas) {
      if (Array.isArray(value) && schema.items !== undefined) children.push(schema.items);
      const properties = isJsonObject(schema.properties) ? schema.properties : {};
      if (isJsonObject(value) && Object.hasOwn(properties, token)) children.push(properties[token]);
      else if (isJsonObject(value) && schema.additionalProperties !== undefined && schema.additionalProperties !== false) children.push(schema.additionalProperties);
    }
    value = Array.isArray(value) ? value[Number(token)] : isJsonObject(value) ? value[token] : undefined;
    schemas = [];
    for (const child of children) if (!applying(child, value, schemas)) return undefined;
  }
  const integer = schemas.some((schema) => [schema.type].flat().includes("integer") && ![schema.type].flat().includes("number"));
  const bounded = (keyword: "minimum" | "maximum") => schemas.map((schema) => writtenBound(schema, keyword)).find((bound) => bound !== undefined);
  return { integer, minimum: bounded("minimum"), maximum: bounded("maximum") };
}

/** Every number of `value` with its JSON Pointer, in the order `JSON.stringify` writes them. */
export function numbersOf(value: unknown, path = ""): [string, number][] {
  if (typeof value === "number") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => numbersOf(item, `${path}/${index}`));
  if (!isJsonObject(value)) return [];
  return Object.entries(value).flatMap(([key, item]) => numbersOf(item, `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`));
}

/** `text` with the value at JSON Pointer `path` written as `literal`. */
export function respelled(text: string, path: string, literal: string): string {
  const span = jsonValueSpans(text).get(path);
  if (span === undefined) throw new Error(`no value at ${path}`);
  return `${text.slice(0, span.start)}${literal}${text.slice(span.end)}`;
}

/** The bounds of every `minimum` and `maximum` as the bundle's text writes them, with the double a parsed bundle holds. */
export function writtenBounds(): { readonly text: string; readonly parsed: number }[] {
  return [...POINTERS.keys()].flatMap((node) => {
    if (!isJsonObject(node)) return [];
    return (["minimum", "maximum"] as const).flatMap((keyword) => {
      const text = writtenBound(node, keyword);
      return text === undefined || typeof node[keyword] !== "number" ? [] : [{ text, parsed: node[keyword] }];
    });
  });
}

/** The decimal text of the integer one past `bound` (away from zero for a maximum, `step` +1 or -1). */
export function pastBound(bound: string, step: 1 | -1): string {
  const negative = bound.startsWith("-");
  const digits = (negative ? bound.slice(1) : bound).split("").map(Number);
  // Moving away from zero: a maximum's +1 when it is not negative, a minimum's -1 when it is negative.
  const away = (step === 1) !== negative;
  if (!away) throw new Error("only bounds passed away from zero are needed");
  let index = digits.length - 1;
  while (index >= 0 && digits[index] === 9) {
    digits[index] = 0;
    index -= 1;
  }
  if (index < 0) digits.unshift(1);
  else digits[index] = (digits[index] ?? 0) + 1;
  return `${negative ? "-" : ""}${digits.join("")}`;
}
