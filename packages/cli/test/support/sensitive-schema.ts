// The schema bundle read by the tests on their own, to say where a value's
// `x-sensitive` fields are independently of the shapes `redact` is built
// from: a plain walk of `schemas/protocol.schema.json` beside a value, and
// valid values with a secret in every sensitive field, made from the
// conformance vectors.
import { readdirSync, readFileSync } from "node:fs";
import { definition, isRecord, propertiesOf, refOf, ROOT, schemas, token, variantsFor, type Schema } from "./bundle-schema.js";

/** A sensitive value found in a value: its JSON Pointer, the schema that marks it, and its path in the schema (`a.b[*].c`). */
export interface SensitiveSite {
  readonly pointer: string;
  readonly schema: Schema;
  readonly path: string;
}

/** Every sensitive site of `value` read as `schema`, through references, every variant that may describe it, fields and items. */
function sites(schema: Schema, value: unknown, pointer: string, path: string, found: Map<string, SensitiveSite>): void {
  if (schema["x-sensitive"] === true) {
    found.set(pointer, { pointer, schema, path });
    return;
  }
  const ref = refOf(schema);
  if (ref !== undefined) sites(definition(ref), value, pointer, path, found);
  for (const variant of variantsFor(schema, value)) sites(variant, value, pointer, path, found);
  if (isRecord(value)) {
    const properties = propertiesOf(schema);
    const additional = schema["additionalProperties"];
    for (const key of Object.keys(value)) {
      const property = Object.hasOwn(properties, key) ? properties[key] : additional;
      if (isRecord(property)) sites(property, value[key], `${pointer}/${token(key)}`, path === "" ? key : `${path}.${key}`, found);
    }
  }
  const items = schema["items"];
  if (Array.isArray(value) && isRecord(items)) value.forEach((item, index) => sites(items, item, `${pointer}/${index}`, `${path}[*]`, found));
}

/** The sensitive sites of a value of the protocol type `type`. */
export function sensitiveSites(type: string, value: unknown): SensitiveSite[] {
  const found = new Map<string, SensitiveSite>();
  sites(definition(type), value, "", "", found);
  return [...found.values()];
}

/** Whether a schema can reach an `x-sensitive` value. */
function reachesSensitive(schema: Schema, seen: ReadonlySet<string> = new Set()): boolean {
  if (schema["x-sensitive"] === true) return true;
  const ref = refOf(schema);
  if (ref !== undefined) return !seen.has(ref) && reachesSensitive(definition(ref), new Set([...seen, ref]));
  const children = [...schemas(schema["anyOf"]), ...schemas(schema["oneOf"]), ...Object.values(propertiesOf(schema)).filter(isRecord)];
  for (const keyword of ["items", "additionalProperties"]) {
    const child = schema[keyword];
    if (isRecord(child)) children.push(child);
  }
  return children.some((child) => reachesSensitive(child, seen));
}

/** The schema paths of every sensitive field a value of `type` can have (a recursion is followed once). */
export function sensitivePaths(type: string): Set<string> {
  const paths = new Set<string>();
  const visit = (schema: Schema, path: string, seen: ReadonlySet<string>): void => {
    if (schema["x-sensitive"] === true) {
      paths.add(path);
      return;
    }
    const ref = refOf(schema);
    if (ref !== undefined && !seen.has(ref)) visit(definition(ref), path, new Set([...seen, ref]));
    for (const variant of [...schemas(schema["anyOf"]), ...schemas(schema["oneOf"])]) visit(variant, path, seen);
    for (const [key, property] of Object.entries(propertiesOf(schema))) if (isRecord(property)) visit(property, path === "" ? key : `${path}.${key}`, seen);
    const items = schema["items"];
    if (isRecord(items)) visit(items, `${path}[*]`, seen);
    const additional = schema["additionalProperties"];
    if (isRecord(additional)) visit(additional, `${path}.*`, seen);
  };
  visit(definition(type), "", new Set());
  return paths;
}

