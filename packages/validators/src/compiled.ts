import type { ProtocolTypeName, ProtocolTypes } from "./generated/protocol-types.js";
import { schemaErrors, type SchemaSource } from "./schema-errors.js";

/** One error as ajv's standalone code reports it (`messages: false`, no `schemaPath`). */
export interface CompiledError {
  /** JSON Pointer to the failing value. */
  readonly instancePath: string;
  /** The schema keyword that failed. */
  readonly keyword: string;
  /** Keyword-specific details (missing property, expected type, ...). */
  readonly params: { readonly [key: string]: unknown };
}

/** What the build generates for one type: a boolean matcher, and the schema that says why a value fails. */
export interface CompiledType {
  /** Whether the value is valid; may throw on a hostile value. */
  readonly matches: (value: unknown) => boolean;
  /** The schema the error reporter reads when the matcher refuses a value. */
  readonly schema: SchemaSource;
}

/** The generated code of a set of types, by type name. */
export type CompiledTable<N extends ProtocolTypeName> = { readonly [K in N]: CompiledType };

/**
 * Whether `value` matches the schema of type `name`, whose generated code is
 * `type`. This is the package's typing seam (the generated `is<Name>` guards,
 * each calling its own matcher, are the same seam written out per type):
 * the generated code only answers true or false, and this predicate carries
 * the answer over to the TypeScript type of the same name. The generator
 * derives both from one schema, and the fidelity check proves the schema and
 * the type agree. May throw on a hostile value.
 */
export function isOfType<K extends ProtocolTypeName>(name: K, type: CompiledType, value: unknown): value is ProtocolTypes[K] {
  return type.matches(value);
}

/** Why `value` is not valid for `type`: ajv's errors, in its order; empty when it is. May throw on a hostile value. */
export function typeErrors(type: CompiledType, value: unknown): readonly CompiledError[] {
  return schemaErrors(type.schema, value);
}

type AnyTable = { readonly [name: string]: CompiledType };

/** How many types a set remembers by name: comparing a name with a few costs less than hashing it in a table of hundreds. */
const RECENT_TYPES = 4;

/** The precompiled validators of a set of protocol types, and the fields their object types define. */
export class CompiledTypes<N extends ProtocolTypeName> {
  // A Map: looking a name up in a large object is slower.
  private readonly types: Map<string, CompiledType>;
  private rest: (() => AnyTable) | undefined;
  private shapes: { readonly [name: string]: unknown } | undefined;
  private readonly shapesJson: readonly string[];
  // The last types found, by name: a message's payload type is looked up for `has`, then for its code, and
  // the same few types (a request's params, the result that answers it) come message after message.
  private readonly recentNames: string[] = [];
  private readonly recentTypes: CompiledType[] = [];
  private nextRecent = 0;

  /**
   * The types of `table`.
   *
   * @param table the generated matcher and schema of each type
   * @param shapesJson the generated field tables (JSON text, parsed on first use by producer-strict mode)
   */
  static of<N extends ProtocolTypeName>(table: CompiledTable<N>, shapesJson: readonly string[]): CompiledTypes<N> {
    return new CompiledTypes<N>(table, undefined, shapesJson);
  }

  /**
   * The types of `table` and of `rest()`, which is called on the first
   * look-up of a name `table` lacks: `/all` validates messages without
   * making the table of the other types.
   */
  static withRest<F extends ProtocolTypeName, R extends ProtocolTypeName>(table: CompiledTable<F>, rest: () => CompiledTable<R>, shapesJson: readonly string[]): CompiledTypes<F | R> {
    return new CompiledTypes<F | R>(table, rest, shapesJson);
  }

  private constructor(table: AnyTable, rest: (() => AnyTable) | undefined, shapesJson: readonly string[]) {
    this.types = new Map(Object.entries(table));
    this.rest = rest;
    this.shapesJson = shapesJson;
  }

  private lookUp(name: string): CompiledType | undefined {
    const recent = this.recentNames.indexOf(name);
    if (recent !== -1) return this.recentTypes[recent];
    const type = this.types.get(name);
    if (type !== undefined) {
      this.recentNames[this.nextRecent] = name;
      this.recentTypes[this.nextRecent] = type;
      this.nextRecent = (this.nextRecent + 1) % RECENT_TYPES;
    }
    if (type !== undefined || this.rest === undefined) return type;
    for (const [restName, restType] of Object.entries(this.rest())) this.types.set(restName, restType);
    this.rest = undefined;
    return this.types.get(name);
  }

  /** The field table entry of a type, for the producer-strict check. */
  shape(name: string): unknown {
    if (this.shapes === undefined) {
      const parsed: unknown[] = this.shapesJson.map((json) => JSON.parse(json));
      this.shapes = Object.fromEntries(parsed.flatMap((table) => (typeof table === "object" && table !== null ? Object.entries(table) : [])));
    }
    return Object.hasOwn(this.shapes, name) ? this.shapes[name] : undefined;
  }

  /** Whether this set validates type `name`. */
  has(name: string): name is N {
    return this.lookUp(name) !== undefined;
  }

  /** The generated code of type `name`, if this set has it. */
  find(name: string): CompiledType | undefined {
    return this.lookUp(name);
  }

  /** The generated code of type `name`. */
  type(name: N): CompiledType {
    const type = this.lookUp(name);
    if (type === undefined) throw new Error(`no validator for ${name}`);
    return type;
  }

  /** `isOfType` by name. May throw on a hostile value. */
  matches<K extends N>(name: K, value: unknown): value is ProtocolTypes[K] {
    return isOfType(name, this.type(name), value);
  }
}
