// The crate around the generated modules: its manifest and its root.
import { commentHeader } from "../../language.js";
import { USAGE_EXAMPLE } from "./example.js";

export const CRATE_NAME = "app-server-protocol";

/** `Cargo.toml`. serde 1.0.152 and serde_json 1.0.87 (Debian bookworm) are the oldest versions it is checked with. */
export function cargoManifest(): string {
  return `${commentHeader("#")}
[package]
name = "${CRATE_NAME}"
version = "1.0.0"
edition = "2021"
description = "serde types of the app-server protocol 1.0"
license = "MIT"
publish = false

[dependencies]
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
