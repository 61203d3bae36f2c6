// Each protocol union as one serde enum, declared in place of the empty
// record the view stands in for it: internally tagged (`#[serde(tag)]`,
// newtype variants of records without the tag, the fallback as the
// `#[serde(other)]` unit variant), externally tagged (serde's default enum
// encoding) or untagged (the first variant that decodes wins).
import { variantName, type ExternalUnion, type InternalUnion, type Union, type UntaggedUnion, type VariantData } from "../../unions.js";
import { stringLiteral } from "./naming.js";

export const DERIVES = "#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]";

/**
 * Every enumeration and union may gain a variant in a later 1.x protocol,
 * which `#[non_exhaustive]` keeps from being a breaking change of the crate,
 * except the message envelopes: the kinds of message and the two outcomes
 * of a response are the protocol's framing, and a program matches them
 * exhaustively.
 */
export const NON_EXHAUSTIVE = "#[non_exhaustive]";
export const EXHAUSTIVE_UNIONS: ReadonlySet<string> = new Set(["ClientMessage", "ServerMessage", "ResponseResult"]);

const PRIMITIVE_TYPES: Record<"string" | "number" | "integer" | "boolean", string> = { string: "String", number: "f64", integer: "i64", boolean: "bool" };

interface Variant {
  name: string;
  /** The wire spelling serde must use, when it is not the variant's name. */
  rename: string | undefined;
  /** The payload type of a newtype variant; none for a unit variant. */
  payload: string | undefined;
  /** serde markers that come before the rename, such as `other`. */
  markers: string[];
  doc: string | undefined;
}

function variant(label: string, payload: string | undefined, doc: string | undefined, markers: string[] = []): Variant {
  const name = variantName(label);
  return { name, rename: name === label ? undefined : label, payload, markers, doc };
}

function payloadType(data: VariantData): string {
  return "ref" in data ? data.ref : PRIMITIVE_TYPES[data.primitive];
}

function internalVariants(union: InternalUnion, describe: (type: string) => string | undefined): Variant[] {
  const variants = union.variants.map((entry) => variant(entry.value, entry.type, describe(entry.type)));
  if (union.fallback !== undefined) variants.push(variant(union.fallback.emitted, undefined, describe(union.fallback.type), ["other"]));
  return variants;
}

function externalVariants(union: ExternalUnion, describe: (type: string) => string | undefined): Variant[] {
  return [...union.units.map((unit) => variant(unit, undefined, undefined)), ...union.variants.map((entry) => variant(entry.key, payloadType(entry.data), describe(entry.wrapper)))];
}

function untaggedVariants(union: UntaggedUnion, describe: (type: string) => string | undefined): Variant[] {
  return union.variants.map((type) => variant(type, type, describe(type)));
}

function docLines(text: string | undefined, indent: string): string[] {
  return text === undefined ? [] : text.split("\n").map((line) => `${indent}///${line.length > 0 ? ` ${line}` : ""}`);
}

/**
 * The enum declaring `union`. `describe` gives a variant type's
 * documentation, which becomes the variant's.
 */
export function unionDeclaration(union: Union, describe: (type: string) => string | undefined): string[] {
  const variants = union.kind === "internal" ? internalVariants(union, describe) : union.kind === "external" ? externalVariants(union, describe) : untaggedVariants(union, describe);
  const names = variants.map((entry) => entry.name);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) throw new Error(`${union.name}: two variants are named ${repeated}`);
  const lines = [...docLines(union.description, ""), DERIVES, ...(EXHAUSTIVE_UNIONS.has(union.name) ? [] : [NON_EXHAUSTIVE])];
  if (union.kind === "internal") lines.push(`#[serde(tag = ${stringLiteral(union.tag)})]`);
  if (union.kind === "untagged") lines.push("#[serde(untagged)]");
  lines.push(`pub enum ${union.name} {`);
  variants.forEach((entry, index) => {
    if (index > 0) lines.push("");
    lines.push(...docLines(entry.doc, "    "));
    const serde = [...entry.markers, ...(entry.rename === undefined ? [] : [`rename = ${stringLiteral(entry.rename)}`])];
    if (serde.length > 0) lines.push(`    #[serde(${serde.join(", ")})]`);
    lines.push(`    ${entry.name}${entry.payload === undefined ? "" : `(${entry.payload})`},`);
  });
  lines.push("}");
  return lines;
}
