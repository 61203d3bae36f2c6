// quicktype's Rust renderer, with the protocol's rules: type names as in
// TypeScript, fields typed and attributed by presence, each union's empty
// placeholder record replaced by its enum, the view's root left out, and
// the aliases and bare definitions quicktype does not declare added.
import { ClassType, EnumType, nullableFromUnion, RustRenderer, UnionType, type ClassProperty, type Name, type Namer, type RenderContext, type Type } from "quicktype-core";
import { commentHeader } from "../../language.js";
import type { BindingsModel } from "../../model.js";
import { keepingTypeNames } from "../../quicktype.js";
import { descriptionOf, propertiesOf, stringValuesOf, type JsonObject } from "../../schema.js";
import type { Union } from "../../unions.js";
import { VIEW_ROOT } from "../../view.js";
import { findAnonymousEnums, type AnonymousEnum } from "./anonymous-enums.js";
import { enumDeclaration } from "./enums.js";
import { nullAccepted, planField, unknownKeysType } from "./fields.js";
import type { PresenceModule } from "./presence-module.js";
import { patternAliasOf, type PatternAlias } from "./patterns.js";
import { fieldIdentifier, stringLiteral } from "./naming.js";
import { rustTypeOf, type NamedTypes } from "./types.js";
import { undeclaredAliases } from "./undeclared.js";
import { RECORD_DERIVES, recordFields } from "./records.js";
import { unionDeclaration } from "./unions.js";

/** What the renderer needs besides quicktype's graph. */
export interface RustPass {
  model: BindingsModel;
  presence: PresenceModule;
  patterns: readonly PatternAlias[];
}

/** The field that keeps a record's unknown keys, for records whose schema allows any. */
const EXTRA_FIELD = "extra";

export class ProtocolRustRenderer extends RustRenderer {
  private readonly unions: Map<string, Union>;
  private readonly fallbacks: Set<string>;
  private readonly declaredUnions = new Set<string>();

  constructor(
    targetLanguage: ConstructorParameters<typeof RustRenderer>[0],
    renderContext: RenderContext,
    options: ConstructorParameters<typeof RustRenderer>[2],
    private readonly pass: RustPass,
  ) {
    super(targetLanguage, renderContext, options);
    this.unions = new Map(pass.model.unions.map((union) => [union.name, union]));
    this.fallbacks = new Set(pass.model.unions.flatMap((union) => (union.kind === "internal" && union.fallback !== undefined ? [union.fallback.type] : [])));
  }

  protected override makeNamedTypeNamer(): Namer {
    return keepingTypeNames(super.makeNamedTypeNamer());
  }

  /** Field names live apart from type names, and a keyword field is written as a raw identifier instead of being renamed. */
  protected override forbiddenForObjectProperties(): { names: string[]; includeGlobalForbidden: boolean } {
    return { names: [], includeGlobalForbidden: false };
  }

  private readonly namedTypes: NamedTypes = {
    name: (t) => (t instanceof EnumType ? this.anonymousEnums().get(t)?.name : undefined) ?? this.sourcelikeToString(this.nameForNamedType(t)),
    boxed: (t) => this.isCycleBreakerType(t),
  };

  private anonymousEnumOwners: Map<EnumType, AnonymousEnum> | undefined;

  private anonymousEnums(): Map<EnumType, AnonymousEnum> {
    if (this.anonymousEnumOwners === undefined) {
      const records = [...this.typeGraph.allNamedTypesSeparated().objects].flatMap((record) => (record instanceof ClassType ? [{ record, name: this.sourcelikeToString(this.nameForNamedType(record)) }] : []));
      this.anonymousEnumOwners = findAnonymousEnums(records, (t) => this.sourcelikeToString(this.nameForNamedType(t)), this.pass.model.definitions);
    }
    return this.anonymousEnumOwners;
  }

  protected override emitEnumDefinition(enumeration: EnumType): void {
    const name = this.namedTypes.name(enumeration);
    const owner = this.anonymousEnums().get(enumeration);
    const doc = owner === undefined ? this.descriptionForType(enumeration) : [`The values of \`${owner.record}.${owner.field}\`.`];
    const listed = stringValuesOf(this.pass.model.definitions[name] ?? {}) ?? [];
    const values = [...listed.filter((value) => enumeration.cases.has(value)), ...[...enumeration.cases].filter((value) => !listed.includes(value))];
    const cases = values.map((value) => ({ value, caseName: this.sourcelikeToString(this.nameForEnumCase(enumeration, value)) }));
    for (const line of enumDeclaration({ name, doc, cases })) this.emitLine(line);
  }

  protected override emitSourceStructure(): void {
    this.emitMultiline(commentHeader("//").trimEnd());
    this.ensureBlankLine();
    this.emitLine("//! Every record, enumeration and union of the protocol, named as in TypeScript.");
    this.ensureBlankLine();
    this.emitLine("use serde::{Deserialize, Serialize};");
    if (this.haveMaps || Object.values(this.pass.model.definitions).some((schema) => unknownKeysType(schema) !== undefined)) this.emitLine("use std::collections::BTreeMap;");
    this.forEachNamedType(
      "leading-and-interposing",
      (record: ClassType, name: Name) => this.emitStructDefinition(record, name),
      (enumeration) => this.emitEnumDefinition(enumeration),
      (union, name) => this.emitUnion(union, name),
    );
    this.emitUndeclared();
  }

