import ts from "typescript";
import { isJsonObject, type JsonObject } from "../json.js";
import type { TypeSource } from "../source.js";
import { EMITTED_MARK, SOURCE_MARKS } from "./annotations.js";
import { renderDocumentation } from "./docs.js";

// typescript-json-schema loses what only the source knows: it sorts enum
// values, orders union members by type id, drops integer aliases inside
// unions and arrays, copies an alias's description onto every use, keeps
// `{@link}` markup and loses one-line doc comments. This pass walks each
// schema beside the type node it came from and puts those facts back.

/** The integer aliases of `integers.ts`, resolved by name wherever they are used. */
const INTEGER_ALIASES = new Set(["Uint", "Uint32", "Uint64", "Int32", "Int64"]);

const BOUND_KEYWORDS = ["minimum", "maximum"] as const;

/**
 * Puts a declaration's `@sensitive` and `@opaque` marks on its schema, as
 * the empty-text keywords the annotation pass turns into `x-` annotations.
 * typescript-json-schema drops them beside a `$ref` and on index signatures.
 */
function copyMarks(schema: JsonObject, declaration: ts.Node): void {
  for (const tag of ts.getJSDocTags(declaration)) if (tag.tagName.text in SOURCE_MARKS) schema[tag.tagName.text] = "";
}

/**
 * A type alias's `@emitted <Type>` tag, as the mark the annotation pass turns
 * into `x-emitted`. On an interface or a field it is refused: the tolerant
 * reading and the emitted form are each a named type.
 */
function copyEmittedForm(schema: JsonObject, declaration: ts.Node): void {
  for (const tag of ts.getJSDocTags(declaration)) {
    if (tag.tagName.text !== EMITTED_MARK) continue;
    if (!ts.isTypeAliasDeclaration(declaration)) throw new Error(`@emitted belongs on an exported type alias, not on \`${declaration.getText().split("\n")[0] ?? ""}\``);
    schema[EMITTED_MARK] = (ts.getTextOfJSDocComment(tag.comment) ?? "").trim();
  }
}

/** An index signature's marks go on the schema of its values. */
function markIndexSignature(schema: JsonObject, members: ts.NodeArray<ts.TypeElement>): void {
  const values = schema.additionalProperties;
  if (!isJsonObject(values)) return;
  for (const member of members) if (ts.isIndexSignatureDeclaration(member)) copyMarks(values, member);
}

class Aligner {
  private readonly integerSchemas = new Map<string, JsonObject>();

  constructor(
    private readonly source: TypeSource,
    definitions: JsonObject,
  ) {
    for (const name of INTEGER_ALIASES) {
      const definition = definitions[name];
      if (!isJsonObject(definition) || definition.type !== "integer") {
        throw new Error(`integer alias ${name} must be exported with @TJS-type integer`);
      }
      const integer: JsonObject = { type: "integer" };
      for (const bound of BOUND_KEYWORDS) if (bound in definition) integer[bound] = definition[bound];
      this.integerSchemas.set(name, integer);
    }
  }

  alignDefinition(name: string, schema: JsonObject): void {
    const declaration = this.source.declarations.get(name);
    if (declaration === undefined) throw new Error(`no declaration for ${name}`);
    copyEmittedForm(schema, declaration);
    if (ts.isInterfaceDeclaration(declaration)) {
      markIndexSignature(schema, declaration.members);
      this.alignProperties(schema, this.source.checker.getPropertiesOfType(this.source.checker.getTypeAtLocation(declaration.name)));
    } else if (!INTEGER_ALIASES.has(name)) {
      this.alignType(schema, declaration.type);
    }
    setDescription(schema, this.documentation(declaration.name));
  }

  private documentation(node: ts.Node): string {
    const symbol = this.source.checker.getSymbolAtLocation(node);
    return symbol === undefined ? "" : renderDocumentation(symbol.getDocumentationComment(this.source.checker));
  }

