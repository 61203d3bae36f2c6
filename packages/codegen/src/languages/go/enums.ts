// An enum's Go declaration: a string type, a constant per value, and a
// membership check (encoding/json accepts any string into a string type).
import { alignBlock, docComment, goString } from "./format.js";

export interface EnumPlan {
  name: string;
  description: string | undefined;
  /** The values in schema order, each with its constant. */
  cases: { constant: string; value: string }[];
}

export function enumDeclarations(plan: EnumPlan): string[][] {
  const constants = alignBlock(
    plan.cases.map(({ constant, value }) => ({ cells: [constant, plan.name, `= ${goString(value)}`] })),
    "\t",
  );
  const names = plan.cases.map(({ constant }) => constant);
  const caseList = names.map((name, index) => (index === 0 ? `\tcase ${name}` : `\t\t${name}`)).join(",\n");
  return [
    [...docComment(plan.description), `type ${plan.name} string`],
    ["const (", ...constants, ")"],
    [
      "// IsKnown reports whether the value is one of the protocol's, as a strict decoder requires.",
      `func (value ${plan.name}) IsKnown() bool {`,
      "\tswitch value {",
      `${caseList}:`,
      "\t\treturn true",
      "\t}",
      "\treturn false",
      "}",
    ],
  ];
}
