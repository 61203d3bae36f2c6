// generated/python/README.md: how to install and use the bindings, and the
// distribution's long description. Its ```python examples are run by the
// bindings test against the installed package: each `expression  # => value`
// line is an assertion.
import { PROTOCOL_VERSION } from "@app-server-protocol/types";
import { HEADER_LINES } from "../../language.js";
import type { BindingsModel } from "../../model.js";
import type { Union } from "../../unions.js";
import { BUILD_BACKEND, DISTRIBUTION_NAME, DISTRIBUTION_VERSION, PYTHON_REQUIRES } from "./distribution.js";
import { variantClassName } from "./names.js";

function variantList(union: Union): string {
  if (union.kind === "internal") {
    const fallback = union.fallback === undefined ? [] : [`\`${union.fallback.type}\` (any other tag; written as ${JSON.stringify(union.fallback.emitted)})`];
    return [...union.variants.map((variant) => `\`${variant.type}\``), ...fallback].join(", ");
  }
  if (union.kind === "external") return [...union.units.map((unit) => `\`${variantClassName(union.name, unit)}\``), ...union.variants.map((variant) => `\`${variant.wrapper}\``)].join(", ");
  return union.variants.map((variant) => `\`${variantClassName(union.name, variant)}\``).join(", ");
}

function unionRows(model: BindingsModel): string[] {
  const wire: Readonly<Record<Union["kind"], (union: Union) => string>> = {
    internal: (union) => (union.kind === "internal" ? `tag \`${union.tag}\`` : ""),
    external: () => "bare string or single-key object",
    untagged: () => "untagged: first variant that decodes",
  };
  return model.unions.map((union) => `| \`${union.name}\` | ${wire[union.kind](union)} | ${variantList(union)} |`);
}

