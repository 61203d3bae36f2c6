// `methods.go`: the method registry as a Go table, so a program decodes a
// request's params or a response's data by method name into its Go type.
import type { BindingsModel, MethodEntry } from "../../model.js";
import { stringValuesOf } from "../../schema.js";
import { alignBlock, docComment, goFile, goString } from "./format.js";
import { enumConstantNames } from "./naming.js";

/** The registry's own enums, which the table's fields are typed with. */
const DIRECTION = "MethodDirection";
const STABILITY = "MethodStability";
const GATE = "CapabilityGate";

function constant(model: BindingsModel, enumName: string, value: string): string {
  const values = stringValuesOf(model.definitions[enumName] ?? {});
  if (values === undefined || !values.includes(value)) throw new Error(`the method table needs ${enumName} to have the value ${JSON.stringify(value)}`);
  return enumConstantNames(enumName, values).get(value) ?? value;
}

function entryLine(model: BindingsModel, entry: MethodEntry): string {
  const fields = [
    `Method: ${goString(entry.method)}`,
    `Direction: ${constant(model, DIRECTION, entry.direction)}`,
    `Stability: ${constant(model, STABILITY, entry.stability)}`,
    ...(entry.requires.length === 0 ? [] : [`Requires: []${GATE}{${entry.requires.map((gate) => constant(model, GATE, gate)).join(", ")}}`]),
    `Params: ${goString(entry.params)}`,
    ...(entry.result === null ? [] : [`Result: ${goString(entry.result)}`]),
    `decodeParams: checkedValue[${entry.params}](${goString(entry.params)})`,
    ...(entry.result === null ? [] : [`decodeResult: checkedValue[${entry.result}](${goString(entry.result)})`]),
  ];
  return `\t{${fields.join(", ")}},`;
}

const FIELDS: { name: string; type: string; doc: string }[] = [
  { name: "Method", type: "string", doc: 'The method name, for example "session/list".' },
  { name: "Direction", type: DIRECTION, doc: "Who sends it, and whether it is answered." },
  { name: "Stability", type: STABILITY, doc: "Stable, or experimental (a client must opt in)." },
  { name: "Requires", type: `[]${GATE}`, doc: "The capability flags a client must declare before calling it, in the order the server checks them." },
  { name: "Params", type: "string", doc: "The protocol name of its params type." },
  { name: "Result", type: "string", doc: "The protocol name of the type of its answer's success data; empty for a notification." },
];

function entryType(): string[] {
  const fields = FIELDS.flatMap(({ name, type, doc }) => [{ verbatim: `\t// ${doc}` }, { cells: [name, type] }]);
  const decoders = [{ verbatim: "" }, { cells: ["decodeParams", "func([]byte) (any, error)"] }, { cells: ["decodeResult", "func([]byte) (any, error)"] }];
  return ["// MethodEntry is one method of the registry (schemas/methods.json).", "type MethodEntry struct {", ...alignBlock([...fields, ...decoders], "\t"), "}"];
}

/** `methods.go`: the table, in registry order, and the functions that read it. */
export function methodsFile(model: BindingsModel, packageName: string): string {
  const clientRequest = constant(model, DIRECTION, "client_request");
  return goFile(
    ["bytes", "encoding/json", "fmt"],
    [
      entryType(),
      ["var methodEntries = []MethodEntry{", ...model.methods.map((entry) => entryLine(model, entry)), "}"],
      ["var methodsByName = indexMethods()"],
      ["func indexMethods() map[string]MethodEntry {", "\tindex := make(map[string]MethodEntry, len(methodEntries))", "\tfor _, entry := range methodEntries {", "\t\tindex[entry.Method] = entry", "\t}", "\treturn index", "}"],
      ["// Methods returns every method of the protocol, in registry order.", "func Methods() []MethodEntry {", "\treturn append([]MethodEntry(nil), methodEntries...)", "}"],
      ["// LookupMethod returns the registry entry of a method.", "func LookupMethod(method string) (MethodEntry, bool) {", "\tentry, ok := methodsByName[method]", "\treturn entry, ok", "}"],
      [
        ...docComment(
          `DecodeParams decodes the params of a request or notification into the params type its method names, and returns a value of that type (an InitializeParams for "initialize"). A client request's absent or null params read as {}, as the server reads them. An unknown method is an *UnknownMethodError, params that are no value of the type a *ValidationError; check the entry's Direction with LookupMethod when the sender matters.`,
        ),
        "func DecodeParams(method string, params json.RawMessage) (any, error) {",
        "\tentry, ok := methodsByName[method]",
        "\tif !ok {",
        "\t\treturn nil, &UnknownMethodError{Method: method}",
        "\t}",
        `\tif entry.Direction == ${clientRequest} && isAbsent(params) {`,
        '\t\tparams = json.RawMessage("{}")',
        "\t}",
        "\treturn entry.decodeParams(params)",
        "}",
      ],
      [
        ...docComment(
          "DecodeResult decodes the success data of a response to a method into the method's result type, and returns a value of that type. Absent data reads as null, as for the methods whose result is NoData. An unknown method is an *UnknownMethodError, data that is no value of the type a *ValidationError; a notification has no result.",
        ),
        "func DecodeResult(method string, data json.RawMessage) (any, error) {",
        "\tentry, ok := methodsByName[method]",
        "\tif !ok {",
        "\t\treturn nil, &UnknownMethodError{Method: method}",
        "\t}",
        "\tif entry.decodeResult == nil {",
        '\t\treturn nil, fmt.Errorf("protocol: %s is a notification, which has no result", method)',
        "\t}",
        "\tif isAbsent(data) {",
        '\t\tdata = json.RawMessage("null")',
        "\t}",
        "\treturn entry.decodeResult(data)",
        "}",
      ],
      [
        "// checkedValue reads a value of the protocol type name, once Validate accepts it.",
        "func checkedValue[T any](name string) func([]byte) (any, error) {",
        "\treturn func(data []byte) (any, error) {",
        "\t\tif err := Validate(name, data); err != nil {",
        "\t\t\treturn nil, err",
        "\t\t}",
        "\t\treturn decodeValue[T](data)",
        "\t}",
        "}",
      ],
      ["func isAbsent(data json.RawMessage) bool {", "\ttrimmed := bytes.TrimSpace(data)", '\treturn len(trimmed) == 0 || string(trimmed) == "null"', "}"],
    ],
    packageName,
  );
}

/** The names `methods.go` declares. */
export const METHOD_TABLE_NAMES = ["MethodEntry", "Methods", "LookupMethod", "DecodeParams", "DecodeResult"];
