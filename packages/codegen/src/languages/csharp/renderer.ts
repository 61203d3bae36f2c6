// quicktype's System.Text.Json renderer, steered: protocol type names kept,
// the view's root dropped, each union placeholder replaced by the union's
// record hierarchy, enums carrying their converter, record fields declared
// per their presence, and the names quicktype does not declare declared as
// `global using` aliases.
import {
  ArrayType,
  CSharpTargetLanguage,
  ClassType,
  EnumType,
  MapType,
  SystemTextJsonCSharpRenderer,
  getOptionValues,
  systemTextJsonCSharpOptions,
  type ClassProperty,
  type LanguageName,
  type Name,
  type Namer,
  type ObjectType,
  type RenderContext,
  type RendererOptions,
  type Sourcelike,
  type Type,
} from "quicktype-core";
import { keepingTypeNames } from "../../quicktype.js";
import type { Union } from "../../unions.js";
import { protocolAliases } from "../jvm-apple-dotnet-shared/extra-aliases.js";
import { fieldPresence, presenceOfField } from "../jvm-apple-dotnet-shared/field-presence.js";
import { declaredNames } from "../jvm-apple-dotnet-shared/declared-names.js";
import { acceptsNull, emitLines, nonNull, routeRecord, typeDocumentation, type BlankLineConfig, type ForEachPosition, type ProtocolPass } from "../jvm-apple-dotnet-shared/quicktype-hooks.js";
import { csharpString } from "./names.js";
import { OMIT_WHEN_NULL, csharpFieldPlan, type CSharpFieldPlan } from "./presence.js";
import { csharpSumType } from "./sum-type.js";
import { CSHARP_SUPPORT, csharpAliases } from "./support.js";

type ObjectVisitor = ((c: ClassType, className: Name, position: ForEachPosition) => void) | ((o: ObjectType, objectName: Name, position: ForEachPosition) => void);

class ProtocolCSharpRenderer extends SystemTextJsonCSharpRenderer {
  private readonly declaredUnions = new Set<string>();
  /** The converter the next enum's documentation is followed by. */
  private pendingEnumConverter: string | undefined;

  constructor(
    targetLanguage: CSharpTargetLanguage,
    renderContext: RenderContext,
    options: ReturnType<typeof getOptionValues<typeof systemTextJsonCSharpOptions, "csharp">>,
    private readonly pass: ProtocolPass,
  ) {
    super(targetLanguage, renderContext, options);
  }

  protected override makeNamedTypeNamer(): Namer {
    return keepingTypeNames(super.makeNamedTypeNamer());
  }

  protected override descriptionForType(t: Type): string[] | undefined {
    return typeDocumentation(this.pass.model, t, (type) => this.nameOf(type), super.descriptionForType(t));
  }

  protected override emitSourceStructure(): void {
    this.emitLine("#nullable enable");
    this.emitLine("// Required properties are set by the deserializer, not by a constructor.");
    this.emitLine("#pragma warning disable CS8618");
    const { declared, mergedInto } = declaredNames(this.pass, this.typeGraph, (type) => this.nameOf(type), (held, depth) => this.heldName(held, depth));
    this.ensureBlankLine();
    emitLines(this, csharpAliases(protocolAliases(this.pass.model, declared, mergedInto)));
    this.ensureBlankLine();
    super.emitSourceStructure();
  }

  protected override forEachObject(blankLocations: BlankLineConfig, f: ObjectVisitor): void {
    super.forEachObject(blankLocations, (o: ObjectType, name: Name, position: ForEachPosition) => {
      const record = this.sourcelikeToString(name);
      const route = routeRecord(this.pass.model, record);
      if (route.kind === "drop") return;
      if (route.kind === "union") {
        this.emitUnion(route.union);
        return;
      }
      if (!(o instanceof ClassType)) throw new Error(`${record}: quicktype declared an object that is not a record`);
      f(o, name, position);
    });
  }

  // quicktype registers enum converters only in its internal `Converter.Settings`; on the enum
  // itself the converter applies under any `JsonSerializerOptions`.
  protected override forEachEnum(blankLocations: BlankLineConfig, f: (e: EnumType, enumName: Name, position: ForEachPosition) => void): void {
    const converters = new Set([...this.typesWithNamedTransformations.values()].map((converter) => this.sourcelikeToString(converter)));
    super.forEachEnum(blankLocations, (e, name, position) => {
      const converter = `${this.sourcelikeToString(name)}Converter`;
      if (!converters.has(converter)) throw new Error(`${this.sourcelikeToString(name)}: quicktype declared no ${converter}`);
      this.pendingEnumConverter = converter;
      f(e, name, position);
      this.pendingEnumConverter = undefined;
    });
  }