  private alignProperties(schema: JsonObject, symbols: readonly ts.Symbol[]): void {
    const properties = schema.properties;
    if (!isJsonObject(properties)) return;
    for (const symbol of symbols) {
      const property = properties[symbol.name];
      const declaration = symbol.valueDeclaration;
      if (!isJsonObject(property) || declaration === undefined || !ts.isPropertySignature(declaration)) continue;
      if (declaration.type !== undefined) this.alignType(property, declaration.type);
      copyMarks(property, declaration);
      copyEmittedForm(property, declaration);
      applyOwnBounds(property, declaration);
      setDescription(property, renderDocumentation(symbol.getDocumentationComment(this.source.checker)));
    }
    if (Array.isArray(schema.required)) {
      const order = Object.keys(properties);
      schema.required = [...schema.required].sort((a, b) => order.indexOf(String(a)) - order.indexOf(String(b)));
    }
  }

  private alignType(schema: JsonObject, rawNode: ts.TypeNode): void {
    const node = unwrap(rawNode);
    const integer = this.integerAlias(node);
    const named = integer === undefined ? this.wireTypeName(node) : undefined;
    if (integer !== undefined) {
      replaceWith(schema, integer);
    } else if (named !== undefined) {
      // An optional field's type reaches the generator as `T | undefined`,
      // and it inlines T; a named wire type is always a reference.
      replaceWith(schema, { $ref: `#/definitions/${named}` });
    } else if (ts.isUnionTypeNode(node)) {
      this.alignUnion(schema, node.types.map(unwrap));
    } else if (ts.isArrayTypeNode(node)) {
      if (isJsonObject(schema.items)) this.alignType(schema.items, node.elementType);
    } else if (ts.isTypeLiteralNode(node)) {
      this.alignTypeLiteral(schema, node);
    } else if (Array.isArray(schema.enum)) {
      this.alignEnum(schema, node);
    }
  }

  private alignTypeLiteral(schema: JsonObject, node: ts.TypeLiteralNode): void {
    markIndexSignature(schema, node.members);
    for (const member of node.members) {
      if (ts.isIndexSignatureDeclaration(member) && isJsonObject(schema.additionalProperties)) {
        this.alignType(schema.additionalProperties, member.type);
      }
    }
    this.alignProperties(schema, this.source.checker.getPropertiesOfType(this.source.checker.getTypeAtLocation(node)));
  }

  private alignUnion(schema: JsonObject, members: ts.TypeNode[]): void {
    if (Array.isArray(schema.enum)) {
      this.alignEnum(schema, members);
      return;
    }
    if (members.every((member) => this.simpleTypeName(member) !== undefined)) {
      this.alignSimpleUnion(schema, members);
      return;
    }
    // typescript-json-schema flattens a named union used inside another union
    // into its variants, losing the name and the tag. Rebuild the variants from
    // the source: named types as references, primitives as one type list, and
    // inline members from the generator's own output.
    const generated = Array.isArray(schema.anyOf) ? schema.anyOf.filter(isJsonObject) : [];
    const variants: JsonObject[] = [];
    const simple: ts.TypeNode[] = [];
    const literals: ts.TypeNode[] = [];
    for (const member of members) {
      const name = this.integerAlias(member) === undefined ? this.referencedName(member) : undefined;
      if (name !== undefined) {
        variants.push({ $ref: `#/definitions/${name}` });
      } else if (this.simpleTypeName(member) !== undefined) {
        if (simple.length === 0) variants.push({});
        simple.push(member);
      } else {
        const key = this.memberKey(member);
        const variant = generated.find((candidate) => variantKeys(candidate).has(key));
        if (variant === undefined) throw new Error(`cannot find the schema of union member \`${member.getText()}\``);
        if (!variants.includes(variant)) variants.push(variant);
        if (ts.isLiteralTypeNode(member)) literals.push(member);
        else this.alignType(variant, member);
      }
    }
    const literalVariant = variants.find((variant) => Array.isArray(variant.enum));
    if (literalVariant !== undefined) this.alignEnum(literalVariant, literals);
    const simpleVariant = variants.find((variant) => Object.keys(variant).length === 0);
    if (simpleVariant !== undefined) this.alignSimpleUnion(simpleVariant, simple);
    for (const key of ["anyOf", "type", "enum", "$ref"]) delete schema[key];
    schema.anyOf = variants;
  }

