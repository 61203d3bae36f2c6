// quicktype's Go renderer, kept for what it does well (the type graph, Go
// names for fields) and made to write the protocol's records and enums:
// protocol type names as TypeScript spells them, enum constants prefixed
// with their type, fields declared by presence, and gofmt's layout.
import {
  ClassType,
  EnumType,
  GoRenderer,
  GoTargetLanguage,
  Name,
  UnionType,
  funPrefixNamer,
  getOptionValues,
  goOptions,
  matchType,
  nullableFromUnion,
  type Namer,
  type ObjectType,
  type OptionValues,
  type RenderContext,
  type Type,
} from "quicktype-core";
import type { BindingsModel } from "../../model.js";
import { keepingTypeNames } from "../../quicktype.js";
import { descriptionOf, propertiesOf, refName, stringValuesOf, unionMembers, type JsonObject } from "../../schema.js";
import { VIEW_ROOT } from "../../view.js";
import { definitionKind } from "./definition-kinds.js";
import { enumDeclarations } from "./enums.js";
import { fieldPlans } from "../../field-plans.js";
import { planField, type FieldPlan, type GoType } from "./fields.js";
import { GO_HEADER_LINES } from "./format.js";
import { enumConstantNames } from "./naming.js";
import { recordDeclarations, type RecordPlan } from "./records.js";
import { integerGoType, itemsNode, keepsUnknownKeys, valuesNode } from "./schema-nodes.js";

export interface ProtocolGoInput {
  model: BindingsModel;
  packageName: string;
  /** Identifiers the other files declare, which quicktype must not give anything else. */
  reservedNames: readonly string[];
}

const ENUM_CASE_ORDER = 20;
const verbatim = funPrefixNamer("enum-constants", (raw) => raw);

/** An enum constant's name: its type's name, then the value in Go style. */
class EnumConstantName extends Name {
  constructor(
    private readonly typeName: Name,
    private readonly values: readonly string[],
    private readonly value: string,
  ) {
    super(verbatim, ENUM_CASE_ORDER);
  }

  get dependencies(): readonly Name[] {
    return [this.typeName];
  }

  proposeUnstyledNames(names: ReadonlyMap<Name, string>): ReadonlySet<string> {
    const typeName = names.get(this.typeName);
    if (typeName === undefined) throw new Error(`enum constant ${this.value} named before its type`);
    const constant = enumConstantNames(typeName, this.values).get(this.value);
    if (constant === undefined) throw new Error(`${this.value} is not a value of ${typeName}`);
    return new Set([constant]);
  }
}

const RAW_JSON: GoType = { text: "json.RawMessage", nilable: true, collection: false };
const plainType = (text: string): GoType => ({ text, nilable: false, collection: false });
const collectionType = (text: string): GoType => ({ text, nilable: true, collection: true });

/** A type without its `null`, and whether `null` was part of it. */
function withoutNull(type: Type): { type: Type; nullable: boolean } {
  if (type instanceof UnionType) {
    const inner = nullableFromUnion(type);
    if (inner !== null) return { type: inner, nullable: true };
  }
  return { type, nullable: type.kind === "null" };
}

export class ProtocolGoRenderer extends GoRenderer {
  constructor(
    targetLanguage: GoTargetLanguage,
    renderContext: RenderContext,
    options: OptionValues<typeof goOptions>,
    private readonly input: ProtocolGoInput,
  ) {
    super(targetLanguage, renderContext, options);
  }

  protected override makeNamedTypeNamer(): Namer {
    return keepingTypeNames(super.makeNamedTypeNamer());
  }

  protected override forbiddenNamesForGlobalNamespace(): readonly string[] {
    return [...super.forbiddenNamesForGlobalNamespace(), ...this.input.reservedNames];
  }

  protected override makeNameForEnumCase(enumType: EnumType, enumName: Name, caseName: string): Name {
    return new EnumConstantName(enumName, [...enumType.cases], caseName);
  }

  private get definitions(): BindingsModel["definitions"] {
    return this.input.model.definitions;
  }

  private typeName(type: Type): string {
    return this.sourcelikeToString(this.nameForNamedType(type));
  }

  /**
   * The protocol type a schema names, when Go declares it under that name as
   * a struct or string type. quicktype merges enums with the same values
   * under one name, so a field's type is named from its schema.
   */
  private namedRef(node: JsonObject | undefined): string | undefined {
    const members = node === undefined ? undefined : unionMembers(node)?.filter((member) => member.type !== "null");
    const target = refName(node) ?? (members?.length === 1 ? refName(members[0]) : undefined);
    if (target === undefined) return undefined;
    return ["record", "enum", "union", "alias"].includes(definitionKind(this.input.model, target)) ? target : undefined;
  }

  /** A value's Go type; enums the schema declares inline (no protocol name) are plain strings. */
  private spell(type: Type, node: JsonObject | undefined): GoType {
    return matchType<GoType>(
      type,
      () => RAW_JSON,
      () => RAW_JSON,
      () => plainType("bool"),
      () => plainType(integerGoType(node, this.definitions)),
      () => plainType("float64"),
      () => plainType("string"),
      (array) => collectionType(`[]${this.element(array.items, itemsNode(node, this.definitions))}`),
      (record) => plainType(this.namedRef(node) ?? this.typeName(record)),
      (map) => collectionType(`map[string]${this.element(map.values, valuesNode(node, this.definitions))}`),
      (enumType) => plainType(this.namedRef(node) ?? (this.definitions[this.typeName(enumType)] === undefined ? "string" : this.typeName(enumType))),
      (union) => {
        const inner = nullableFromUnion(union);
        if (inner === null) throw new Error(`an unnamed union reached the Go renderer: ${[...union.members].map((member) => member.kind).join(" | ")}`);
        return this.spell(inner, node);
      },
      () => plainType("string"),
    );
  }

