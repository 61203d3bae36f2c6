// `src/methods.rs`: the method registry as types. Each method is an empty
// enum implementing `Method` (its name, direction, stability, capability
// gates, params type and result type), and `visit` finds a method by name,
// so a program can decode a message's payload as its method's type.
import { commentHeader } from "../../language.js";
import type { MethodEntry } from "../../model.js";
import { variantName } from "../../unions.js";
import { stringLiteral } from "./naming.js";

const DIRECTIONS: Record<MethodEntry["direction"], string> = {
  client_request: "ClientRequest",
  server_notification: "ServerNotification",
  server_request: "ServerRequest",
};

const PRELUDE = `//! The method registry (\`schemas/methods.json\`) as types: one type per
//! method, implementing [\`Method\`], and [\`visit\`] to reach a method's types
//! from its name.

use serde::de::DeserializeOwned;
use serde::Serialize;

/// Who sends a method's message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// A request the client sends and the server answers.
    ClientRequest,
    /// A notification the server sends; nothing answers it.
    ServerNotification,
    /// A request the server sends and the client answers.
    ServerRequest,
}

/// Whether a method is part of the stable surface.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stability {
    Stable,
    /// Available only to a client that declares \`experimental_methods\`.
    Experimental,
}

/// A method of the protocol and the types of its payloads.
pub trait Method {
    /// The wire name, for example \`"session/list"\`.
    const NAME: &'static str;
    const DIRECTION: Direction;
    const STABILITY: Stability;
    /// The client capabilities the method needs.
    const REQUIRES: &'static [&'static str];
    /// The type of the message's \`params\`.
    type Params: Serialize + DeserializeOwned;
    /// The type of a success response's \`data\`; \`()\` for a notification, which has no response.
    type Result: Serialize + DeserializeOwned;
}

/// What to do with the method a name designates; see [\`visit\`].
pub trait MethodVisitor {
    type Output;
    fn visit<M: Method>(self) -> Self::Output;
}
`;

function markerName(method: string, taken: Set<string>): string {
  const name = variantName(method);
  if (taken.has(name)) throw new Error(`two methods are both named ${name} in Rust`);
  taken.add(name);
  return name;
}

function methodDeclaration(entry: MethodEntry, name: string): string {
  const requires = entry.requires.map(stringLiteral).join(", ");
  const answer = entry.result === null ? "a notification, which gets no response" : `result \`${entry.result}\``;
  return `/// \`${entry.method}\`: params \`${entry.params}\`, ${answer}.
pub enum ${name} {}

impl Method for ${name} {
    const NAME: &'static str = ${stringLiteral(entry.method)};
    const DIRECTION: Direction = Direction::${DIRECTIONS[entry.direction]};
    const STABILITY: Stability = Stability::${entry.stability === "stable" ? "Stable" : "Experimental"};
    const REQUIRES: &'static [&'static str] = &[${requires}];
    type Params = crate::${entry.params};
    type Result = ${entry.result === null ? "()" : `crate::${entry.result}`};
}
`;
}

export function methodsModule(methods: readonly MethodEntry[]): string {
  const taken = new Set(["Direction", "Stability", "Method", "MethodVisitor"]);
  const named = methods.map((entry) => ({ entry, name: markerName(entry.method, taken) }));
  const arms = named.map(({ entry, name }) => `        ${stringLiteral(entry.method)} => Some(visitor.visit::<${name}>()),`);
  const visit = `/// Runs \`visitor\` with the method named \`name\`; \`None\` when the protocol has no such method.
pub fn visit<V: MethodVisitor>(name: &str, visitor: V) -> Option<V::Output> {
    match name {
${arms.join("\n")}
        _ => None,
    }
}
`;
  return [`${commentHeader("//")}\n${PRELUDE}`, visit, ...named.map(({ entry, name }) => methodDeclaration(entry, name))].join("\n");
}