  protected override emitStructDefinition(record: ClassType, className: Name): void {
    const name = this.sourcelikeToString(className);
    if (name === VIEW_ROOT || this.fallbacks.has(name)) return;
    const union = this.unions.get(name);
    if (union !== undefined) {
      this.declaredUnions.add(name);
      for (const line of unionDeclaration(union, (type) => this.definitionDescription(type))) this.emitLine(line);
      return;
    }
    const schema = this.pass.model.definitions[name];
    if (schema === undefined) throw new Error(`quicktype declared ${name}, which is no protocol type: its name was not kept`);
    const presence = this.pass.model.presence(name);
    const properties = propertiesOf(schema);
    // The field declarations, with their serde attributes, which the struct
    // serde reads the record through (RECORD_FIELDS) repeats.
    const fields: string[][] = [];
    this.emitDescription(this.descriptionForType(record));
    this.emitLine(RECORD_DERIVES);
    this.emitBlock(["pub struct ", className], () => {
      this.forEachClassProperty(record, "interposing", (fieldName, jsonName, property) => {
        this.emitDescription(this.descriptionForClassProperty(record, jsonName));
        const fieldSchema = properties[jsonName] ?? {};
        const nullable = nullAccepted(fieldSchema, this.pass.model.definitions);
        const patternAlias = patternAliasOf(fieldSchema, this.pass.patterns)?.name;
        const plan = planField({ record: name, field: jsonName, presence: presence.get(jsonName) ?? "always", schema: fieldSchema, nullable, patternAlias, ...this.fieldValue(property) }, this.pass.presence);
        const identifier = fieldIdentifier(this.sourcelikeToString(fieldName));
        const rename = identifier.replace(/^r#/, "") === jsonName ? [] : [`rename = ${stringLiteral(jsonName)}`];
        const serde = [...rename, ...plan.serde];
        const lines = [...(serde.length > 0 ? [`#[serde(${serde.join(", ")})]`] : []), `pub ${identifier}: ${plan.type},`];
        for (const line of lines) this.emitLine(line);
        fields.push(lines);
      });
      const extra = unknownKeysType(schema);
      if (extra === undefined) return;
      if (EXTRA_FIELD in properties) throw new Error(`${name} has a field named ${EXTRA_FIELD}, the name of its unknown keys`);
      this.ensureBlankLine();
      this.emitLine("/// Keys the protocol does not name, kept so that they are written back.");
      const lines = ["#[serde(flatten)]", `pub ${EXTRA_FIELD}: BTreeMap<String, ${extra}>,`];
      for (const line of lines) this.emitLine(line);
      fields.push(lines);
    });
    this.ensureBlankLine();
    for (const line of recordFields(name, fields)) this.emitLine(line);
  }

  /** A property's value type without quicktype's `Option`, its kind, and whether it had one. */
  private fieldValue(property: ClassProperty): { type: string; kind: Type["kind"]; optional: boolean; enumCase(value: string): string } {
    const nullable = property.type instanceof UnionType ? nullableFromUnion(property.type) : null;
    const value = nullable ?? property.type;
    const type = this.namedTypes.boxed(value) ? `Box<${rustTypeOf(value, this.namedTypes)}>` : rustTypeOf(value, this.namedTypes);
    return { type, kind: value.kind, optional: nullable !== null || property.isOptional, enumCase: (label) => this.enumCase(value, label) };
  }

  private enumCase(t: Type, label: string): string {
    if (!(t instanceof EnumType)) throw new Error(`an enumeration default (${label}) for a ${t.kind}`);
    return `${this.namedTypes.name(t)}::${this.sourcelikeToString(this.nameForEnumCase(t, label))}`;
  }

  /** A declared type's documentation is its definition's, not the descriptions of the fields quicktype found it under. */
  protected override descriptionForType(t: Type): string[] | undefined {
    if (!(t instanceof ClassType || t instanceof EnumType)) return super.descriptionForType(t);
    return this.definitionDescription(this.namedTypes.name(t))?.split("\n");
  }

  private definitionDescription(type: string): string | undefined {
    const schema = this.pass.model.definitions[type];
    return schema === undefined ? undefined : descriptionOf(schema);
  }

  /** What quicktype leaves undeclared: the unions no record refers to, and the definitions that are another type under their name. */
  private emitUndeclared(): void {
    for (const union of this.pass.model.unions) {
      if (this.declaredUnions.has(union.name)) continue;
      this.ensureBlankLine();
      for (const line of unionDeclaration(union, (type) => this.definitionDescription(type))) this.emitLine(line);
    }
    const root = [...this.typeGraph.topLevels.values()][0];
    if (!(root instanceof ClassType)) throw new Error("quicktype's view has no root record");
    const enumerations = [...this.typeGraph.allNamedTypesSeparated().enums];
    for (const { name, type } of undeclaredAliases(this.pass.model, { root, enumerations, named: this.namedTypes })) {
      this.ensureBlankLine();
      this.emitDescription(this.definitionDescription(name)?.split("\n"));
      this.emitLine(`pub type ${name} = ${type};`);
    }
  }
}
