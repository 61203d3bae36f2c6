// Which protocol names quicktype declared, and which definitions it
// declared under another name, so the passes can declare the rest as aliases.
import { ArrayType, ClassType, EnumType, UnionType, nullableFromUnion, type Type } from "quicktype-core";
import { isJsonObject, propertiesOf, refName, unionMembers, type JsonObject } from "../../schema.js";
import { VIEW_ROOT } from "../../view.js";
import type { ProtocolPass } from "./quicktype-hooks.js";

/** The part of quicktype's type graph the alias pass reads. */
interface NamedTypes {
  allNamedTypes(): ReadonlySet<Type>;
}

function isDeclared(type: Type): type is ClassType | EnumType | UnionType {
  if (type instanceof UnionType) return nullableFromUnion(type) === null;
  return type instanceof ClassType || type instanceof EnumType;
}

/** A definition a field refers to, inside as many arrays as `depth`. */
interface Reference {
  target: string;
  depth: number;
}

/** The named type a field holds, through `T | null` and `depth` arrays, in a graph without transformations. */
export function namedTypeIn(type: Type, depth: number): Type | undefined {
  if (type instanceof UnionType) {
    const inner = nullableFromUnion(type);
    return inner === null ? (depth === 0 ? type : undefined) : namedTypeIn(inner, depth);
  }
  if (type instanceof ArrayType) return depth > 0 ? namedTypeIn(type.items, depth - 1) : undefined;
  return depth === 0 && isDeclared(type) ? type : undefined;
}

/** The definition a schema property refers to, through `anyOf`, `T | null` and array items. */
function referenceOf(property: JsonObject, depth = 0): Reference | undefined {
  const target = refName(property);
  if (target !== undefined) return { target, depth };
  const members = unionMembers(property)?.filter((member) => member.type !== "null");
  if (members !== undefined && members.length === 1 && members[0] !== undefined) return referenceOf(members[0], depth);
  return isJsonObject(property.items) ? referenceOf(property.items, depth + 1) : undefined;
}

/**
 * The names quicktype declared, and every definition it declared under
 * another name: identical enums become one type (`AgentPermissionMode` is
 * declared as `PermissionMode`). Found by reading, for each record field
 * that refers to a definition (and each field of the view's root, which
 * holds a top level), the type quicktype gave that field.
 */
export function declaredNames(
  pass: ProtocolPass,
  graph: NamedTypes,
  nameOf: (type: Type) => string,
  heldName: (held: Type, depth: number) => string | undefined = (held, depth) => {
    const type = namedTypeIn(held, depth);
    return type === undefined ? undefined : nameOf(type);
  },
): { declared: Set<string>; mergedInto: Map<string, string> } {
  const declared = new Set<string>();
  const mergedInto = new Map<string, string>();
  const rootFields = new Map(pass.view.topLevels.map((name, index) => [`t${index}`, name]));
  for (const type of graph.allNamedTypes()) {
    if (!isDeclared(type)) continue;
    const name = nameOf(type);
    declared.add(name);
    if (!(type instanceof ClassType)) continue;
    const definition = pass.model.definitions[name];
    const references = new Map<string, Reference>();
    if (name === VIEW_ROOT) for (const [field, target] of rootFields) references.set(field, { target, depth: 0 });
    else if (definition !== undefined) {
      for (const [field, property] of Object.entries(propertiesOf(definition))) {
        const reference = referenceOf(property);
        if (reference !== undefined) references.set(field, reference);
      }
    }
    for (const [field, { target, depth }] of references) {
      const held = type.getProperties().get(field);
      const declaredAs = held === undefined ? undefined : heldName(held.type, depth);
      if (declaredAs !== undefined) mergedInto.set(target, declaredAs);
    }
  }
  for (const name of declared) mergedInto.delete(name);
  return { declared, mergedInto };
}
