// Each union as idiomatic Go: an interface its variants implement (through
// an unexported marker method), a decoding function, and a struct holding
// one variant that encodes and decodes as it, for fields, list items and
// map values.
import type { BindingsModel } from "../../model.js";
import { descriptionOf, propertiesOf } from "../../schema.js";
import type { ExternalUnion, InternalUnion, Union, UntaggedUnion } from "../../unions.js";
import { targetKind } from "./definition-kinds.js";
import { alignBlock, docComment, goFile, goString } from "./format.js";
import { goIdentifier, markerMethodName, unionDecoderName, unionReaderName, unitVariantName, variantInterfaceName } from "./naming.js";
import { integerGoType } from "./schema-nodes.js";

/** The Go types that are variants of a union, in declaration order. */
export function variantTypes(union: Union): string[] {
  if (union.kind === "internal") return [...union.variants.map((variant) => variant.type), ...(union.fallback === undefined ? [] : [union.fallback.type])];
  if (union.kind === "external") return [...union.units.map((unit) => unitVariantName(union.name, unit)), ...union.variants.map((variant) => variant.wrapper)];
  return union.variants;
}

function commonDeclarations(union: Union): string[][] {
  const variantInterface = variantInterfaceName(union.name);
  const decoder = unionDecoderName(union.name);
  const marker = markerMethodName(union.name);
  return [
    [...docComment(`${variantInterface} is implemented by each variant of ${union.name}: ${variantTypes(union).join(", ")}.`), `type ${variantInterface} interface {`, `\t${marker}()`, "}"],
    [
      ...docComment(union.description),
      "//",
      ...docComment(`The variant is in Value. ${union.name} encodes and decodes as its variant, so it can be a field, a list item or a map value; switch on the type of Value to read it.`),
      `type ${union.name} struct {`,
      `\tValue ${variantInterface}`,
      "}",
    ],
    [`// MarshalJSON writes the variant in Value; an empty ${union.name} is an error.`, `func (u ${union.name}) MarshalJSON() ([]byte, error) {`, `\treturn encodeVariant(${goString(union.name)}, u.Value)`, "}"],
    [
      `// UnmarshalJSON reads any variant of ${union.name}, without the schema check ${decoder} makes first.`,
      `func (u *${union.name}) UnmarshalJSON(data []byte) error {`,
      `\tvariant, err := ${unionReaderName(union.name)}(data)`,
      "\tif err != nil {",
      "\t\treturn err",
      "\t}",
      "\tu.Value = variant",
      "\treturn nil",
      "}",
    ],
    // gofmt aligns the bodies of consecutive one-line functions.
    alignBlock(
      variantTypes(union).map((type) => ({ cells: [`func (${type}) ${marker}()`, "{}"] })),
      "",
    ),
  ];
}

const RETURN_ERROR = ["\tif err != nil {", "\t\treturn nil, err", "\t}"];

/**
 * The public decoder of a union, which checks the value against the
 * union's schema (Validate) and reads its variant, then the doc comment of
 * the unexported reader that follows it.
 */
function checkedDecoder(union: string, how: string): string[] {
  return [
    ...docComment(
      `${unionDecoderName(union)} decodes the ${union} in data ${how}. A value that is no ${union} is a *ValidationError, which wraps an *UnknownTagError when the value names a variant the union does not have.`,
    ),
    `func ${unionDecoderName(union)}(data []byte) (${variantInterfaceName(union)}, error) {`,
    `\tif err := Validate(${goString(union)}, data); err != nil {`,
    "\t\treturn nil, err",
    "\t}",
    `\treturn ${unionReaderName(union)}(data)`,
    "}",
    "",
    `// ${unionReaderName(union)} reads the variant of a ${union} already checked.`,
  ];
}

function internalDecoder(union: InternalUnion): string[] {
  const fallback = union.fallback === undefined ? `\t\treturn nil, &UnknownTagError{Union: ${goString(union.name)}, Field: ${goString(union.tag)}, Tag: tag}` : `\t\tvariant, err = decodeVariant[${union.fallback.type}](data)`;
  return [
    ...checkedDecoder(union.name, `by its ${goString(union.tag)} tag`),
    `func ${unionReaderName(union.name)}(data []byte) (${variantInterfaceName(union.name)}, error) {`,
    `\ttag, err := readTag(data, ${goString(union.name)}, ${goString(union.tag)})`,
    ...RETURN_ERROR,
    `\tvar variant ${variantInterfaceName(union.name)}`,
    "\tswitch tag {",
    ...union.variants.flatMap((variant) => [`\tcase ${goString(variant.value)}:`, `\t\tvariant, err = decodeVariant[${variant.type}](data)`]),
    "\tdefault:",
    fallback,
    "\t}",
    ...RETURN_ERROR,
    "\treturn variant, nil",
    "}",
  ];
}

