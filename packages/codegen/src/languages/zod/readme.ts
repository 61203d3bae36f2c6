// README.md of the zod package: what it holds, how to install and use it.
import { HEADER_LINES } from "../../language.js";
import type { BindingsModel } from "../../model.js";

/** The zod release the bindings are tested with (the repository pins it). */
export const ZOD_VERSION = "4.6.7";

/**
 * The package's peer range: from the oldest zod release with everything the
 * bindings use. `.exactOptional()` arrived in 4.3.0, and the declarations
 * name `z.ZodPreprocess` (jsonMap of wire.ts), a type zod exports from 4.5.0.
 */
export const ZOD_PEER_RANGE = "^4.5.0";

export function readme(model: BindingsModel): string {
  const types = Object.keys(model.definitions).length;
  const methods = model.methods.length;
  return `<!-- ${HEADER_LINES.join(" ")} -->

# @app-server-protocol/zod

[zod](https://zod.dev) schemas for each of the app-server protocol 1.0's ${String(types)}
types, the type inferred from each, and message parsers that check a whole
message against the method table of all ${String(methods)} methods. They judge every
message as \`@app-server-protocol/validators\` does, with the same failure
codes and paths. The package is generated from the protocol's JSON Schema,
so it never drifts from it.

## Install

\`\`\`sh
npm install @app-server-protocol/zod zod
\`\`\`

zod is a peer dependency, \`${ZOD_PEER_RANGE}\`: the schemas use \`z.looseObject\`,
\`.exactOptional()\` and \`z.discriminatedUnion\` of zod 4, and are tested with
zod ${ZOD_VERSION}. Before the first release reaches the registry, install from a
checkout of the [repository](https://github.com/app-server-protocol/app-server-protocol): \`npm ci\`, then
\`npm pack --workspaces\` (each package is built before it is packed), and in
your project \`npm install ./app-server-protocol-zod-0.0.0.tgz zod\`.

Tested on Node.js 20 (20.19 or newer is required);
[protocol reference](https://github.com/app-server-protocol/app-server-protocol/blob/main/docs/reference/README.md). One entry point, as an ES module and as CommonJS,
with declarations for both that type-check under \`strict\`,
\`exactOptionalPropertyTypes\` and \`noUncheckedIndexedAccess\`.

| Export | What it is |
|---|---|
| \`<Type>Schema\`, \`type <Type>\` | a schema and its inferred type for every protocol type, named as in \`@app-server-protocol/types\` |
| \`METHODS\` | every method: direction, stability, required capabilities, params and result schemas (\`null\` for a notification) |
| \`parseClientMessage\`, \`parseServerMessage\` | a whole message, checked by its method; a verdict, never a throw |
| \`check(schema, value, prefix?)\` | any schema, with the same verdict and codes |
| \`checkText(schema, text, prefix?)\`, \`parseClientMessageText\`, \`parseServerMessageText\` | the same of a JSON text, each integer compared with a 64-bit bound as written |
| \`Method\`, \`MethodOf\`, \`ParamsOf\`, \`ResultOf\`, \`isMethod\` | the method names and their params and result types |
| \`Verdict\`, \`Failure\`, \`FailureCode\` | what the parsers return |

## Parse a message

\`\`\`ts
import { parseClientMessage, parseServerMessage } from "@app-server-protocol/zod";

const verdict = parseClientMessage({ type: "request", id: "req-2", method: "turn/submit", params: { session_id: "s1" } });
verdict.ok ? verdict.value : [verdict.error.code, verdict.error.path]; // => ["missing_field", "/params/prompt"]

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
\`invalid_value\`, \`unknown_method\`, \`unprocessable\`, and \`invalid_json\` for a
text that is not JSON), a JSON Pointer \`path\`, a \`message\`, and zod's own
\`issues\`.

To check a payload you already hold, use the method's schema: with zod's
\`parse\`, which throws a \`ZodError\`, or with \`check\`, which returns the
parsers' verdict:

\`\`\`ts
import { METHODS, check, type ParamsOf } from "@app-server-protocol/zod";

const params: ParamsOf<"turn/submit"> = METHODS["turn/submit"].params.parse({ session_id: "s1", prompt: "Summarize the diff" });
params.prompt; // => "Summarize the diff"

const checked = check(METHODS["turn/submit"].params, { session_id: 7, prompt: "Hi" }, "/params");
checked.ok ? checked.value : [checked.error.code, checked.error.path]; // => ["wrong_type", "/params/session_id"]
\`\`\`

## Read JSON text

\`JSON.parse\` holds an integer past 2^53 as the nearest double, and u64's
maximum 18446744073709551615 is no double either: it and the integer one past
it both read as 2^64, so a check of the parsed value passes one past the
bound. Given the text, \`checkText\` and the \`parse…Text\` parsers compare each
such integer with the 64-bit bounds (i64's and u64's) as written, as the
protocol's decoder does, and return the value as \`JSON.parse\` reads it:

\`\`\`ts
import { Uint64Schema, check, checkText, parseClientMessageText } from "@app-server-protocol/zod";

check(Uint64Schema, JSON.parse("18446744073709551616")).ok; // => true
checkText(Uint64Schema, "18446744073709551615").ok; // => true
const past = checkText(Uint64Schema, "18446744073709551616");
past.ok ? past.value : past.error.code; // => "invalid_value"

const set = parseClientMessageText('{"type":"request","id":"r-1","method":"session/goal/set","params":{"session_id":"s1","expected_revision":18446744073709551616}}');
set.ok ? set.value : [set.error.code, set.error.path]; // => ["invalid_value", "/params/expected_revision"]
\`\`\`

They read nothing else of the text that its value hides (a key written twice
counts once, its last value, as \`JSON.parse\` reads it): for that, the
validators' text entry points with \`lexical: true\` report duplicate keys,
lone surrogates and integers written with a fraction or an exponent.

## Narrow a union

Tagged unions are \`z.discriminatedUnion\`s of records that keep their tag, so
the inferred type narrows on the tag:

\`\`\`ts
import { StreamEventSchema, check } from "@app-server-protocol/zod";

const event = StreamEventSchema.parse({ event: "assistant_delta", session_id: "s1", delta: "Hel" });
event.event === "assistant_delta" ? event.delta : undefined; // => "Hel"

const unknown = check(StreamEventSchema, { event: "assistant_hum", session_id: "s1" });
unknown.ok ? unknown.value : [unknown.error.code, unknown.error.path]; // => ["unknown_tag", "/event"]
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

- Integers are integers within the schema's \`minimum\` and \`maximum\`
  (\`wireInteger()\` and its bounds), also beyond
  \`Number.MAX_SAFE_INTEGER\`, which JavaScript reads with lost precision. A
  failure names the bound as the schema writes it: u64's is
  18446744073709551615 (which JavaScript holds as 2^64), never
  18446744073709552000 nor the safe-integer limit. On a parsed value, an
  integer one past a 64-bit bound is its double, the bound; \`checkText\`
  judges it from the text (see [Read JSON text](#read-json-text)).
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
- Values are read as the reference reads them: input aliases (\`open_ai\`,
  \`bypass-permissions\`, \`oauth_device\`), usage counts up to
  18446744073709551615, any \`TokenUsage.iterations\`. The form producers
  write, which the schemas name in \`x-emitted\`, is not checked here:
  producer-strict mode is the validators'.

Semantic rules beyond the shape (question counts, byte limits) and
producer-strict mode live in \`@app-server-protocol/validators\`.
`;
}