/** The valid values of the conformance type vectors, by type. */
const VECTORS: ReadonlyMap<string, readonly unknown[]> = new Map(
  readdirSync(`${ROOT}packages/conformance/vectors/types`)
    .filter((file) => file.endsWith(".json"))
    .map((file): [string, unknown[]] => {
      const document: unknown = JSON.parse(readFileSync(`${ROOT}packages/conformance/vectors/types/${file}`, "utf8"));
      const cases = isRecord(document) && Array.isArray(document["cases"]) ? document["cases"] : [];
      return [isRecord(document) ? String(document["type"]) : "", cases.filter((entry) => isRecord(entry) && entry["valid"] === true).map((entry) => (isRecord(entry) ? entry["value"] : undefined))];
    }),
);

/** The valid vectors of a protocol type. */
export function validValues(type: string): readonly unknown[] {
  return VECTORS.get(type) ?? [];
}

/** Records each part of `value` that `schema` reads through a reference, under the type it names. */
function harvest(schema: Schema, value: unknown, found: Map<string, unknown[]>): void {
  const ref = refOf(schema);
  if (ref !== undefined) {
    found.set(ref, [...(found.get(ref) ?? []), value]);
    harvest(definition(ref), value, found);
  }
  for (const variant of variantsFor(schema, value)) harvest(variant, value, found);
  if (isRecord(value)) {
    const properties = propertiesOf(schema);
    for (const key of Object.keys(value)) {
      const property = Object.hasOwn(properties, key) ? properties[key] : schema["additionalProperties"];
      if (isRecord(property)) harvest(property, value[key], found);
    }
  }
  const items = schema["items"];
  if (Array.isArray(value) && isRecord(items)) for (const item of value) harvest(items, item, found);
}

/** Valid values of each type, as the vectors of every type hold them (a type without vectors of its own may appear inside another's). */
const VALUES_BY_TYPE: ReadonlyMap<string, readonly unknown[]> = (() => {
  const found = new Map<string, unknown[]>();
  for (const [type, values] of VECTORS) for (const value of values) harvest({ $ref: `#/$defs/${type}` }, value, found);
  return found;
})();

/** The one type a schema names, through a nullable `anyOf`: `X` for `{"$ref": X}` and for `anyOf: [{"$ref": X}, {"type": "null"}]`. */
function namedType(schema: Schema): string | undefined {
  const ref = refOf(schema);
  if (ref !== undefined) return ref;
  const named = schemas(schema["anyOf"]).flatMap((variant) => refOf(variant) ?? []);
  return named.length === 1 ? named[0] : undefined;
}

/**
 * `value` with the fields that can hold a sensitive value filled in where
 * it leaves them out or null, by a vector of their type that has sensitive
 * fields: every sensitive field then has a value to carry a secret.
 */
function enriched(schema: Schema, value: unknown, seen: ReadonlySet<string> = new Set()): unknown {
  const ref = refOf(schema);
  if (ref !== undefined) return seen.has(ref) ? value : enriched(definition(ref), value, new Set([...seen, ref]));
  const variants = variantsFor(schema, value);
  if (variants.length > 0) return variants.reduce<unknown>((current, variant) => enriched(variant, current, seen), value);
  if (Array.isArray(value) && isRecord(schema["items"])) {
    const items = schema["items"];
    return value.map((item) => enriched(items, item, seen));
  }
  if (!isRecord(value) || schema["properties"] === undefined) return value;
  const copy: { [key: string]: unknown } = { ...value };
  for (const [key, property] of Object.entries(propertiesOf(schema))) {
    if (!isRecord(property) || property["x-sensitive"] === true || !reachesSensitive(property)) continue;
    const type = namedType(property);
    if ((copy[key] === undefined || copy[key] === null) && type !== undefined && !seen.has(type)) {
      const filler = (VALUES_BY_TYPE.get(type) ?? []).find((candidate) => sensitiveSites(type, candidate).length > 0);
      if (filler !== undefined) copy[key] = filler;
    }
    if (copy[key] !== undefined) copy[key] = enriched(property, copy[key], seen);
  }
  return copy;
}

/** Characters no vector writes five of in a row: a run of them is a secret, or a piece of one. */
export const SECRET_ALPHABET = "QXZJ";
export const SECRET_PIECE = /[QXZJ]{5,}/;

/** A fresh secret: eight letters of `SECRET_ALPHABET` spelling `serial`. */
export function secret(serial: number): string {
  let text = "";
  for (let rest = serial + 4 ** 7, digit = 0; digit < 8; digit += 1, rest = Math.floor(rest / 4)) text = `${SECRET_ALPHABET[rest % 4] ?? "Q"}${text}`;
  return text;
}