function externalDeclarations(union: ExternalUnion, model: BindingsModel): string[][] {
  const declarations: string[][] = [];
  for (const unit of union.units) {
    const name = unitVariantName(union.name, unit);
    declarations.push([...docComment(`${name} is the variant of ${union.name} written as the bare string ${goString(unit)}.`), `type ${name} struct{}`]);
    declarations.push([`// MarshalJSON writes ${goString(unit)}.`, `func (${name}) MarshalJSON() ([]byte, error) {`, `\treturn json.Marshal(${goString(unit)})`, "}"]);
  }
  for (const variant of union.variants) {
    const wrapper = model.definitions[variant.wrapper] ?? {};
    const dataType = "ref" in variant.data ? variant.data.ref : variant.data.primitive === "integer" ? integerGoType(propertiesOf(wrapper)[variant.key], model.definitions) : { string: "string", number: "float64", boolean: "bool" }[variant.data.primitive];
    const field = goIdentifier(variant.key);
    declarations.push([
      ...docComment(descriptionOf(wrapper)),
      `type ${variant.wrapper} struct {`,
      ...docComment(descriptionOf(propertiesOf(wrapper)[variant.key] ?? {}), "\t"),
      ...alignBlock([{ cells: [field, dataType, `\`json:${goString(variant.key)}\``] }], "\t"),
      "}",
    ]);
  }
  const unknown = `&UnknownTagError{Union: ${goString(union.name)}, Tag: name}`;
  declarations.push([
    ...checkedDecoder(union.name, "as a bare string or an object with a single key"),
    `func ${unionReaderName(union.name)}(data []byte) (${variantInterfaceName(union.name)}, error) {`,
    `\tname, isUnit, err := readExternal(data, ${goString(union.name)})`,
    ...RETURN_ERROR,
    "\tif isUnit {",
    ...(union.units.length === 0 ? [] : ["\t\tswitch name {", ...union.units.flatMap((unit) => [`\t\tcase ${goString(unit)}:`, `\t\t\treturn ${unitVariantName(union.name, unit)}{}, nil`]), "\t\t}"]),
    `\t\treturn nil, ${unknown}`,
    "\t}",
    `\tvar variant ${variantInterfaceName(union.name)}`,
    "\tswitch name {",
    ...union.variants.flatMap((variant) => [`\tcase ${goString(variant.key)}:`, `\t\tvariant, err = decodeVariant[${variant.wrapper}](data)`]),
    "\tdefault:",
    `\t\treturn nil, ${unknown}`,
    "\t}",
    ...RETURN_ERROR,
    "\treturn variant, nil",
    "}",
  ]);
  return declarations;
}

/** One variant of an untagged union tried: the first the value is, by the variant's own schema, is read. */
function untaggedAttempt(variant: string, model: BindingsModel): string[] {
  const kind = targetKind(model, variant);
  if (kind !== "union" && kind !== "enum" && kind !== "record") throw new Error(`untagged union variant ${variant} is a ${kind}; the Go pass decodes records, enums and unions`);
  const read = kind === "union" ? [`\t\tif variant, err := ${unionReaderName(variant)}(data); err == nil {`, `\t\t\treturn ${variant}{Value: variant}, nil`] : [`\t\tif variant, err := decodeVariant[${variant}](data); err == nil {`, "\t\t\treturn variant, nil"];
  return [`\tif Validate(${goString(variant)}, data) == nil {`, ...read, "\t\t}", "\t}"];
}

function untaggedDecoder(union: UntaggedUnion, model: BindingsModel): string[] {
  return [
    ...checkedDecoder(union.name, `as the first of its variants (${union.variants.join(", ")}) the value is`),
    `func ${unionReaderName(union.name)}(data []byte) (${variantInterfaceName(union.name)}, error) {`,
    ...union.variants.flatMap((variant) => untaggedAttempt(variant, model)),
    `\treturn nil, &ShapeError{Union: ${goString(union.name)}, Reason: "the value is none of its variants"}`,
    "}",
  ];
}

function unionDeclarations(union: Union, model: BindingsModel): string[][] {
  const common = commonDeclarations(union);
  if (union.kind === "internal") return [...common, internalDecoder(union)];
  if (union.kind === "external") return [...common, ...externalDeclarations(union, model)];
  return [...common, untaggedDecoder(union, model)];
}

/** Every name the unions file declares besides the union names themselves. */
export function unionDeclaredNames(model: BindingsModel): string[] {
  return model.unions.flatMap((union) => [
    variantInterfaceName(union.name),
    unionDecoderName(union.name),
    unionReaderName(union.name),
    ...(union.kind === "external" ? [...union.units.map((unit) => unitVariantName(union.name, unit)), ...union.variants.map((variant) => variant.wrapper)] : []),
  ]);
}

/** `unions.go`: every union of the protocol, in definition order. */
export function unionsFile(model: BindingsModel, packageName: string): string {
  return goFile(["encoding/json"], model.unions.flatMap((union) => unionDeclarations(union, model)), packageName);
}
