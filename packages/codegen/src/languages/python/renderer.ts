// quicktype's Python renderer, driven from the view, declaring the records
// (dataclasses) and enums of the protocol under their TypeScript names. It
// leaves out the view's root and the unions' placeholders (the union pass
// declares those), derives internal unions' variant records from their
// union's base class, gives each field its presence-aware default, and
// reports the attribute name of every wire field for the codec tables.
import {
  EnumType,
  MapType,
  PythonRenderer,
  PythonTargetLanguage,
  UnionType,
  funPrefixNamer,
  getOptionValues,
  pythonOptions,
  type OptionValues,
  removeNullFromUnion,
  type ClassProperty,
  type ClassType,
  type Name,
  type Namer,
  type RenderContext,
  type Sourcelike,
  type Type,
} from "quicktype-core";
import type { BindingsModel } from "../../model.js";
import { keepingTypeNames, runQuicktype } from "../../quicktype.js";
import { descriptionOf, isJsonObject, propertiesOf, stringValuesOf } from "../../schema.js";
import { VIEW_ROOT } from "../../view.js";
import { docstring } from "./docstring.js";
import { fieldPlans, type FieldPlan } from "./fields.js";
import { pythonLiteral } from "./literal.js";
import { attributeName } from "./names.js";

/** A record quicktype declared: its wire fields with their attribute names, in schema order. */
export interface RenderedRecord {
  name: string;
  fields: { wire: string; attr: string; plan: FieldPlan }[];
  /** The attribute keeping the fields the protocol does not name, for a record that keeps them. */
  extra: string | undefined;
}

export interface RenderedDeclarations {
  /** The declarations, in quicktype's order (each type after those it needs). */
  lines: string;
  records: RenderedRecord[];
  enums: string[];
  /** Whether a field default is a protocol value decoded on use (`_field_default`). */
  decodedDefaults: boolean;
  /** Whether a field is three-state (`UNSET`, `None` or a value). */
  threeStateFields: boolean;
}

/** What the renderer needs beyond the view: which records are union variants, and which classes to leave out. */
export interface RenderPlan {
  model: BindingsModel;
  /** Internal unions' variant records, with their union. */
  bases: ReadonlyMap<string, string>;
  /** The unions' placeholder records, declared by the union pass instead. */
  placeholders: ReadonlySet<string>;
}

const EXTRA_ATTRIBUTE = "extra";

class ProtocolPythonRenderer extends PythonRenderer {
  readonly records: RenderedRecord[] = [];
  readonly enumNames: string[] = [];
  decodedDefaults = false;
  threeStateFields = false;
  private readonly model: BindingsModel;

  constructor(
    target: PythonTargetLanguage,
    renderContext: RenderContext,
    options: OptionValues<typeof pythonOptions>,
    private readonly plan: RenderPlan,
  ) {
    super(target, renderContext, options);
    this.model = plan.model;
  }

  protected override makeNamedTypeNamer(): Namer {
    return keepingTypeNames(super.makeNamedTypeNamer());
  }

  protected override namerForObjectProperty(): Namer {
    return funPrefixNamer("property", attributeName);
  }

  // `attributeName` already steers clear of keywords and the names a class
  // body reads, so quicktype need not respell any field.
  protected override forbiddenForObjectProperties(): { names: Name[]; includeGlobalForbidden: boolean } {
    return { names: [], includeGlobalForbidden: false };
  }

  protected override namedType(t: Type): Sourcelike {
    return this.nameForNamedType(t);
  }

  private nameOf(t: Type): string {
    const name = this.names.get(this.nameForNamedType(t));
    if (name === undefined) throw new Error("quicktype named a type after rendering began");
    return name;
  }

  private spelled(name: Name): string {
    const spelling = this.names.get(name);
    if (spelling === undefined) throw new Error("an unnamed property");
    return spelling;
  }

  /** An enum the protocol declares; quicktype also makes enums of inline string choices, which are spelled `Literal[...]`. */
  private isProtocolEnum(t: EnumType): boolean {
    const definition = this.model.definitions[this.nameOf(t)];
    return definition !== undefined && stringValuesOf(definition) !== undefined;
  }

  protected override pythonType(t: Type, isRootTypeDef = false, suppressQuotes = false): Sourcelike {
    if (t instanceof EnumType && !this.isProtocolEnum(t)) return `Literal[${[...t.cases].map((value) => JSON.stringify(value)).join(", ")}]`;
    return super.pythonType(t, isRootTypeDef, suppressQuotes);
  }

  protected override sortClassProperties(properties: ReadonlyMap<string, ClassProperty>): ReadonlyMap<string, ClassProperty> {
    // Fields with a default must follow those without in a dataclass.
    const entries = [...properties];
    return new Map([...entries.filter(([, property]) => !property.isOptional), ...entries.filter(([, property]) => property.isOptional)]);
  }

  private present(t: Type): Type {
    if (!(t instanceof UnionType)) return t;
    const [, present] = removeNullFromUnion(t);
    const [only] = present;
    return present.size === 1 && only !== undefined ? only : t;
  }

  private annotation(property: ClassProperty, plan: FieldPlan): Sourcelike {
    if (plan.emit === "unless_unset") return ["Union[", this.pythonType(this.present(property.type)), ", None, Unset]"];
    const hasValue = plan.default !== undefined && plan.default.value !== null;
    if (hasValue) return this.pythonType(this.present(property.type));
    const rendered = this.pythonType(property.type);
    const admitsNone = property.type instanceof UnionType || property.type.kind === "any" || property.type.kind === "null";
    return plan.optional && !admitsNone ? ["Optional[", rendered, "]"] : rendered;
  }

