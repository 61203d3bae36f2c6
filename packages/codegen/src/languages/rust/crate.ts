// The crate around the generated modules: its manifest and its root.
import { commentHeader } from "../../language.js";
import { USAGE_EXAMPLE } from "./example.js";

export const CRATE_NAME = "app-server-protocol";
export const CRATE_VERSION = "1.0.0";
/** The oldest Rust the crate is tested with: the stable release the bindings check runs. */
export const RUST_VERSION = "1.71";
export const REPOSITORY = "https://github.com/app-server-protocol/app-server-protocol";
/** Where the crate lives in the repository. */
export const CRATE_DIRECTORY = "generated/rust";
/** The conformance runner, which depends on the crate by version. */
export const RUNNER_DIRECTORY = "packages/conformance/runners/rust";
/** What the published crate holds besides the manifest cargo rewrites: `cargo package --list` lists these and cargo's own `Cargo.toml.orig` and `Cargo.lock`. */
export const PACKAGED_PATHS = ["/Cargo.toml", "/README.md", "/LICENSE", "/src/**"];

function tomlArray(values: readonly string[]): string {
  return `[${values.map((value) => JSON.stringify(value)).join(", ")}]`;
}

/** `Cargo.toml`: the manifest crates.io needs to publish it, on serde and serde_json from crates.io. */
export function cargoManifest(): string {
  return `${commentHeader("#")}
[package]
name = "${CRATE_NAME}"
version = "${CRATE_VERSION}"
edition = "2021"
rust-version = "${RUST_VERSION}"
description = "serde types of every message of the app-server protocol 1.0, with its method registry as types"
license = "MIT"
repository = "${REPOSITORY}"
readme = "README.md"
keywords = ${tomlArray(["app-server", "protocol", "serde", "json", "agent"])}
categories = ${tomlArray(["encoding", "api-bindings"])}
include = ${tomlArray(PACKAGED_PATHS)}

[dependencies]
regex = { version = "1", default-features = false, features = ["std"] }
serde = { version = "1", features = ["derive"] }
serde_json = "1"
`;
}

/** `src/lib.rs`. */
export function crateRoot(): string {
  const example = USAGE_EXAMPLE.split("\n").map((line) => `//! ${line}`.trimEnd());
  return `${commentHeader("//")}
//! The app-server protocol 1.0 as serde types: every record, enumeration and
//! union of \`schemas/protocol.schema.json\`, named as in TypeScript and
//! reachable by name through [\`type_registry\`], and the method registry in
//! [\`methods\`]. Decoding accepts what the reference accepts (unknown fields
//! are ignored, or kept in \`extra\` where the schema allows any); encoding
//! writes what the reference emits.
//!
//! \`\`\`
${example.join("\n")}
//! \`\`\`

pub mod methods;
mod presence;
pub mod type_registry;
mod types;

pub use types::*;
`;
}