/** A value for a sensitive field of schema `schema` that carries secrets in every free string (tags, enums and constants kept). */
function secretValue(schema: Schema, current: unknown, next: () => string): unknown {
  const ref = refOf(schema);
  if (ref !== undefined) return secretValue(definition(ref), current, next);
  const variants = variantsFor(schema, current);
  if (variants.length > 0) return secretValue(variants.find((variant) => !Object.hasOwn(variant, "type") || variant["type"] !== "null") ?? variants[0] ?? {}, current, next);
  if (schema["const"] !== undefined || schema["enum"] !== undefined) return current;
  const types = Array.isArray(schema["type"]) ? schema["type"] : [schema["type"]];
  if (types.includes("string")) return next();
  if (types.includes("array")) return [next(), next()];
  if (types.includes("object") && schema["properties"] === undefined) return { API_KEY: next() };
  if (!isRecord(current)) return current;
  const copy: { [key: string]: unknown } = { ...current };
  for (const [key, property] of Object.entries(propertiesOf(schema))) if (isRecord(property) && Object.hasOwn(copy, key)) copy[key] = secretValue(property, copy[key], next);
  return copy;
}

function setAt(value: unknown, pointer: string, replacement: unknown): unknown {
  if (pointer === "") return replacement;
  const [head = "", ...rest] = pointer.slice(1).split("/");
  const key = head.replaceAll("~1", "/").replaceAll("~0", "~");
  const inner = rest.length === 0 ? "" : `/${rest.join("/")}`;
  if (Array.isArray(value)) return value.map((item, index) => (String(index) === key ? setAt(item, inner, replacement) : item));
  if (!isRecord(value)) return value;
  return { ...value, [key]: setAt(value[key], inner, replacement) };
}

/** A value of a protocol type with secrets in it, and the schema paths of the sensitive fields that carry them. */
export interface SecretBearing {
  readonly value: unknown;
  readonly paths: ReadonlySet<string>;
}

/** Every sensitive field an object of `schema` defines, added where `value` leaves it out, with a secret. */
function withMissingSensitiveFields(schema: Schema, value: unknown, pointer: string, out: Map<string, Schema>): void {
  const ref = refOf(schema);
  if (ref !== undefined) return withMissingSensitiveFields(definition(ref), value, pointer, out);
  for (const variant of variantsFor(schema, value)) withMissingSensitiveFields(variant, value, pointer, out);
  if (Array.isArray(value) && isRecord(schema["items"])) {
    const items = schema["items"];
    value.forEach((item, index) => withMissingSensitiveFields(items, item, `${pointer}/${index}`, out));
  }
  if (!isRecord(value)) return;
  for (const [key, property] of Object.entries(propertiesOf(schema))) {
    if (!isRecord(property)) continue;
    if (property["x-sensitive"] === true && !Object.hasOwn(value, key) && refOf(property) === undefined) out.set(`${pointer}/${token(key)}`, property);
    else if (Object.hasOwn(value, key)) withMissingSensitiveFields(property, value[key], `${pointer}/${token(key)}`, out);
  }
}

/**
 * `value` (of protocol type `type`) with a secret from `next` in every
 * sensitive field: fields that can hold one filled in from the vectors when
 * left out or null, optional sensitive fields added.
 */
export function withSecrets(type: string, value: unknown, next: () => string): SecretBearing {
  let current = enriched(definition(type), value);
  const missing = new Map<string, Schema>();
  withMissingSensitiveFields(definition(type), current, "", missing);
  for (const [pointer, schema] of missing) current = setAt(current, pointer, secretValue(schema, undefined, next));
  const paths = new Set<string>();
  for (const site of sensitiveSites(type, current)) {
    current = setAt(current, site.pointer, secretValue(site.schema, valueAt(current, site.pointer), next));
    paths.add(site.path);
  }
  return { value: current, paths };
}

function valueAt(value: unknown, pointer: string): unknown {
  if (pointer === "") return value;
  return pointer
    .slice(1)
    .split("/")
    .reduce<unknown>((current, raw) => {
      const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
      if (Array.isArray(current)) return current[Number(key)];
      return isRecord(current) ? current[key] : undefined;
    }, value);
}