  private defaultValue(record: string, property: ClassProperty, plan: FieldPlan): Sourcelike {
    if (plan.presence === "required" && plan.default === undefined) return "";
    if (plan.emit === "unless_unset") {
      this.threeStateFields = true;
      return " = UNSET";
    }
    const value = plan.default?.value ?? null;
    if (value === null) return " = None";
    const present = this.present(property.type);
    if (typeof value === "string" && present instanceof EnumType && this.isProtocolEnum(present)) {
      return [" = ", this.nameForNamedType(present), ".", this.nameForEnumCase(present, value)];
    }
    if (typeof value !== "object") return ` = ${pythonLiteral(value)}`;
    // A lambda, not `list` or `dict`: type checkers read it as the field's own list or map type.
    if (Array.isArray(value) && value.length === 0) return " = field(default_factory=lambda: [])";
    if (present instanceof MapType && isJsonObject(value) && Object.keys(value).length === 0) return " = field(default_factory=lambda: {})";
    this.decodedDefaults = true;
    return ` = field(default_factory=lambda: _field_default(${JSON.stringify(record)}, ${JSON.stringify(plan.wire)}))`;
  }

  private emitDocstring(text: string | undefined): void {
    if (text === undefined) return;
    for (const line of docstring(text, "")) this.emitLine(line);
  }

  protected override emitClass(t: ClassType): void {
    const name = this.nameOf(t);
    if (name === VIEW_ROOT || this.plan.placeholders.has(name)) return;
    const definition = this.model.definitions[name];
    if (definition === undefined) throw new Error(`quicktype declared ${name}, which is not a protocol type`);
    const plans = fieldPlans(this.model, name);
    const base = this.plan.bases.get(name);
    const record: RenderedRecord = { name, fields: [], extra: undefined };
    this.emitLine("@dataclass");
    this.emitLine("class ", name, base === undefined ? "" : `(${base})`, ":");
    this.indent(() => {
      this.emitDocstring(descriptionOf(definition) ?? `The protocol type \`${name}\`.`);
      this.forEachClassProperty(t, "none", (propertyName, wire, property) => {
        const plan = plans.get(wire);
        if (plan === undefined) throw new Error(`${name}.${wire} is not in the schema`);
        record.fields.push({ wire, attr: this.spelled(propertyName), plan });
        this.ensureBlankLine();
        this.emitLine(propertyName, ": ", this.annotation(property, plan), this.defaultValue(name, property, plan));
        this.emitDocstring(descriptionOf(propertiesOf(definition)[wire] ?? {}));
      });
      if (isJsonObject(definition.additionalProperties) && definition.properties !== undefined) {
        if (plans.has(EXTRA_ATTRIBUTE)) throw new Error(`${name} has a field named ${EXTRA_ATTRIBUTE}`);
        record.extra = EXTRA_ATTRIBUTE;
        this.ensureBlankLine();
        this.emitLine(EXTRA_ATTRIBUTE, ": Dict[str, Any] = field(default_factory=lambda: {})");
        this.emitDocstring("The fields the protocol does not name, kept as they came and written back after the named ones.");
      }
    });
    // Records are sorted by schema order for the tables, whatever order quicktype sorted the attributes in.
    const order = [...plans.keys()];
    record.fields.sort((left, right) => order.indexOf(left.wire) - order.indexOf(right.wire));
    this.records.push(record);
  }

  protected override emitEnum(t: EnumType): void {
    if (!this.isProtocolEnum(t)) return;
    const name = this.nameOf(t);
    const definition = this.model.definitions[name] ?? {};
    this.enumNames.push(name);
    this.emitLine("class ", name, "(Enum):");
    this.indent(() => {
      this.emitDocstring(descriptionOf(definition) ?? `The protocol type \`${name}\`.`);
      this.ensureBlankLine();
      for (const value of stringValuesOf(definition) ?? []) this.emitLine(this.nameForEnumCase(t, value), " = ", JSON.stringify(value));
    });
  }

  protected override emitSourceStructure(): void {
    this.forEachNamedType(
      ["interposing", 2],
      (c: ClassType) => this.emitClass(c),
      (e: EnumType) => this.emitEnum(e),
      () => undefined,
    );
  }
}

class ProtocolPythonTarget extends PythonTargetLanguage {
  renderer: ProtocolPythonRenderer | undefined;

  constructor(private readonly plan: RenderPlan) {
    super();
  }

  protected override makeRenderer(renderContext: RenderContext, optionValues: Record<string, unknown>): ProtocolPythonRenderer {
    const renderer = new ProtocolPythonRenderer(this, renderContext, getOptionValues(pythonOptions, optionValues), this.plan);
    this.renderer = renderer;
    return renderer;
  }
}

/** quicktype's declarations of the protocol's records and enums. */
export async function renderDeclarations(plan: RenderPlan): Promise<RenderedDeclarations> {
  const language = new ProtocolPythonTarget(plan);
  const lines = await runQuicktype(plan.model.view, { language, rendererOptions: { "python-version": "3.7", "just-types": true }, leadingComments: [] });
  const renderer = language.renderer;
  if (renderer === undefined) throw new Error("quicktype rendered without a renderer");
  return { lines, records: renderer.records, enums: renderer.enumNames, decodedDefaults: renderer.decodedDefaults, threeStateFields: renderer.threeStateFields };
}
