// A union as zod's sum of its variants' schemas, each variant a record that
// keeps its own tag.
import type { Union } from "../../unions.js";
import { list, type Scope } from "./expression.js";

function variantSchema(name: string, union: Union, scope: Scope): string {
  if (!scope.declared(name)) throw new Error(`${union.name}: its variant ${name} is declared after it, reached first through another union's variant; the typescript-zod pass cannot defer a union's variant`);
  return `${name}Schema`;
}

/**
 * A union as zod's sum of its variants' schemas. An internally tagged union
 * is a `z.discriminatedUnion` on its tag, which reports an unknown tag as
 * such. The other unions are a `z.union` the value is read against as the
 * protocol's decoder reads it (wire.ts): by its tag with a fallback for any
 * other tag, by its one key or bare string, or by trying each variant.
 */
export function unionExpression(union: Union, scope: Scope): string {
  switch (union.kind) {
    case "internal": {
      const variants = union.variants.map((variant) => variantSchema(variant.type, union, scope));
      if (union.fallback === undefined) return list(`z.discriminatedUnion(${JSON.stringify(union.tag)}, [`, variants, "])", "");
      return list(`taggedUnionWithFallback(${JSON.stringify(union.tag)}, z.union([`, [...variants, variantSchema(union.fallback.type, union, scope)], "]))", "");
    }
    case "external": {
      const [unit, ...others] = union.units;
      const units = unit === undefined ? [] : others.length === 0 ? [`z.literal(${JSON.stringify(unit)})`] : [`z.enum([${union.units.map((value) => JSON.stringify(value)).join(", ")}])`];
      return list("externalUnion(z.union([", [...units, ...union.variants.map((variant) => variantSchema(variant.wrapper, union, scope))], "]))", "");
    }
    case "untagged":
      return list("untaggedUnion(z.union([", union.variants.map((variant) => variantSchema(variant, union, scope)), "]))", "");
  }
}

/** The records a union's schema lists. */
export function membersOf(union: Union): string[] {
  switch (union.kind) {
    case "internal":
      return [...union.variants.map((variant) => variant.type), ...(union.fallback === undefined ? [] : [union.fallback.type])];
    case "external":
      return union.variants.map((variant) => variant.wrapper);
    case "untagged":
      return union.variants;
  }
}
