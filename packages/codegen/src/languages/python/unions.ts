// The union pass: each union of the protocol as a base class with one
// dataclass per variant. Internal unions' variants are the variant records
// quicktype declares (the renderer gives them the base); external unions get
// a class per unit (a bare string) and per data variant (named as the
// TypeScript wrapper type, holding the data in `value`); untagged unions a
// class per variant type, holding the value in `value`.
import { definitionRef } from "@app-server-protocol/generator/schema-tools";
import type { BindingsModel } from "../../model.js";
import { descriptionOf } from "../../schema.js";
import type { ExternalUnion, Union, VariantData } from "../../unions.js";
import { docstring } from "./docstring.js";
import { pythonLiteral } from "./literal.js";
import { variantClassName } from "./names.js";
import { typeExpression } from "./type-expression.js";

/** A class the union pass declares for a variant. */
interface VariantClass {
  name: string;
  union: string;
  description: string;
  /** The annotation of `value`, for a variant holding data. */
  value: string | undefined;
}

/** The data's schema as the checker's table spells it (a reference is the definition's name). */
function dataSchema(data: VariantData): { [key: string]: string } {
  return "ref" in data ? { $ref: data.ref } : { type: data.primitive };
}

function dataAnnotation(data: VariantData): string {
  return typeExpression("ref" in data ? { $ref: definitionRef(data.ref) } : { type: data.primitive });
}

function unitClass(union: ExternalUnion, unit: string): VariantClass {
  return { name: variantClassName(union.name, unit), union: union.name, description: `\`${union.name}\` variant ${JSON.stringify(unit)}: a bare string on the wire.`, value: undefined };
}

function variantClasses(model: BindingsModel, union: Union): VariantClass[] {
  if (union.kind === "internal") return [];
  if (union.kind === "untagged") {
    return union.variants.map((variant) => ({
      name: variantClassName(union.name, variant),
      union: union.name,
      description: `\`${union.name}\` variant: a \`${variant}\`, in \`value\`.`,
      value: variant,
    }));
  }
  return [
    ...union.units.map((unit) => unitClass(union, unit)),
    ...union.variants.map((variant) => ({
      name: variant.wrapper,
      union: union.name,
      description: descriptionOf(model.definitions[variant.wrapper] ?? {}) ?? `\`${union.name}\` variant \`${variant.key}\`.`,
      value: dataAnnotation(variant.data),
    })),
  ];
}

/** The classes the union pass declares, by name, checked against the protocol's type names. */
export function unionClassNames(model: BindingsModel): string[] {
  const names = model.unions.flatMap((union) => [union.name, ...variantClasses(model, union).map((variant) => variant.name)]);
  const wrappers = new Set(model.unions.flatMap((union) => (union.kind === "external" ? union.variants.map((variant) => variant.wrapper) : [])));
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new Error(`two union classes are named ${name}`);
    seen.add(name);
    const isProtocolType = model.definitions[name] !== undefined;
    if (isProtocolType && !wrappers.has(name) && !model.unions.some((union) => union.name === name)) throw new Error(`the variant class ${name} would shadow the protocol type ${name}`);
  }
  return names;
}

/** Internal unions' variant records, with the union each is a variant of. */
export function variantBases(model: BindingsModel): Map<string, string> {
  const bases = new Map<string, string>();
  for (const union of model.unions) {
    if (union.kind !== "internal") continue;
    for (const variant of union.variants) bases.set(variant.type, union.name);
    if (union.fallback !== undefined) bases.set(union.fallback.type, union.name);
  }
  return bases;
}

function unionSummary(union: Union): string {
  if (union.kind === "internal") {
    const fallback = union.fallback === undefined ? "" : ` Any other tag decodes to \`${union.fallback.type}\`, written with the tag ${JSON.stringify(union.fallback.emitted)}.`;
    return `Tagged by \`${union.tag}\`: ${union.variants.map((variant) => `\`${variant.type}\` (${JSON.stringify(variant.value)})`).join(", ")}.${fallback}`;
  }
  if (union.kind === "external") {
    const units = union.units.map((unit) => `\`${variantClassName(union.name, unit)}\` (${JSON.stringify(unit)})`);
    const data = union.variants.map((variant) => `\`${variant.wrapper}\` (\`{${JSON.stringify(variant.key)}: ...}\`)`);
    return `Variants: ${[...units, ...data].join(", ")}.`;
  }
  return `Untagged, the first that decodes wins: ${union.variants.map((variant) => `\`${variantClassName(union.name, variant)}\``).join(", ")}.`;
}

/** The base class of every union, declared before any record (internal unions' variant records derive from them). */
export function unionBaseDeclarations(model: BindingsModel): string[] {
  return model.unions.flatMap((union) => ["", "", `class ${union.name}:`, ...docstring([union.description ?? `The union \`${union.name}\`.`, unionSummary(union)].join("\n\n"), "    ")]);
}

/** The variant classes of external and untagged unions. */
export function unionVariantDeclarations(model: BindingsModel): string[] {
  return model.unions.flatMap((union) =>
    variantClasses(model, union).flatMap((variant) => [
      "",
      "",
      "@dataclass",
      `class ${variant.name}(${variant.union}):`,
      ...docstring(variant.description, "    "),
      ...(variant.value === undefined ? [] : ["", `    value: ${variant.value}`, ...docstring("The variant's data.", "    ")]),
    ]),
  );
}

/** The `UNIONS` entries of the codec tables, `protocol` being the module of the classes. */
export function unionTableEntries(model: BindingsModel): string[] {
  return model.unions.map((union) => {
    if (union.kind === "internal") {
      const variants = `{${union.variants.map((variant) => `${JSON.stringify(variant.value)}: ${JSON.stringify(variant.type)}`).join(", ")}}`;
      const fallback = union.fallback === undefined ? "" : `, fallback=${JSON.stringify(union.fallback.type)}, fallback_tag=${JSON.stringify(union.fallback.emitted)}`;
      return `    ${JSON.stringify(union.name)}: Internal(${JSON.stringify(union.tag)}, ${variants}${fallback}),`;
    }
    if (union.kind === "external") {
      const units = union.units.map((unit) => `${JSON.stringify(unit)}: protocol.${variantClassName(union.name, unit)}`);
      const data = union.variants.map((variant) => `${JSON.stringify(variant.key)}: (protocol.${variant.wrapper}, ${pythonLiteral(dataSchema(variant.data))})`);
      return `    ${JSON.stringify(union.name)}: External({${units.join(", ")}}, {${data.join(", ")}}),`;
    }
    const variants = union.variants.map((variant) => `(protocol.${variantClassName(union.name, variant)}, ${JSON.stringify(variant)})`);
    return `    ${JSON.stringify(union.name)}: Untagged((${variants.join(", ")},)),`;
  });
}
