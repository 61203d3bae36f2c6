// quicktype's Swift renderer, steered: protocol type names kept, the view's
// root dropped, each union placeholder replaced by the union's enum, records
// that always carry a field given their own `encode(to:)`, and the names
// quicktype does not declare declared as type aliases.
import {
  ClassType,
  EnumType,
  SwiftRenderer,
  SwiftTargetLanguage,
  UnionType,
  getOptionValues,
  swiftOptions,
  type LanguageName,
  type Name,
  type Namer,
  type ObjectType,
  type RenderContext,
  type RendererOptions,
  type Type,
} from "quicktype-core";
import { keepingTypeNames } from "../../quicktype.js";
import type { Union } from "../../unions.js";
import { protocolAliases } from "../jvm-apple-dotnet-shared/extra-aliases.js";
import { fieldPresence } from "../jvm-apple-dotnet-shared/field-presence.js";
import { declaredNames } from "../jvm-apple-dotnet-shared/declared-names.js";
import { emitLines, routeRecord, typeDocumentation, type BlankLineConfig, type ForEachPosition, type ProtocolPass } from "../jvm-apple-dotnet-shared/quicktype-hooks.js";
import { swiftPresenceEncoder, type SwiftField } from "./presence.js";
import { swiftSumType } from "./sum-type.js";
import { SWIFT_SUPPORT, swiftAliases } from "./support.js";

type ObjectVisitor = ((c: ClassType, className: Name, position: ForEachPosition) => void) | ((o: ObjectType, objectName: Name, position: ForEachPosition) => void);

class ProtocolSwiftRenderer extends SwiftRenderer {
  private readonly declaredUnions = new Set<string>();

  constructor(
    targetLanguage: SwiftTargetLanguage,
    renderContext: RenderContext,
    options: ReturnType<typeof getOptionValues<typeof swiftOptions, "swift">>,
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

  protected override forEachNamedType(
    blankLocations: BlankLineConfig,
    objectFunc: ObjectVisitor,
    enumFunc: (e: EnumType, enumName: Name, position: ForEachPosition) => void,
    unionFunc: (u: UnionType, unionName: Name, position: ForEachPosition) => void,
  ): void {
    const visitObject = (o: ObjectType, name: Name, position: ForEachPosition): void => {
      const record = this.sourcelikeToString(name);
      const route = routeRecord(this.pass.model, record);
      if (route.kind === "drop") return;
      if (route.kind === "union") {
        this.emitUnion(route.union);
        return;
      }
      if (!(o instanceof ClassType)) throw new Error(`${record}: quicktype declared an object that is not a record`);
      objectFunc(o, name, position);
      const encoder = swiftPresenceEncoder(record, this.fieldsOf(o), fieldPresence(this.pass.model, record));
      if (encoder.length > 0) {
        this.ensureBlankLine();
        emitLines(this, encoder);
      }
    };
    super.forEachNamedType(blankLocations, visitObject, enumFunc, unionFunc);
  }

  protected override emitSourceStructure(): void {
    super.emitSourceStructure();
    // A union no record refers to has no placeholder among quicktype's declarations.
    for (const union of this.pass.model.unions) if (!this.declaredUnions.has(union.name)) this.emitUnion(union);
    const { declared, mergedInto } = declaredNames(this.pass, this.typeGraph, (type) => this.nameOf(type));
    this.ensureBlankLine();
    emitLines(this, swiftAliases(protocolAliases(this.pass.model, declared, mergedInto)));
    this.ensureBlankLine();
    emitLines(this, SWIFT_SUPPORT);
  }

  private nameOf(type: Type): string {
    return this.sourcelikeToString(this.nameForNamedType(type));
  }

  private emitUnion(union: Union): void {
    // The file's first declaration may be a union, before any record has imported Foundation.
    this.emitLineOnce("import Foundation");
    this.ensureBlankLine();
    emitLines(this, swiftSumType(union));
    this.declaredUnions.add(union.name);
  }

  private fieldsOf(record: ClassType): SwiftField[] {
    const fields: SwiftField[] = [];
    this.forEachClassProperty(record, "none", (name, json, property) => {
      fields.push({ property: this.sourcelikeToString(name), json, optional: this.sourcelikeToString(this.swiftPropertyType(property)).endsWith("?") });
    });
    return fields;
  }
}

/** Swift as quicktype knows it, rendering through the steered renderer. */
export class ProtocolSwiftLanguage extends SwiftTargetLanguage {
  constructor(private readonly pass: ProtocolPass) {
    super();
  }

  protected override makeRenderer<Lang extends LanguageName = "swift">(renderContext: RenderContext, untypedOptionValues: RendererOptions<Lang>): SwiftRenderer {
    return new ProtocolSwiftRenderer(this, renderContext, getOptionValues(swiftOptions, untypedOptionValues), this.pass);
  }
}