  /** A list item's or map value's type: a pointer where `null` is a value. */
  private element(type: Type, node: JsonObject | undefined): string {
    const { type: inner, nullable } = withoutNull(type);
    const spelled = this.spell(inner, node);
    return nullable && !spelled.nilable ? `*${spelled.text}` : spelled.text;
  }

  private tagOf(record: string): RecordPlan["tag"] {
    for (const union of this.input.model.unions) {
      if (union.kind !== "internal") continue;
      const variant = union.variants.find((candidate) => candidate.type === record);
      if (variant !== undefined) return { field: union.tag, value: variant.value };
      if (union.fallback?.type === record) return { field: union.tag, value: union.fallback.emitted };
    }
    return undefined;
  }

  private recordPlan(record: ObjectType, name: string, schema: JsonObject): RecordPlan {
    const presence = this.input.model.presence(name);
    const emission = fieldPlans(this.input.model, name);
    const properties = propertiesOf(schema);
    const fields: FieldPlan[] = [];
    this.forEachClassProperty(record, "none", (fieldName, jsonName, property) => {
      const fieldSchema = properties[jsonName];
      const fieldPresence = presence.get(jsonName);
      const emit = emission.get(jsonName)?.emit;
      if (fieldSchema === undefined || fieldPresence === undefined || emit === undefined) throw new Error(`${name}.${jsonName} is not in the schema`);
      const { type, nullable } = withoutNull(property.type);
      fields.push(planField({ goName: this.sourcelikeToString(fieldName), jsonName, presence: fieldPresence, schema: fieldSchema, type: this.spell(type, fieldSchema), nullable, emit }));
    });
    return { name, description: descriptionOf(schema), fields, tag: this.tagOf(name), keepsUnknownKeys: keepsUnknownKeys(schema) };
  }

  private enumCases(enumType: EnumType, name: string, schema: JsonObject): { constant: string; value: string }[] {
    const values = stringValuesOf(schema) ?? [];
    const expected = enumConstantNames(name, values);
    const constants = new Map<string, string>();
    this.forEachEnumCase(enumType, "none", (caseName, value) => constants.set(value, this.sourcelikeToString(caseName)));
    return values.map((value) => {
      const constant = constants.get(value);
      if (constant === undefined || constant !== expected.get(value)) throw new Error(`${name} ${JSON.stringify(value)}: its constant would be ${constant ?? "missing"}, which another declaration takes`);
      return { constant, value };
    });
  }

  protected override emitSourceStructure(): void {
    if (this.haveNamedUnions) throw new Error("quicktype declared a union of its own; the Go pass declares every union");
    const unionNames = new Set(this.input.model.unions.map((union) => union.name));
    const records = new Map<string, ObjectType>();
    const enums = new Map<string, EnumType>();
    this.forEachObject("none", (record: ObjectType, name: Name) => {
      const typeName = this.sourcelikeToString(name);
      if (typeName === VIEW_ROOT || unionNames.has(typeName)) return;
      if (!(record instanceof ClassType) || this.definitions[typeName] === undefined) throw new Error(`quicktype declared ${typeName}, which is no protocol type: name it in packages/types`);
      records.set(typeName, record);
    });
    this.forEachEnum("none", (enumType, name) => enums.set(this.sourcelikeToString(name), enumType));
    const declarations: string[][] = [];
    for (const [name, schema] of Object.entries(this.definitions)) {
      const record = records.get(name);
      const enumType = enums.get(name);
      if (record !== undefined) {
        const descriptions = new Map(Object.entries(propertiesOf(schema)).map(([field, property]) => [field, descriptionOf(property)]));
        declarations.push(...recordDeclarations(this.recordPlan(record, name, schema), descriptions));
      } else if (enumType !== undefined) {
        declarations.push(...enumDeclarations({ name, description: descriptionOf(schema), cases: this.enumCases(enumType, name, schema) }));
      } else if (definitionKind(this.input.model, name) === "enum") {
        // quicktype gave its values to an enum of another name: declare it from the schema.
        const constants = enumConstantNames(name, stringValuesOf(schema) ?? []);
        declarations.push(...enumDeclarations({ name, description: descriptionOf(schema), cases: [...constants].map(([value, constant]) => ({ constant, value })) }));
      }
    }
    const body = declarations.flatMap((lines, index) => (index === 0 ? lines : ["", ...lines]));
    for (const line of [...GO_HEADER_LINES, "", `package ${this.input.packageName}`, "", 'import "encoding/json"', "", ...body]) this.emitLine(line);
  }
}

/** quicktype's Go target, rendering with the protocol renderer. */
export class ProtocolGoTargetLanguage extends GoTargetLanguage {
  constructor(private readonly input: ProtocolGoInput) {
    super();
  }

  protected override makeRenderer(renderContext: RenderContext, untypedOptionValues: Record<string, unknown>): GoRenderer {
    return new ProtocolGoRenderer(this, renderContext, getOptionValues(goOptions, untypedOptionValues), this.input);
  }
}