  /** A union of primitives, `null` and integer aliases: one `type` list in source order. */
  private alignSimpleUnion(schema: JsonObject, members: ts.TypeNode[]): void {
    const types: string[] = [];
    for (const member of members) {
      const name = this.simpleTypeName(member);
      if (name !== undefined && !types.includes(name)) types.push(name);
      const integer = this.integerAlias(member);
      if (integer !== undefined) for (const bound of BOUND_KEYWORDS) if (bound in integer) schema[bound] = integer[bound];
    }
    schema.type = types.length === 1 ? types[0] : types;
  }

  private alignEnum(schema: JsonObject, node: ts.TypeNode | ts.TypeNode[]): void {
    const order = Array.isArray(node) ? node.flatMap((member) => this.literalOrder(member) ?? []) : this.literalOrder(node);
    const values = Array.isArray(schema.enum) ? schema.enum : [];
    if (order === undefined || order.length !== values.length || !values.every((value) => order.includes(String(value)))) {
      throw new Error(`cannot find the source order of enum ${JSON.stringify(values)}`);
    }
    schema.enum = order;
  }

  /** The string literals a type node stands for, in source order. */
  private literalOrder(rawNode: ts.TypeNode): string[] | undefined {
    const node = unwrap(rawNode);
    if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal)) return [node.literal.text];
    if (ts.isUnionTypeNode(node)) {
      const parts = node.types.map((member) => this.literalOrder(member));
      return parts.every((part) => part !== undefined) ? parts.flat() : undefined;
    }
    if (ts.isTypeReferenceNode(node)) {
      const declaration = this.resolveDeclaration(node.typeName);
      return declaration !== undefined && ts.isTypeAliasDeclaration(declaration) ? this.literalOrder(declaration.type) : undefined;
    }
    if (ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.KeyOfKeyword && ts.isTypeReferenceNode(node.type)) {
      const declaration = this.resolveDeclaration(node.type.typeName);
      if (declaration === undefined || !ts.isInterfaceDeclaration(declaration)) return undefined;
      return declaration.members.flatMap((member) => (member.name !== undefined && ts.isIdentifier(member.name) ? [member.name.text] : []));
    }
    if (ts.isIndexedAccessTypeNode(node)) {
      const list = unwrap(node.objectType);
      return ts.isTypeQueryNode(list) ? this.constArrayOrder(list.exprName) : undefined;
    }
    return undefined;
  }

  /** The elements of a `[...] as const` array of strings, for `(typeof LIST)[number]`. */
  private constArrayOrder(name: ts.EntityName): string[] | undefined {
    const declaration = this.resolveDeclaration(name);
    if (declaration === undefined || !ts.isVariableDeclaration(declaration) || declaration.initializer === undefined) return undefined;
    let initializer: ts.Expression = declaration.initializer;
    while (ts.isAsExpression(initializer) || ts.isSatisfiesExpression(initializer)) initializer = initializer.expression;
    if (!ts.isArrayLiteralExpression(initializer)) return undefined;
    const values = initializer.elements.map((element) => (ts.isStringLiteral(element) ? element.text : undefined));
    return values.every((value) => value !== undefined) ? values : undefined;
  }

  private resolveDeclaration(name: ts.EntityName): ts.Declaration | undefined {
    let symbol = this.source.checker.getSymbolAtLocation(name);
    if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = this.source.checker.getAliasedSymbol(symbol);
    return symbol?.declarations?.[0];
  }

  private referencedName(node: ts.TypeNode): string | undefined {
    if (!ts.isTypeReferenceNode(node)) return undefined;
    const declaration = this.resolveDeclaration(node.typeName);
    if (declaration !== undefined && (ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration))) {
      return declaration.name.text;
    }
    return undefined;
  }

  /** The name of the exported wire type a type node refers to, if it does. */
  private wireTypeName(node: ts.TypeNode): string | undefined {
    const name = this.referencedName(node);
    return name !== undefined && this.source.declarations.has(name) && !INTEGER_ALIASES.has(name) ? name : undefined;
  }

  private integerAlias(node: ts.TypeNode): JsonObject | undefined {
    const name = this.referencedName(node);
    return name === undefined ? undefined : this.integerSchemas.get(name);
  }

  private simpleTypeName(node: ts.TypeNode): string | undefined {
    if (this.integerAlias(node) !== undefined) return "integer";
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return "string";
      case ts.SyntaxKind.NumberKeyword:
        return "number";
      case ts.SyntaxKind.BooleanKeyword:
        return "boolean";
      default:
        return ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword ? "null" : undefined;
    }
  }

  /** What a union member looks like in the schema: a `$ref`, a primitive type, an enum, or a tagged object. */
  private memberKey(node: ts.TypeNode): string {
    const simple = this.simpleTypeName(node);
    if (simple !== undefined) return `type:${simple === "integer" ? "number" : simple}`;
    const name = this.referencedName(node);
    if (name !== undefined) return `ref:${name}`;
    if (ts.isLiteralTypeNode(node)) return "enum";
    if (ts.isArrayTypeNode(node)) return "type:array";
    if (ts.isTypeLiteralNode(node)) {
      for (const member of node.members) {
        if (ts.isPropertySignature(member) && member.type !== undefined && ts.isLiteralTypeNode(member.type) && ts.isStringLiteral(member.type.literal)) {
          return `tag:${member.name.getText()}=${member.type.literal.text}`;
        }
      }
    }
    throw new Error(`unsupported union member \`${node.getText()}\`; name it as an exported type`);
  }
}

