// The string patterns the Kotlin bindings check: a definition that is a
// string with a `pattern` (`BootstrapThemeInput`) is read, as a field and by
// its name in `ProtocolTypes`, through a serializer object that refuses a
// string the pattern does not match (java.util.regex, which reads the
// schema's ECMAScript patterns alike but for `$`, which is the end of the
// text only as `\z`).
import type { BindingsModel } from "../../model.js";
import { refName, type JsonObject } from "../../schema.js";
import { kotlinString } from "./names.js";

/** An ECMAScript pattern (matched with the `u` flag) in java.util.regex syntax with the same matches. */
export function javaPattern(source: string, where: string): string {
  if (/\(\?<[^=!]|\\[pPk]/.test(source)) throw new Error(`${where}: the pattern ${JSON.stringify(source)} uses a construct java.util.regex reads differently`);
  let result = "";
  let inClass = false;
  for (let index = 0; index < source.length; index += 1) {
    const character = source[index] ?? "";
    if (character === "\\") {
      result += source.slice(index, index + 2);
      index += 1;
    } else if (character === "[") {
      inClass = true;
      result += character;
    } else if (character === "]") {
      inClass = false;
      result += character;
    } else {
      result += character === "$" && !inClass ? "\\z" : character;
    }
  }
  return result;
}

/** The string definitions with a pattern, with the pattern in Java's syntax. */
export function patternAliases(model: BindingsModel): { name: string; pattern: string }[] {
  return Object.entries(model.definitions).flatMap(([name, schema]) => (schema.type === "string" && typeof schema.pattern === "string" ? [{ name, pattern: javaPattern(schema.pattern, name) }] : []));
}

/** The serializer object of a pattern alias. */
export function patternSerializerName(alias: string): string {
  return `${alias}Serializer`;
}

/** The pattern alias a field's schema names, if any. */
export function patternAliasOf(model: BindingsModel, schema: JsonObject): string | undefined {
  const target = refName(schema);
  return target !== undefined && patternAliases(model).some((alias) => alias.name === target) ? target : undefined;
}

/** The declarations of every pattern alias's serializer object. */
export function patternSerializerDeclarations(model: BindingsModel): string[] {
  return patternAliases(model).flatMap(({ name, pattern }, index) => [
    ...(index === 0 ? [] : [""]),
    `/** A \`${name}\`: a string its pattern matches. */`,
    `object ${patternSerializerName(name)} : ProtocolPatternSerializer(${kotlinString(name)}, ${kotlinString(pattern)})`,
  ]);
}
