// The parts of the generated READMEs the three languages share.
import type { BindingsModel } from "../../model.js";
import type { Union } from "../../unions.js";
import { sumCases, type SumCase } from "./sum-cases.js";

/** The plain statement of what is and is not checked. */
export function structuralCheckStatement(language: string, testFile: string): string {
  return [
    `These ${language} bindings are generated and checked structurally only. \`${testFile}\``,
    "checks that every union is declared with all its variants and its tag or keys, that every",
    "protocol type is declared under its TypeScript name, that no placeholder record is left, that",
    `braces balance and that the output is deterministic. No ${language} toolchain runs on the build`,
    "machines or in CI, so the code is **not compiled there**. Report anything that does not compile",
    "with the toolchain below.",
  ].join("\n");
}

function wireForm(union: Union): string {
  if (union.kind === "internal") {
    const fallback = union.fallback === undefined ? "" : `; any other value decodes as \`${union.fallback.type}\`, written as \`"${union.fallback.emitted}"\``;
    return `tag \`${union.tag}\` inside the object${fallback}`;
  }
  if (union.kind === "external") return "bare string, or object with one key";
  return "untagged: the first variant that decodes";
}

/** A Markdown table of every union: its wire form and each variant as the language spells it. */
export function unionTable(model: BindingsModel, spell: (union: Union, entry: SumCase) => string): string {
  const rows = model.unions.map((union) => `| \`${union.name}\` | ${wireForm(union)} | ${sumCases(union).map((entry) => `\`${spell(union, entry)}\``).join(", ")} |`);
  return ["| Union | Wire form | Variants |", "| --- | --- | --- |", ...rows].join("\n");
}

/** A union of the protocol by name, failing loudly when the protocol no longer has it. */
export function unionNamed(model: BindingsModel, name: string): Union {
  const union = model.unions.find((candidate) => candidate.name === name);
  if (union === undefined) throw new Error(`the README examples use ${name}, which is not a union any more`);
  return union;
}
