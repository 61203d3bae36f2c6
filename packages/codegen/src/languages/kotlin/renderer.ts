// quicktype's kotlinx.serialization renderer, steered: protocol type names
// kept, the view's root dropped, each union placeholder replaced by the
// union's sealed class, record fields declared per their presence, and the
// names quicktype does not declare declared as type aliases. The enum case
// names it chose are recorded for the method table.
import {
  ArrayType,
  ClassType,
  EnumType,
  KotlinTargetLanguage,
  KotlinXRenderer,
  MapType,
  funPrefixNamer,
  getOptionValues,
  kotlinOptions,
  type ClassProperty,
  type LanguageName,
  type Name,
  type Namer,
  type RenderContext,
  type RendererOptions,
  type Type,
} from "quicktype-core";
import { isThreeState } from "../../presence.js";
import { keepingTypeNames } from "../../quicktype.js";
import { propertiesOf } from "../../schema.js";
import type { Union } from "../../unions.js";
import { protocolAliases } from "../jvm-apple-dotnet-shared/extra-aliases.js";
import { fieldPresence, presenceOfField } from "../jvm-apple-dotnet-shared/field-presence.js";
import { declaredNames } from "../jvm-apple-dotnet-shared/declared-names.js";
import { acceptsNull, emitLines, nonNull, routeRecord, typeDocumentation, type ProtocolPass } from "../jvm-apple-dotnet-shared/quicktype-hooks.js";
import type { KotlinEnumCases } from "./enum-cases.js";
import { EXTRA_KEYS_PROPERTY, EXTRA_PROPERTY, extraKeysAnnotations, extraKeysSerializer, keepsUnknownKeys } from "./extra-keys.js";
import { KotlinFieldCodecs, valueSchema } from "./field-codecs.js";
import { KOTLIN_FIELD_SUPPORT } from "./field-support.js";
import { kotlinIdentifier, kotlinString } from "./names.js";
import { patternAliasOf, patternSerializerDeclarations, patternSerializerName } from "./patterns.js";
import { kotlinFieldPlan } from "./presence.js";
import { kotlinSumType } from "./sum-type.js";
import { KOTLIN_SUPPORT, kotlinAliases } from "./support.js";

class ProtocolKotlinRenderer extends KotlinXRenderer {
  private readonly declaredUnions = new Set<string>();
  private readonly codecs = new KotlinFieldCodecs();

  constructor(
    targetLanguage: KotlinTargetLanguage,
    renderContext: RenderContext,
    options: ReturnType<typeof getOptionValues<typeof kotlinOptions, "kotlin">>,
    private readonly pass: ProtocolPass,
    private readonly enumCases: KotlinEnumCases,
  ) {
    super(targetLanguage, renderContext, options);
  }

  protected override makeNamedTypeNamer(): Namer {
    return keepingTypeNames(super.makeNamedTypeNamer());
  }

  protected override namerForObjectProperty(): Namer {
    return funPrefixNamer("lower", (raw) => kotlinIdentifier(raw, "lower"));
  }

  protected override makeEnumCaseNamer(): Namer {
    return funPrefixNamer("upper", (raw) => kotlinIdentifier(raw, "upper"));
  }

  protected override descriptionForType(t: Type): string[] | undefined {
    return typeDocumentation(this.pass.model, t, (type) => this.nameOf(type), super.descriptionForType(t));
  }

  protected override emitFileAnnotations(): void {
    // `@EncodeDefault` is still marked experimental in kotlinx.serialization.
    this.emitLine("@file:OptIn(ExperimentalSerializationApi::class)");
    this.ensureBlankLine();
    super.emitFileAnnotations();
  }