  protected override emitDescription(description: Sourcelike[] | undefined): void {
    super.emitDescription(description);
    if (this.pendingEnumConverter === undefined) return;
    this.emitLine(`[JsonConverter(typeof(${this.pendingEnumConverter}))]`);
    this.pendingEnumConverter = undefined;
  }

  protected override attributesForProperty(property: ClassProperty, name: Name, c: ClassType, jsonName: string): Sourcelike[] | undefined {
    const attributes = (super.attributesForProperty(property, name, c, jsonName) ?? []).filter((attribute) => !this.sourcelikeToString(attribute).includes("JsonIgnore"));
    if (this.planOf(property, c, jsonName).kind === "omit-when-null") attributes.unshift(OMIT_WHEN_NULL);
    return attributes;
  }

  protected override propertyDefinition(property: ClassProperty, name: Name, c: ClassType, jsonName: string): Sourcelike {
    const plan = this.planOf(property, c, jsonName);
    if (plan.kind !== "default") return super.propertyDefinition(property, name, c, jsonName);
    const type = nonNull(property.type);
    return ["public ", this.csType(type), " ", name, " { get; set; } = ", this.defaultLiteral(type, plan.json), ";"];
  }

  protected override emitRequiredHelpers(): void {
    super.emitRequiredHelpers();
    // A union no record refers to has no placeholder among quicktype's declarations.
    for (const union of this.pass.model.unions) if (!this.declaredUnions.has(union.name)) this.emitUnion(union);
    this.ensureBlankLine();
    emitLines(this, CSHARP_SUPPORT);
  }

  private planOf(property: ClassProperty, c: ClassType, jsonName: string): CSharpFieldPlan {
    const record = this.nameOf(c);
    return csharpFieldPlan(presenceOfField(fieldPresence(this.pass.model, record), record, jsonName), acceptsNull(property.type));
  }

  /** A field's documented default as a C# expression: a literal where one reads plainly. */
  private defaultLiteral(type: Type, json: string): Sourcelike {
    const value: unknown = JSON.parse(json);
    const spelled = this.csType(type);
    // The graph holds an enum field as a string transformed into the enum: its C# spelling names the enum.
    const enumeration = this.enumSpelled(this.sourcelikeToString(spelled));
    if (enumeration !== undefined && typeof value === "string") return [this.nameForNamedType(enumeration), ".", this.nameForEnumCase(enumeration, value)];
    if (type.kind === "bool" && typeof value === "boolean") return String(value);
    if ((type.kind === "integer" || type.kind === "double") && typeof value === "number") return String(value);
    if (type.kind === "string" && typeof value === "string" && enumeration === undefined) return csharpString(value);
    if ((type instanceof ArrayType && Array.isArray(value) && value.length === 0) || (type instanceof MapType && json === "{}")) return ["new ", spelled, "()"];
    return ["ProtocolDefaults.Parse<", spelled, ">(", csharpString(json), ")"];
  }

  private enumSpelled(spelling: string): EnumType | undefined {
    for (const type of this.typeGraph.allNamedTypes()) if (type instanceof EnumType && this.nameOf(type) === spelling) return type;
    return undefined;
  }

  /**
   * The declared type a field holds, read from its C# spelling: the graph C# renders from holds
   * enums as transformed strings, which quicktype-core gives no public way to follow.
   */
  private heldName(held: Type, depth: number): string | undefined {
    let spelled = this.sourcelikeToString(this.csType(held)).replace(/\?$/, "");
    for (let level = 0; level < depth; level += 1) {
      const item = /^List<(.*)>\??$/.exec(spelled)?.[1];
      if (item === undefined) return undefined;
      spelled = item.replace(/\?$/, "");
    }
    return /^[A-Za-z_][A-Za-z0-9_]*$/.test(spelled) ? spelled : undefined;
  }

  private nameOf(type: Type): string {
    return this.sourcelikeToString(this.nameForNamedType(type));
  }

  private emitUnion(union: Union): void {
    this.ensureBlankLine();
    emitLines(this, csharpSumType(union));
    this.declaredUnions.add(union.name);
  }
}

/** C# as quicktype knows it, rendering through the steered renderer. */
export class ProtocolCSharpLanguage extends CSharpTargetLanguage {
  constructor(private readonly pass: ProtocolPass) {
    super();
  }

  protected override makeRenderer<Lang extends LanguageName = "csharp">(renderContext: RenderContext, untypedOptionValues: RendererOptions<Lang>): SystemTextJsonCSharpRenderer {
    return new ProtocolCSharpRenderer(this, renderContext, getOptionValues(systemTextJsonCSharpOptions, untypedOptionValues), this.pass);
  }
}
