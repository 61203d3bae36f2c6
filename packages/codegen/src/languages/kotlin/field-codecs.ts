// Which serializer a record field is read and written with, where
// kotlinx.serialization's own reads more than the reference: the strict
// scalars of field-support.ts, an integer's range from its schema, and an
// object per field type for the fields that reject `null` or tell it apart
// from absence.
import type { BindingsModel } from "../../model.js";
import { refName, unionMembers, type JsonObject } from "../../schema.js";

const TWO_TO_THE_63 = 2 ** 63;
const TWO_TO_THE_64 = 2 ** 64;

/** The schema of the value a field holds: through `$ref` and a `T | null` union, where a range would be. */
export function valueSchema(model: BindingsModel, schema: JsonObject): JsonObject {
  const target = refName(schema);
  if (target !== undefined) return valueSchema(model, model.definitions[target] ?? {});
  const members = unionMembers(schema)?.filter((member) => member.type !== "null");
  return members !== undefined && members.length === 1 && members[0] !== undefined ? valueSchema(model, members[0]) : schema;
}

/**
 * The serializer of an integer schema's range. The bounds are JSON numbers,
 * so the 64-bit ones arrive rounded to 2^63 and 2^64.
 */
export function integerSerializer(schema: JsonObject, where: string): string {
  const { minimum, maximum } = schema;
  if (minimum === undefined && maximum === undefined) return "Int64Serializer";
  if (minimum === -(2 ** 31) && maximum === 2 ** 31 - 1) return "Int32Serializer";
  if (minimum === -TWO_TO_THE_63 && maximum === TWO_TO_THE_63) return "Int64Serializer";
  if (minimum === 0 && maximum === 2 ** 32 - 1) return "Uint32Serializer";
  if (minimum === 0 && maximum === TWO_TO_THE_64) return "Uint64Serializer";
  if (minimum === 1 && maximum === TWO_TO_THE_64) return "PositiveUint64Serializer";
  throw new Error(`${where}: no Kotlin serializer for integers from ${String(minimum)} to ${String(maximum)}`);
}

/** The strict serializer of a scalar of quicktype's kind, or `undefined` where kotlinx's own is strict. */
export function scalarSerializer(kind: string, schema: JsonObject, where: string): string | undefined {
  if (kind === "integer") return integerSerializer(schema, where);
  if (kind === "bool") return "ProtocolBooleanSerializer";
  if (kind === "double") return "ProtocolDoubleSerializer";
  if (kind === "null") return "ProtocolNullSerializer";
  return undefined;
}

/** How a field treats `null`: as any nullable field, rejected, as its own state, or as the field's default. */
export type NullHandling = "plain" | "rejected" | "three-state" | "default";

/** A field's own serializer object's name, after `Record.field`. */
function fieldSerializerName(where: string, suffix: string): string {
  return `${where.replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => next?.toUpperCase() ?? "")}${suffix}Serializer`;
}

export interface FieldCodecInput {
  /** quicktype's kind of the field's type, without `| null`. */
  kind: string;
  /** The field's schema, for an integer's range. */
  schema: JsonObject;
  /** The Kotlin type without `?`. */
  spelling: string;
  nulls: NullHandling;
  /** `Record.field`, for errors and for the name of a field's own serializer. */
  where: string;
  /** The Kotlin expression of the default `null` reads as, for `nulls: "default"`. */
  defaultValue?: string | undefined;
  /** The test of a value the field is left out with (`KotlinFieldPlan.leftOutWhen`). */
  leftOutWhen?: string | undefined;
}

/** An identifier made of a Kotlin type's spelling: `List<String>` is `ListOfString`. */
function spellingName(spelling: string): string {
  const name = spelling.replace(/Map<String, /g, "MapOf").replace(/List</g, "ListOf").replace(/[<>, ]/g, "");
  if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) throw new Error(`cannot name a serializer after ${spelling}`);
  return name;
}

/** The serializer objects the fields of a file use, each declared once. */
export class KotlinFieldCodecs {
  private readonly objects = new Map<string, string>();

  /** The serializer object a field is annotated with, or `undefined` for kotlinx's own. */
  serializerOf({ kind, schema, spelling, nulls, where, defaultValue, leftOutWhen }: FieldCodecInput): string | undefined {
    const scalar = scalarSerializer(kind, schema, where);
    const value = scalar ?? `serializer<${spelling}>()`;
    // The default and the values left out are the field's own, so the objects are too.
    if (leftOutWhen !== undefined && nulls !== "three-state") {
      if (nulls !== "rejected") throw new Error(`${where}: a field left out when it holds its default is read as absent only where the wire refuses null`);
      const name = fieldSerializerName(where, "LeftOut");
      this.objects.set(name, `object ${name} : ProtocolNotNullSerializer<${spelling}>(${value}, leftOut = { ${leftOutWhen} })`);
      return name;
    }
    if (nulls === "plain") return scalar;
    if (nulls === "default") {
      const name = fieldSerializerName(where, "NullAsDefault");
      this.objects.set(name, `object ${name} : ProtocolNullAsDefaultSerializer<${spelling}>(${value}, { ${defaultValue ?? "error(\"no default\")"} })`);
      return name;
    }
    const base = scalar === undefined ? spellingName(spelling) : scalar.replace(/^Protocol/, "").replace(/Serializer$/, "");
    const [suffix, generic] = nulls === "rejected" ? ["NotNull", "ProtocolNotNullSerializer"] : ["Tristate", "ProtocolTristateSerializer"];
    const name = `${base}${suffix}Serializer`;
    this.objects.set(name, `object ${name} : ${generic}<${spelling}>(${value})`);
    return name;
  }

  /** The names of the objects declared so far. */
  names(): string[] {
    return [...this.objects.keys()];
  }

  /** Their declarations, by name. */
  declarations(): string[] {
    return [...this.objects.entries()]
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
      .flatMap(([, declaration], index) => (index === 0 ? [declaration] : ["", declaration]));
  }
}
