// The Kotlin names quicktype gives enum cases (`MethodDirection.ClientRequest`),
// recorded while it renders, for the files written after it: the method
// table spells the registry's directions, stabilities and gates with them.

export class KotlinEnumCases {
  private readonly cases = new Map<string, Map<string, string>>();

  record(enumName: string, value: string, caseName: string): void {
    const cases = this.cases.get(enumName) ?? new Map<string, string>();
    cases.set(value, caseName);
    this.cases.set(enumName, cases);
  }

  /** `Enum.Case` for a wire value; throws when the bindings declare no such case. */
  constant(enumName: string, value: string): string {
    const caseName = this.cases.get(enumName)?.get(value);
    if (caseName === undefined) throw new Error(`the Kotlin bindings declare no case ${JSON.stringify(value)} of ${enumName}`);
    return `${enumName}.${caseName}`;
  }
}
