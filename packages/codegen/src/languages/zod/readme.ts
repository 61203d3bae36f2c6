// README.md of the typescript-zod bindings: what the files are and how to use them.
import { HEADER_LINES } from "../../language.js";
import type { BindingsModel } from "../../model.js";

/** The zod release the bindings are written for and tested with (the repository pins it). */
export const ZOD_VERSION = "4.6.7";

export function readme(model: BindingsModel): string {
  const types = Object.keys(model.definitions).length;
  const methods = model.methods.length;
  return `<!-- ${HEADER_LINES.join(" ")} -->

# App-server protocol 1.0: TypeScript bindings for zod

A [zod](https://zod.dev) schema for each of the protocol's ${String(types)} types, the type
inferred from it, and message parsers that check a whole message against the
method table of all ${String(methods)} methods. They judge every message as
\`@app-server-protocol/validators\` does, with the same failure codes and paths.

| File | What it holds |
|---|---|
| \`protocol.ts\` | \`<Type>Schema\` and \`type <Type> = z.infer<typeof <Type>Schema>\` for every protocol type, named as in \`@app-server-protocol/types\` |
| \`methods.ts\` | \`METHODS\` (every method: direction, stability, required capabilities, params and result schemas), \`parseClientMessage\`, \`parseServerMessage\`, \`ParamsOf\`, \`ResultOf\` |
| \`wire.ts\` | the wire rules zod has no single schema for: integers of any size, maps, and the unions read as the protocol's decoder reads them |
| \`verdict.ts\` | the verdict type and the mapping of zod's issues to the validators' codes |
| \`dispatch.ts\` | the message dispatch the parsers share |

## Setup

The files target **zod ${ZOD_VERSION}** (they use \`z.looseObject\`, \`exactOptional\`
and \`z.discriminatedUnion\` of zod 4):

\`\`\`sh
npm install zod@${ZOD_VERSION}
\`\`\`

Copy the five \`.ts\` files into one directory of your project (they import one
another as \`./protocol.js\` and so on, which resolves under \`NodeNext\` and
bundler resolution alike), or import them from this directory. They type-check
under \`strict\`, \`exactOptionalPropertyTypes\` and \`noUncheckedIndexedAccess\`.

## Parse a message

\`\`\`ts
import { parseClientMessage, parseServerMessage } from "./methods.js";

const verdict = parseClientMessage({ type: "request", id: "req-2", method: "turn/submit", params: { session_id: "s1" } });
verdict.ok ? verdict.value : verdict.error; // => { code: "missing_field", path: "/params/prompt", message: "/params/prompt: ...", issues: [...] }

// A response carries only an id: say which method it answers to check its data.
const answer = parseServerMessage({ type: "response", id: "req-1", result: { status: "success", data: [] } }, "session/list");
answer.ok; // => true
\`\`\`

The parsers check the envelope, then a request's or notification's params
against the params schema of its method (a client request's absent or \`null\`
params read as \`{}\`, as the server reads them), or a success response's
\`data\` against the result schema of the method it answers. A method the
protocol does not define in that direction is \`unknown_method\`. They never
throw. A failure has a \`code\` (\`missing_field\`, \`wrong_type\`, \`unknown_tag\`,
\`invalid_value\`, \`unknown_method\`, \`unprocessable\`), a JSON Pointer \`path\`, a
\`message\`, and zod's own \`issues\`.

To check a payload you already hold, use the method's schema:

\`\`\`ts
import { METHODS, type ParamsOf } from "./methods.js";

const params: ParamsOf<"turn/submit"> = METHODS["turn/submit"].params.parse(message.params ?? {});
\`\`\`

## Narrow a union

Tagged unions are \`z.discriminatedUnion\`s of records that keep their tag, so
the inferred type narrows on the tag:

\`\`\`ts
import { StreamEventSchema } from "./protocol.js";

const event = StreamEventSchema.parse(value);
if (event.event === "assistant_delta") event.delta; // string
\`\`\`

An unknown tag fails with \`unknown_tag\` at the tag's path. A record whose
tag is a constant but which belongs to no union (\`McpServerSourcePlugin\`, the
stream-JSON lines) is a discriminated union of that one record, so its tag
is checked first in the same way.

The other unions are a \`z.union\` of their variants, read as the protocol's
decoder reads them, so a failure names the variant the value chose:

- \`AgentHookCommand\` (\`taggedUnionWithFallback\`): the \`"command"\` tag
  selects the command variant; any other tag decodes to
  \`AgentHookCommandUnsupported\`. Its tag is any other string, so TypeScript
  cannot narrow on it: test \`hook.type === "command"\`, then read the hook
  with \`AgentHookCommandCommandSchema.parse(hook)\`.
- Rust's default enum encoding (\`externalUnion\`: \`CompactDecision\`,
  \`HookProvenance\`, ...): a bare string or an object whose one key names
  the variant; another string or key is \`unknown_tag\`, an object with
  several keys \`invalid_value\`. Narrow with \`typeof decision === "string"\`,
  then \`"NeedsConfirmation" in decision\`.
- Untagged unions (\`untaggedUnion\`: \`PermissionRequestResult\`, ...): the
  first variant that accepts the value; a value none accepts is
  \`invalid_value\` at the union.

## What the schemas enforce

- Integers are integers, within the schema's \`minimum\` and \`maximum\`
  (\`z.int32()\`, \`z.uint32()\`); 64-bit and machine-size integers accept any
  JSON integer, also beyond \`Number.MAX_SAFE_INTEGER\`, which JavaScript reads
  with lost precision.
- \`null\` only where the schema allows it: an optional field is absent or
  holds its type; it is nullable only if the schema says so.
- Optional fields are \`exactOptional\`: absent, not \`undefined\`. Defaults are
  not filled in; each field's documentation says what absence means.
- Unknown fields are accepted and kept in the parsed value
  (\`z.looseObject\`), as the reference accepts them, so a parsed value
  re-encodes as it arrived. Only the one-key objects of externally tagged
  unions take no other key (\`z.strictObject\`).
- Maps check every value, including one under a \`__proto__\` key; the parsed
  map leaves that key out, so it never replaces an object's prototype.
- Patterns, constants and enums as in the schema.

Semantic rules beyond the shape (question counts, byte limits) live in
\`@app-server-protocol/validators\`.
`;
}
