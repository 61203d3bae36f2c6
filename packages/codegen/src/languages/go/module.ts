// The module around the package: `go.mod` and the package documentation.
import { HEADER_LINES } from "../../language.js";
import { GO_HEADER, docComment } from "./format.js";

export const MODULE_PATH = "app-server-protocol.dev/go/protocol";
export const PACKAGE_NAME = "protocol";
export const GO_VERSION = "1.19";
/** The version other modules require; a release tags the repository with it. */
export const MODULE_VERSION = "v1.0.0";

/** `go.mod`: no dependencies; the go directive is the oldest toolchain CI builds with. */
export function goModFile(): string {
  return `${HEADER_LINES.map((line) => `// ${line}`).join("\n")}\n\nmodule ${MODULE_PATH}\n\ngo ${GO_VERSION}\n`;
}

const PACKAGE_DOC = [
  "Package protocol holds the types of the app-server protocol 1.0 with their JSON encoding, so that encoding/json reads and writes exactly the messages the reference implementation does.",
  "Records are structs whose json tags follow each field's presence: a required field is a plain value (a pointer where null is a value); a field the reference always writes never has omitempty, and reads its default when absent; a field the reference leaves out when unset has omitempty, on a pointer unless Go's zero value is that default. Enums are string types with a constant per value, prefixed with the type's name (EditorModeSettingVim), and IsKnown.",
  "A union is an interface its variants implement (StreamEventVariant), a function that decodes it (UnmarshalStreamEvent), and a struct holding one variant (StreamEvent, with the variant in Value) that encodes and decodes as it wherever the union appears. Decoders reject an unknown tag with an *UnknownTagError, except where the protocol reads any other tag as a fallback variant. A variant encodes with its tag on its own, so it can be passed to json.Marshal directly.",
  "DecodeParams and DecodeResult decode a message's payload by method name, from the method table (Methods, LookupMethod); DecodeType decodes any protocol type by name. The README beside this file has examples.",
];

export function docFile(): string {
  const paragraphs = PACKAGE_DOC.map((paragraph) => docComment(paragraph).join("\n")).join("\n//\n");
  return `${GO_HEADER}\n${paragraphs}\npackage ${PACKAGE_NAME}\n`;
}
