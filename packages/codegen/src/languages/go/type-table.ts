// `type_table.go`: every protocol type by name, so a program (a conformance
// runner, a transcript checker) decodes a value of a type it only knows by
// its protocol name.
import type { BindingsModel } from "../../model.js";
import { docComment, goFile, goString } from "./format.js";

/** The names `type_table.go` declares. */
export const TYPE_TABLE_NAMES = ["TypeNames", "DecodeType"];

export function typeTableFile(model: BindingsModel, packageName: string): string {
  const names = Object.keys(model.definitions).sort();
  return goFile(
    [],
    [
      ["// TypeNames returns the protocol name of every type DecodeType reads, sorted.", "func TypeNames() []string {", "\treturn []string{", ...names.map((name) => `\t\t${goString(name)},`), "\t}", "}"],
      [
        ...docComment(
          "DecodeType decodes data as the protocol type with the given name and returns a value of the Go type of that name (a union as its holder struct, for example StreamEvent). A name that is no protocol type is an *UnknownTypeError; a value that is no value of the type (Validate) a *ValidationError.",
        ),
        "func DecodeType(name string, data []byte) (any, error) {",
        "\tif err := Validate(name, data); err != nil {",
        "\t\treturn nil, err",
        "\t}",
        "\tswitch name {",
        ...names.flatMap((name) => [`\tcase ${goString(name)}:`, `\t\treturn decodeValue[${name}](data)`]),
        "\t}",
        "\treturn nil, &UnknownTypeError{Name: name}",
        "}",
      ],
    ],
    packageName,
  );
}
