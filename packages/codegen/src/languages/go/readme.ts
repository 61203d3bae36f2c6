// `README.md` of the Go module: how another module depends on it, how to
// decode a message, switch on a union, encode an answer, and what the Go
// types mean on the wire. The conformance bindings test builds its go.mod
// and example program as another module and runs them.
import { HEADER_LINES } from "../../language.js";
import type { BindingsModel } from "../../model.js";
import { EXAMPLE_OUTPUT, exampleProgram } from "./example.js";
import { GO_VERSION, MODULE_PATH, MODULE_VERSION, PACKAGE_NAME } from "./module.js";

/** The conformance package's command for the Go runner, as its README documents it. */
const RUNNER_COMMAND = '(export GOWORK="$(mktemp -d)/go.work" && go work init ./runners/go <bindings> && go run ./runners/go vectors)';

function unionCounts(model: BindingsModel): string {
  const count = (kind: string): number => model.unions.filter((union) => union.kind === kind).length;
  return `${count("internal")} tagged by a field, ${count("external")} written as a bare string or a single-key object, ${count("untagged")} untagged`;
}

export function readmeFile(model: BindingsModel): string {
  return `<!-- ${HEADER_LINES.join(" ")} -->

# Go bindings of the app-server protocol 1.0

Module \`${MODULE_PATH}\`, package \`${PACKAGE_NAME}\`: Go ${GO_VERSION} or later,
no dependencies. Every protocol type is declared under its TypeScript name,
and \`encoding/json\` reads and writes each message as the reference does.
The module's root holds its \`LICENSE\` (MIT), where pkg.go.dev looks for it.

## Depending on it

The module is not published yet. Until it is, another module requires it by
version and replaces it with a local copy of this directory (a checkout's
\`generated/go\`); its \`go.mod\`:

\`\`\`
module example.com/yourapp

go ${GO_VERSION}

require ${MODULE_PATH} ${MODULE_VERSION}

replace ${MODULE_PATH} => ../path/to/generated/go
\`\`\`

A workspace does the same without the \`replace\` line:
\`go work init . ../path/to/generated/go\` beside \`go.mod\` (keep \`go.work\`
out of version control), or anywhere with \`GOWORK\` naming the file. Either
way nothing is fetched: the module has no dependencies, so \`GOPROXY=off\`
builds. Once the module is published, drop the \`replace\`; when it is served
from a private proxy or repository, set
\`GOPRIVATE=${MODULE_PATH}\` so that the public checksum database
is not asked about it.

\`go build ./...\`, \`go vet ./...\` and \`go test ./...\` in this directory
build, vet and test it; \`go test\` runs the example below and checks what it
prints.

## Decode, switch, encode

\`\`\`go
${exampleProgram()}
\`\`\`

It prints:

\`\`\`text
${EXAMPLE_OUTPUT}
\`\`\`

- \`UnmarshalClientMessage\` and \`UnmarshalServerMessage\` decode an envelope.
- \`DecodeParams(method, params)\` decodes a request's or notification's
  params into the params type of the method, and \`DecodeResult(method, data)\`
  a response's success data into its result type (responses carry only an
  id: keep the method of each request you send). Both return the typed value
  as \`any\`; an unknown method is an \`*UnknownMethodError\`. A client request's
  absent or \`null\` params read as \`{}\`, as the server reads them.
- \`LookupMethod\` and \`Methods\` give the registry (${model.methods.length} methods): direction,
  stability, the capabilities a method requires, its params and result types.
- \`DecodeType(name, data)\` decodes any protocol type by name; \`TypeNames\` lists them.

## What decoding checks

Every decoding function (\`UnmarshalClientMessage\`, \`UnmarshalServerMessage\`,
\`DecodeParams\`, \`DecodeResult\`, \`DecodeType\` and each union's
\`Unmarshal<Union>\`) first checks the whole value against the protocol's
JSON Schema (the schema is compiled into the package) and only then reads it,
so it accepts exactly what \`@app-server-protocol/validators\` accepts: a
missing required field, a value of the wrong JSON type, \`null\` where the
schema does not allow it, a string outside its enum, an integer out of its
range (compared exactly, beyond 2^53 too; \`1.0\` is not an integer), a record
given as an array are all errors, and no field is filled in for one that was
missing. The error is a \`*ValidationError\` with the JSON Pointer of the
first value found wrong; for a value that names a variant its union does not
have, \`errors.As\` also finds an \`*UnknownTagError\` in it. \`Validate(name,
data)\` runs the check alone: call it before \`json.Unmarshal\` into a
generated type yourself, which reads without checking, as \`encoding/json\`
does.

## Unions

The protocol has ${model.unions.length} unions: ${unionCounts(model)}.
Each is declared the same way, here for \`StreamEvent\`:

| Declaration | Role |
|---|---|
| \`type StreamEventVariant interface\` | implemented by each variant (\`StreamEventAssistantDelta\`, ...) through an unexported marker method |
| \`func UnmarshalStreamEvent([]byte) (StreamEventVariant, error)\` | checks the value, then decodes the variant the tag names |
| \`type StreamEvent struct { Value StreamEventVariant }\` | holds one variant and encodes and decodes as it: the type of every field, list item or map value of the union |

- A variant encodes with its tag on its own (\`json.Marshal(StreamEventAssistantDelta{...})\`
  writes \`"event":"assistant_delta"\`); an empty holder is an error.
- An unknown tag is an \`*UnknownTagError\`, except that \`AgentHookCommand\`
  reads any tag other than \`command\` as \`AgentHookCommandUnsupported\`, which
  is written as \`{"type":"Unsupported"}\`. A record that is the one variant of
  a union (\`McpServerSourcePlugin\`) rejects another tag the same way.
- A union written as a bare string or a single-key object (\`CompactDecision\`)
  has an empty struct per bare string (\`CompactDecisionProceed\`) and a struct
  with the one key per object variant (\`CompactDecisionNeedsConfirmation\`).
- An untagged union (\`PermissionRequestResult\`) decodes as the first variant
  the value is, by that variant's schema.
- A value that is none of a union's shapes (not an object, no tag) is a \`*ShapeError\`.

## Fields

Each field's Go type and \`json\` tag follow how the reference writes it:

| The reference | Go field | Absent on input reads as |
|---|---|---|
| requires it | the type; a pointer where \`null\` is a value | Go's zero value |
| always writes it | the type, never \`omitempty\`; a pointer where \`null\` is a value | its default (\`null\` too, where the schema says so) |
| may leave it out, never writes \`null\` and has no default (\`InitializeParams.Capabilities\`) | a pointer with \`omitempty\`: written only when it was read | \`nil\` |
| leaves it out when unset | \`omitempty\` on a pointer, slice or map, or on the type when Go's zero value is the default | \`nil\` or the default |
| tells absent, \`null\` and a value apart | \`Tristate[T]\` (\`Set\`, \`Value *T\`) | \`Tristate{}\` |

Lists and maps the reference always writes are written \`[]\` and \`{}\` when
\`nil\`. Fields a record keeps besides its own (\`McpAnnotations\`) are in
\`Extra\`. Payloads the protocol leaves open are \`json.RawMessage\`; one the
reference leaves out when there is none (\`params\`, \`data\`) is not written when
it holds \`null\`. Integers are
\`uint32\`, \`uint64\`, \`int32\` or \`int64\` as their range says. Enums are
string types whose constants are prefixed with the type (\`EditorModeSettingVim\`);
\`IsKnown\` reports whether a value is one of them.

## Conformance

The Go runner of \`@app-server-protocol/conformance\` runs the conformance
vectors against this module and judges every case: each valid value or
message decodes and is written back (as the \`schema-edges\` suite's
\`emitted\` value, or as the message itself when it is in the reference's
form), and each invalid one is refused. \`npm run test:bindings\` also
compares what the module writes for every valid case with the TypeScript
emission. From that package's directory, with \`<bindings>\` this directory:

\`\`\`sh
${RUNNER_COMMAND}
\`\`\`
`;
}
