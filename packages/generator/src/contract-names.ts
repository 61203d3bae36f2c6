import { join } from "node:path";
import ts from "typescript";
import { layout } from "./paths.js";
import type { TypeSource } from "./source.js";

/**
 * Checks that every entry of the `ContractTypes` interface maps a name to the
 * wire type of that same name, so the names the registry stores (and the
 * validators dispatch on) always denote the types the type-level maps use.
 */
export function verifyContractTypeNames(root: string, source: TypeSource): void {
  const file = source.program.getSourceFile(join(layout(root).typesSource, "contract-types.ts"));
  const contractTypes = file?.statements.find((statement) => ts.isInterfaceDeclaration(statement) && statement.name.text === "ContractTypes");
  if (contractTypes === undefined || !ts.isInterfaceDeclaration(contractTypes)) throw new Error("contract-types.ts must declare interface ContractTypes");
  const problems: string[] = [];
  for (const member of contractTypes.members) {
    const key = member.name !== undefined && ts.isIdentifier(member.name) ? member.name.text : "?";
    const type = ts.isPropertySignature(member) ? member.type : undefined;
    const target = type !== undefined && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) ? type.typeName.text : undefined;
    if (target !== key) problems.push(`ContractTypes.${key} must be \`${key}: ${key}\``);
    else if (!source.declarations.has(key)) problems.push(`ContractTypes.${key} names a type that is not an exported wire type`);
  }
  if (problems.length > 0) throw new Error(problems.join("\n"));
}