const USAGE = `# app-server protocol 1.0: Python bindings

The distribution \`${DISTRIBUTION_NAME}\` (import package \`app_server_protocol\`):
every protocol type as a dataclass, enum or union class under its TypeScript
name, strict decoding with the same verdicts and error codes as the TypeScript
validators, and encoding that writes values as the reference does. Standard
library only, Python ${PYTHON_REQUIRES} or later, typed (PEP 561).

## Install

It is not on an index yet; install it with pip from this directory (in a
checkout of the repository, \`generated/python\`), into a virtual environment:

\`\`\`sh
python3 -m venv .venv
.venv/bin/pip install generated/python
\`\`\`

pip fetches the build backend (\`${BUILD_BACKEND}\`, which has no
dependencies) and builds the wheel in a temporary directory: installing
writes nothing here. The package carries its version and the protocol's:

\`\`\`python
import app_server_protocol as asp

asp.__version__  # => "${DISTRIBUTION_VERSION}"
asp.PROTOCOL_VERSION  # => "${PROTOCOL_VERSION}"
\`\`\`

To publish it, build the sdist and the wheel and check them as PyPI will;
both carry \`LICENSE\` (MIT) and name it in their metadata:

\`\`\`sh
.venv/bin/pip install build twine
.venv/bin/python -m build --outdir dist generated/python
.venv/bin/twine check --strict dist/*
\`\`\`

## Decode and encode

\`decode(type_name, value)\` takes a parsed JSON value (\`json.loads\`) and the
protocol type it should be. The value is checked against the protocol schema
first, then built: records are dataclasses, string enumerations \`Enum\`s, lists
and maps \`list\` and \`dict\`, opaque payloads stay as they came. Unknown fields
are accepted and dropped (records whose schema keeps extra fields hold them in
\`extra\`). \`encode(value)\` gives JSON-compatible data back, for \`json.dumps\`.

\`\`\`python
import app_server_protocol as asp

spec = asp.decode("AskUserQuestionSpec", {"id": "db", "question": "Which database?", "header": "Database", "options": [{"id": "pg", "label": "PostgreSQL"}]})
spec.allow_free_text  # => True
spec.options[0].label  # => "PostgreSQL"
asp.encode(spec)  # => {"id": "db", "question": "Which database?", "header": "Database", "multi_select": False, "options": [{"id": "pg", "label": "PostgreSQL", "description": ""}], "allow_free_text": True, "allow_annotation": False}
asp.encode(asp.SessionIdParams(session_id="s1"))  # => {"session_id": "s1"}
\`\`\`

## Types

\`decode\` has one overload per protocol type, so a type checker gives its
result the type named: \`decode("SessionRenameParams", value)\` is a
\`SessionRenameParams\`, \`decode("SessionListResult", value)\` a
\`List[SessionSummary]\`, \`decode("Uint32", value)\` an \`int\`. A name that is
not a literal string (read from a file, say) gives \`object\`, to be narrowed
with \`isinstance\`. \`decode_client_message\` returns a \`ClientMessage\` and
\`decode_server_message\` a \`ServerMessage\`, whose variant \`isinstance\`
tells apart. The package's own code passes \`mypy --strict\` and pyright's
strict mode.

\`\`\`python
import app_server_protocol as asp

params = asp.decode("SessionRenameParams", {"session_id": "s1", "new_title": "Refunds"})
params.new_title  # => "Refunds"
message = asp.decode_client_message({"type": "request", "id": "req-1", "method": "session/list"})
isinstance(message, asp.ClientMessageRequest) and message.method  # => "session/list"
\`\`\`

## Messages

\`decode_client_message(value, method=None)\` and
\`decode_server_message(value, method=None)\` check the envelope (tag \`type\`,
a response's \`result\` tag \`status\`), then the method against the method
registry (\`METHODS\`), then decode \`params\` as the method's params type. A
client request's absent or \`null\` params are checked as \`{}\`, as the server
reads them, and stay \`None\`. A response carries no method: pass the method of
the request it answers as \`method\` to decode success \`data\` as its result
type.

\`\`\`python
import app_server_protocol as asp

event = asp.decode_server_message({"type": "notification", "method": "stream/event", "params": {"subscription_id": "sub-1", "event": {"event": "assistant_delta", "session_id": "s1", "delta": "Hi"}}})
isinstance(event.params.event, asp.StreamEventAssistantDelta)  # => True
event.params.event.delta  # => "Hi"
reply = asp.decode_server_message({"type": "response", "id": "req-9", "result": {"status": "success", "data": {"goal": None}}}, method="session/goal/get")
reply.result.data  # => asp.SessionGoalGetResult(goal=None)
asp.METHODS["session/goal/get"].result  # => "SessionGoalGetResult"
\`\`\`

## Errors

Decoders raise \`DecodeError\` (a \`ValueError\`) for the first thing wrong, as
the TypeScript validators report it: \`code\`, \`path\` (a JSON Pointer into the
value, \`""\` for the whole value), \`message\` (one line, starting with the path)
and \`type_name\` (the protocol type whose schema rejected the value).

| \`code\` | Meaning |
|---|---|
| \`missing_field\` | A required field, or a union's tag, is absent. |
| \`wrong_type\` | A value has the wrong JSON type (a boolean is not a number). |
| \`unknown_tag\` | A union tag, or an externally tagged union's variant name, has a value the protocol does not define. |
| \`invalid_value\` | A value is outside its enumeration, constant, integer range or pattern, or matches no variant of an untagged union. |
| \`unknown_method\` | Not a method of protocol 1.0 in that direction. |
| \`unprocessable\` | The value could not be examined (nested too deeply). |

\`\`\`python
import app_server_protocol as asp

def first_error(decode, *arguments):
    try:
        decode(*arguments)
    except asp.DecodeError as error:
        return (error.code, error.path)

first_error(asp.decode_client_message, {"type": "request", "id": "req-2", "method": "turn/submit", "params": {"session_id": "s1"}})  # => ("missing_field", "/params/prompt")
first_error(asp.decode_client_message, {"type": "event", "id": "req-1", "method": "session/list"})  # => ("unknown_tag", "/type")
first_error(asp.decode, "SessionGoalSetParams", {"session_id": "s1", "token_budget": 0})  # => ("invalid_value", "/token_budget")
first_error(asp.decode, "AskUserOption", {"id": "pg", "label": True})  # => ("wrong_type", "/label")
first_error(asp.decode, "CompactDecision", "proceed")  # => ("unknown_tag", "")
\`\`\`

## Unions

Each union is a base class; a decoded value is an instance of one of its
variant classes, so \`isinstance\` tells them apart. Internal unions (a tag
field inside each variant) use the variant records, whose tag belongs to the
union and is written back on encode. External unions (the reference's default
enum encoding) have a class per bare-string variant and per single-key object,
holding its data in \`value\`. Untagged unions have a class per variant type,
holding the decoded value in \`value\`; the first variant that decodes wins.

\`\`\`python
import app_server_protocol as asp

asp.decode("CompactDecision", "Proceed")  # => asp.CompactDecisionProceed()
asp.decode("CompactDecision", {"NeedsConfirmation": {"context_percent_used": 91, "threshold_percent": 90}}).value.threshold_percent  # => 90
hook = asp.decode("AgentHookCommand", {"type": "http", "url": "https://example.com"})
isinstance(hook, asp.AgentHookCommandUnsupported)  # => True
asp.encode(hook)  # => {"type": "Unsupported"}
\`\`\`

UNION_TABLE

## Presence

Encoding follows the reference's presence rules, field by field (the
documentation of each field says which):

- required fields are always written, \`None\` as \`null\`;
- always-emitted optional fields are written even when unset: \`None\` as
  \`null\`, or as the field's default when it has one (a field that cannot be
  \`null\` and has no default is left out while \`None\`);
- omitted-when-unset fields are left out when \`None\`, equal to their default,
  or an empty list or map;
- a three-state field (\`SessionGoalSetParams.token_budget\`: absent keeps,
  \`null\` clears, a number sets) is left out when \`UNSET\` and written as
  \`null\` when \`None\`.

Decoding fills in defaults: an absent field with a default (or a \`null\` one,
where the schema reads \`null\` as the default) holds the default, any other
absent field \`None\` (\`UNSET\` for a three-state field). So a message the
reference wrote decodes and re-encodes to an equal JSON value.

\`\`\`python
import app_server_protocol as asp

asp.encode(asp.decode("SessionGoalSetParams", {"session_id": "s1", "token_budget": None}))  # => {"session_id": "s1", "replace": False, "token_budget": None}
asp.encode(asp.SessionGoalSetParams(session_id="s1"))  # => {"session_id": "s1", "replace": False}
\`\`\`

## The package

| Module | What it holds |
|---|---|
| \`protocol.py\` | Every protocol type, under its TypeScript name (also importable from the package). |
| \`_schema.py\` | The schema bundle as a table: the checker (\`_check.py\`) reads it, so verdicts follow the schema the TypeScript validators compile. |
| \`_tables.py\` | How each type maps to its classes, with each field's presence rule, for the decoder and the encoder. |
| \`_typed_decode.py\` | \`decode\`, with one overload per protocol type for type checkers. |
| \`_methods.py\` | The method registry, exported as \`METHODS\` (method name to \`MethodEntry\`). |
| \`_version.py\` | \`__version__\` (the distribution's) and \`PROTOCOL_VERSION\` (the protocol's), exported by the package. |
| \`py.typed\` | The PEP 561 marker: type checkers read the annotations as the package's types. |

\`decode\` raises \`ValueError\` for a name that is not a protocol type, and
\`encode\` raises \`TypeError\` for a value that is not protocol data.

The conformance runner of \`@app-server-protocol/conformance\` checks the
installed package against the vectors: in the environment where it is
installed, run \`python3 runners/python/run_vectors.py vectors\` from that
package's directory. Every case of every suite, valid and invalid, gets the
verdict of \`@app-server-protocol/validators\` (with its code and path), and
\`npm run test:bindings\` compares what \`encode\` writes for each accepted case
with the TypeScript emission every binding follows.

## What is checked

\`npm run test:bindings\` runs, in \`packages/conformance/bindings\`:

- \`python.test.ts\`: pip installs the package into a fresh virtual
  environment; the conformance runner passes every vector; the decoders'
  verdicts (code and path) equal the TypeScript validators' on every vector and
  on mutated ones, and what they accept re-encodes stably; decoded values have
  their annotated types; the examples above run and their results hold; the
  modules are Python ${PYTHON_REQUIRES} syntax and import with warnings as errors.
- \`python-distribution.test.ts\`: \`python -m build\` makes the sdist and the
  wheel, \`twine check --strict\` passes both, and both carry \`LICENSE\`.
- \`python-typing.test.ts\`: \`mypy --strict\` and pyright's strict mode (at
  Python ${PYTHON_REQUIRES}) find nothing in the package; a consumer of the installed
  package type-checks under both, and both reject its uses of a decoded value
  that the value's type does not allow.

The tests run on one Python, the machine's \`python3\`; Python
${PYTHON_REQUIRES} itself is checked only as syntax and by pyright.
`;

export function readme(model: BindingsModel): string {
  const table = ["| Union | On the wire | Variant classes |", "|---|---|---|", ...unionRows(model)].join("\n");
  return `<!-- ${HEADER_LINES.join(" ")} -->\n\n${USAGE.replace("UNION_TABLE", table)}`;
}
