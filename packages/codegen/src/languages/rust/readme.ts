// `README.md` of the crate: how to use it, and how the protocol's shapes
// map to Rust.
import { HEADER_LINES } from "../../language.js";
import type { BindingsModel } from "../../model.js";
import { variantName } from "../../unions.js";
import { CRATE_DIRECTORY, CRATE_NAME, CRATE_VERSION, REPOSITORY, RUNNER_DIRECTORY, RUST_VERSION } from "./crate.js";
import { USAGE_EXAMPLE } from "./example.js";
import { unknownKeysType } from "./fields.js";

function codeList(names: readonly string[]): string {
  return names.map((name) => `\`${name}\``).join(", ");
}

export function crateReadme(model: BindingsModel): string {
  const header = HEADER_LINES.map((line) => `<!-- ${line} -->`).join("\n");
  const fallbacks = model.unions.flatMap((union) =>
    union.kind === "internal" && union.fallback !== undefined
      ? [`| \`${union.name}\` with any other \`${union.tag}\` | the \`#[serde(other)]\` unit variant \`${variantName(union.fallback.emitted)}\`, which encodes as \`{"${union.tag}":"${union.fallback.emitted}"}\` |\n`]
      : [],
  );
  const keeping = Object.entries(model.definitions).flatMap(([name, schema]) => (unknownKeysType(schema) === undefined ? [] : [name]));
  return `${header}

# ${CRATE_NAME} (Rust)

serde types for every message of the app-server protocol 1.0: each record,
enumeration and union of \`schemas/protocol.schema.json\`, under its
TypeScript name, and the method registry (\`schemas/methods.json\`) as types.
It needs only \`serde\` (with \`derive\`), \`serde_json\` and \`regex\` (without
its default features) from crates.io. It is generated from the protocol's
TypeScript types into \`${CRATE_DIRECTORY}\` of <${REPOSITORY}>.

**Rust version.** Rust ${RUST_VERSION} or later, the manifest's \`rust-version\`:
the newest \`rust-version\` among the dependencies as cargo resolves them
today (\`serde_json\`, \`serde_derive\`); the crate's own code needs 1.70
(\`std::sync::OnceLock\`), and clippy's \`incompatible_msrv\` lint checks its use
of the standard library against ${RUST_VERSION}. It is built and tested with the
stable Rust of the bindings check (1.95) only; no older toolchain is run.

\`\`\`toml
[dependencies]
${CRATE_NAME} = "${CRATE_VERSION}"
serde_json = "1"
\`\`\`

From a checkout of the repository, depend on it by path instead:
\`${CRATE_NAME} = { path = "${CRATE_DIRECTORY}" }\`.

## Decode, match, encode

Decode a line with \`serde_json\`, match on the union, and encode it back
(the crate documents the same example, which \`cargo test\` runs):

\`\`\`rust
${USAGE_EXAMPLE}
\`\`\`

\`methods::visit(name, visitor)\` runs a \`MethodVisitor\` with the
\`Method\` a name designates, so a program can decode any message's payload as
its method's \`Params\` or \`Result\` type without a table of its own;
\`type_registry::visit(name, visitor)\` does the same for a protocol type's
name.

## How the protocol maps to Rust

| Protocol | Rust |
|---|---|
| record | \`struct\` with \`Debug, Clone, PartialEq, Serialize\` and a \`Deserialize\` that reads a JSON object only (serde's derived reader would also take an array of the fields in order); a field named by a keyword is a raw identifier (\`r#type\`) |
| enumeration, union | \`#[non_exhaustive]\` enum, so that a variant a later 1.x protocol adds is not a breaking change (match with a \`_\` arm); only the envelopes \`ClientMessage\`, \`ServerMessage\` and \`ResponseResult\` are exhaustive |
| union tagged by a field (\`type\`, \`kind\`, \`status\`, ...) | \`#[serde(tag = "...")]\` enum of newtype variants; the variant records do not hold the tag |
${fallbacks.join("")}| externally tagged union (\`"Proceed"\`, \`{"NeedsConfirmation":{...}}\`) | serde's default enum encoding |
| untagged union | \`#[serde(untagged)]\` enum: the first variant that decodes wins |
| REQ field | the plain type; a nullable one is an \`Option\` whose key must still be present |
| OPT field (always emitted) | \`#[serde(default)]\`: absent reads as the schema's default or \`None\`, and the encoder writes it (\`null\` when \`None\`) |
| OMIT field (left out when default, empty or none) | \`Option\` skipped when \`None\`, or a list, map, string or flag skipped when empty or \`false\` |
| three-state field (absent keeps, \`null\` clears) | \`Option<Option<T>>\`: \`None\` absent, \`Some(None)\` \`null\` |
| integer | \`u32\` up to 4294967295, \`u64\` other unsigned, \`NonZeroU32\`/\`NonZeroU64\` at least 1, \`i32\` within its range, \`i64\` otherwise |
| map | \`BTreeMap<String, T>\`: keys are written sorted, as the reference writes them |
| opaque value | \`serde_json::Value\` |
| string with a pattern (\`BootstrapThemeInput\`) | \`String\`, read only when the pattern matches (\`regex\`) |
| \`null\` where a field's default also applies | read as the default, and written as it |
| a type that is another type, a list or a primitive | \`pub type\` |

Unknown fields are ignored when decoding${keeping.length === 0 ? "." : `, except in the records whose schema
keeps them (${codeList(keeping)}): those hold them in \`extra\` and write them back.`}

## Conformance

\`${RUNNER_DIRECTORY}\` runs the conformance vectors with this
crate and judges every case, valid and invalid: every valid message of
\`vectors/messages\` decodes (its payload as its method's type) and the ones
in the reference's form re-encode to the same JSON; every valid value of
\`vectors/types\` and \`vectors/schema-edges\` decodes as its type and
re-encodes stably, to the case's \`emitted\` value where it gives one; every
invalid message or value fails to decode. The crate accepts exactly what
\`@app-server-protocol/validators\` accepts on all of them. The runner
depends on this crate by version, and its README gives the one command that
runs it, with cargo's \`patch\` pointing that dependency at a copy of this
crate.

\`npm run test:bindings\` checks the crate with clippy, rustdoc, its tests
and \`cargo package\`, runs the runner over every vector, and compares what
the crate writes for each accepted vector with the TypeScript emission.
`;
}