function variantKeys(variant: JsonObject): Set<string> {
  const keys = new Set<string>();
  if (typeof variant.$ref === "string") keys.add(`ref:${variant.$ref.replace(/^#\/definitions\//, "")}`);
  const types = Array.isArray(variant.type) ? variant.type : [variant.type];
  for (const type of types) if (typeof type === "string") keys.add(`type:${type === "integer" ? "number" : type}`);
  if ("enum" in variant || "const" in variant) keys.add("enum");
  if (isJsonObject(variant.properties)) {
    for (const [name, property] of Object.entries(variant.properties)) {
      if (isJsonObject(property) && typeof property.const === "string") keys.add(`tag:${name}=${property.const}`);
    }
  }
  return keys;
}

function unwrap(node: ts.TypeNode): ts.TypeNode {
  let current = node;
  while (ts.isParenthesizedTypeNode(current) || (ts.isTypeOperatorNode(current) && current.operator === ts.SyntaxKind.ReadonlyKeyword)) {
    current = current.type;
  }
  return current;
}

/** Replaces a schema's assertions, keeping its `default`. */
function replaceWith(schema: JsonObject, replacement: JsonObject): void {
  const kept = "default" in schema ? { default: schema.default } : {};
  for (const key of Object.keys(schema)) delete schema[key];
  Object.assign(schema, replacement, kept);
}

/** A field's own `@minimum`/`@maximum` tags win over the bounds of its integer alias. */
function applyOwnBounds(schema: JsonObject, declaration: ts.PropertySignature): void {
  for (const tag of ts.getJSDocTags(declaration)) {
    const name = tag.tagName.text;
    if (name !== "minimum" && name !== "maximum") continue;
    const bound = Number(ts.getTextOfJSDocComment(tag.comment));
    if (!Number.isFinite(bound)) throw new Error(`@${name} of ${declaration.name.getText()} is not a number`);
    schema[name] = bound;
  }
}

function setDescription(schema: JsonObject, description: string): void {
  if (description === "") delete schema.description;
  else schema.description = description;
}

/**
 * Puts back into typescript-json-schema's draft-07 definitions what only the
 * source knows (see the note at the top of this module). Mutates and returns
 * `definitions`.
 */
export function alignWithSource(definitions: JsonObject, source: TypeSource): JsonObject {
  const aligner = new Aligner(source, definitions);
  for (const [name, schema] of Object.entries(definitions)) {
    if (!isJsonObject(schema)) throw new Error(`definition ${name} is not a schema`);
    aligner.alignDefinition(name, schema);
  }
  return definitions;
}