  protected override emitClassDefinition(c: ClassType, className: Name): void {
    const record = this.sourcelikeToString(className);
    const route = routeRecord(this.pass.model, record);
    if (route.kind === "drop") return;
    if (route.kind === "union") {
      this.emitUnion(route.union);
      return;
    }
    if (c.getProperties().size === 0) {
      super.emitClassDefinition(c, className);
      return;
    }
    const presence = fieldPresence(this.pass.model, record);
    const definition = this.pass.model.definitions[record] ?? {};
    const keepsExtra = keepsUnknownKeys(definition);
    this.emitDescription(this.descriptionForType(c));
    emitLines(this, keepsExtra ? extraKeysAnnotations(record) : ["@Serializable"]);
    this.emitLine("data class ", className, "(");
    this.indent(() => {
      this.forEachClassProperty(c, "none", (name, json, property, position) => {
        const field = presenceOfField(presence, record, json);
        const kind = nonNull(property.type).kind;
        // Opaque JSON holds `null` as well as any other value.
        const wireNull = acceptsNull(property.type) || kind === "any";
        const schema = propertiesOf(definition)[json] ?? {};
        const leftOut = { schemaDefault: schema.default === undefined ? undefined : JSON.stringify(schema.default), collection: kind === "array" || kind === "map" };
        const plan = kotlinFieldPlan(field, wireNull, (text) => this.defaultLiteral(property, text), leftOut);
        const spelling = this.sourcelikeToString(this.kotlinType(property.type, true, true));
        const nulls = field.presence === "when_set" && isThreeState(schema) ? "three-state" : plan.nullAsDefault ? "default" : plan.nullable && !wireNull ? "rejected" : "plain";
        const pattern = patternAliasOf(this.pass.model, schema);
        if (pattern !== undefined && (plan.nullable || nulls !== "plain")) throw new Error(`${record}.${json}: only a required field of a pattern's type is read through its pattern`);
        const serializer = pattern !== undefined ? patternSerializerName(pattern) : this.codecs.serializerOf({ kind, schema: valueSchema(this.pass.model, schema), spelling, nulls, where: `${record}.${json}`, defaultValue: plan.defaultValue, leftOutWhen: plan.leftOutWhen });
        const description = this.descriptionForClassProperty(c, json);
        if (description !== undefined && position !== "first" && position !== "only") this.ensureBlankLine();
        this.emitDescription(description);
        if (this.sourcelikeToString(name) !== json) this.emitLine("@SerialName(", kotlinString(json), ")");
        if (serializer !== undefined) this.emitLine(`@Serializable(with = ${serializer}::class)`);
        if (plan.annotation !== undefined) this.emitLine(plan.annotation);
        const type = nulls === "three-state" ? `Tristate<${spelling}>?` : `${spelling}${plan.nullable ? "?" : ""}`;
        if (keepsExtra && this.sourcelikeToString(name) === EXTRA_PROPERTY) throw new Error(`${record}.${json} is spelled like the property that keeps the other keys`);
        this.emitLine("val ", name, ": ", type, plan.defaultValue === undefined ? "" : [" = ", plan.defaultValue], ",");
      });
      if (keepsExtra) emitLines(this, EXTRA_KEYS_PROPERTY);
    });
    this.emitLine(")");
    if (keepsExtra) {
      this.ensureBlankLine();
      emitLines(this, extraKeysSerializer(record));
    }
  }

  /** A field's documented default as a Kotlin expression: a literal where one reads plainly. */
  private defaultLiteral(property: ClassProperty, json: string): string {
    const type = nonNull(property.type);
    const value: unknown = JSON.parse(json);
    if (type.kind === "bool" && typeof value === "boolean") return String(value);
    if (type.kind === "integer" && typeof value === "number") return `${value}L`;
    if (type.kind === "double" && typeof value === "number") return /[.eE]/.test(String(value)) ? String(value) : `${value}.0`;
    if (type.kind === "string" && typeof value === "string") return kotlinString(value);
    // A list or map of arbitrary JSON is spelled `JsonArray` or `JsonObject`, which take the empty collection.
    const spelled = this.sourcelikeToString(this.kotlinType(type, false, true));
    if (type instanceof ArrayType && Array.isArray(value) && value.length === 0) return spelled === "JsonArray" ? "JsonArray(emptyList())" : "emptyList()";
    if (type instanceof MapType && json === "{}") return spelled === "JsonObject" ? "JsonObject(emptyMap())" : "emptyMap()";
    if (type instanceof EnumType && typeof value === "string") return `${this.nameOf(type)}.${this.sourcelikeToString(this.nameForEnumCase(type, value))}`;
    return `ProtocolJson.decodeFromString<${spelled}>(${kotlinString(json)})`;
  }

  protected override emitSourceStructure(): void {
    super.emitSourceStructure();
    // A union no record refers to has no placeholder among quicktype's declarations.
    for (const union of this.pass.model.unions) if (!this.declaredUnions.has(union.name)) this.emitUnion(union);
    const { declared, mergedInto } = declaredNames(this.pass, this.typeGraph, (type) => this.nameOf(type));
    this.ensureBlankLine();
    emitLines(this, kotlinAliases(protocolAliases(this.pass.model, declared, mergedInto)));
    this.ensureBlankLine();
    emitLines(this, this.codecs.declarations());
    this.ensureBlankLine();
    emitLines(this, patternSerializerDeclarations(this.pass.model));
    this.ensureBlankLine();
    emitLines(this, KOTLIN_SUPPORT);
    this.ensureBlankLine();
    emitLines(this, KOTLIN_FIELD_SUPPORT);
    this.recordEnumCases();
  }

  private recordEnumCases(): void {
    for (const type of this.typeGraph.allNamedTypes()) {
      if (!(type instanceof EnumType)) continue;
      for (const value of type.cases) this.enumCases.record(this.nameOf(type), value, this.sourcelikeToString(this.nameForEnumCase(type, value)));
    }
  }

  private nameOf(type: Type): string {
    return this.sourcelikeToString(this.nameForNamedType(type));
  }

  private emitUnion(union: Union): void {
    this.ensureBlankLine();
    emitLines(this, kotlinSumType(union));
    this.declaredUnions.add(union.name);
  }
}

/** Kotlin as quicktype knows it, rendering through the steered renderer. */
export class ProtocolKotlinLanguage extends KotlinTargetLanguage {
  constructor(
    private readonly pass: ProtocolPass,
    private readonly enumCases: KotlinEnumCases,
  ) {
    super();
  }

  protected override makeRenderer<Lang extends LanguageName = "kotlin">(renderContext: RenderContext, untypedOptionValues: RendererOptions<Lang>): KotlinXRenderer {
    return new ProtocolKotlinRenderer(this, renderContext, getOptionValues(kotlinOptions, untypedOptionValues), this.pass, this.enumCases);
  }
}
