// methods.ts: the method registry as a table of schemas, and the message
// parsers that read it.
import { commentHeader } from "../../language.js";
import type { BindingsModel, MethodEntry } from "../../model.js";
import { propertyKey } from "./expression.js";

function schemaOf(model: BindingsModel, type: string, method: string): string {
  if (model.definitions[type] === undefined) throw new Error(`${method}: the registry names ${type}, which the schema bundle does not define`);
  return `protocol.${type}Schema`;
}

function entry(model: BindingsModel, method: MethodEntry): string {
  const requires = `[${method.requires.map((gate) => JSON.stringify(gate)).join(", ")}]`;
  const result = method.result === null ? "null" : schemaOf(model, method.result, method.method);
  const fields = [`direction: "${method.direction}"`, `stability: "${method.stability}"`, `requires: ${requires}`, `params: ${schemaOf(model, method.params, method.method)}`, `result: ${result}`];
  return `  ${propertyKey(method.method)}: { ${fields.join(", ")} },\n`;
}

const DECLARATIONS = `/** A method of protocol 1.0. */
export type Method = keyof typeof METHODS;

/** The methods sent in one direction. */
export type MethodOf<Direction extends MethodDirection> = { [M in Method]: (typeof METHODS)[M]["direction"] extends Direction ? M : never }[Method];

/** The params of a method, as parsed. */
export type ParamsOf<M extends Method> = z.output<(typeof METHODS)[M]["params"]>;

/** The result of a method, as parsed; \`never\` for a notification, which is never answered. */
export type ResultOf<M extends Method> = (typeof METHODS)[M]["result"] extends infer Result extends z.ZodType ? z.output<Result> : never;

/** Whether \`name\` is a method of protocol 1.0 (in any direction). */
export function isMethod(name: string): name is Method {
  return Object.hasOwn(METHODS, name);
}

const clientMessages = messageParser(protocol.ClientMessageSchema, METHODS, CLIENT);
const serverMessages = messageParser(protocol.ServerMessageSchema, METHODS, SERVER);

/**
 * Parses a message a client sends: the envelope, then a request's params
 * against its method's params schema (absent or \`null\` params read as \`{}\`,
 * as the server reads them). For a response, \`answeredMethod\` is the server
 * request it answers; with it, success \`data\` is checked against that
 * method's result schema. An unknown method is \`unknown_method\`. Never throws.
 */
export function parseClientMessage(value: unknown, answeredMethod?: string): Verdict<protocol.ClientMessage> {
  return clientMessages(value, answeredMethod);
}

/**
 * Parses a message a server sends: the envelope, then the params of a
 * notification or server request against its method's params schema. For a
 * response, \`answeredMethod\` is the client request it answers; with it,
 * success \`data\` is checked against that method's result schema. Never throws.
 */
export function parseServerMessage(value: unknown, answeredMethod?: string): Verdict<protocol.ServerMessage> {
  return serverMessages(value, answeredMethod);
}

/**
 * \`parseClientMessage\` of the JSON text \`text\`, with each integer compared
 * with a 64-bit bound as written (\`checkText\`): one past u64's or i64's
 * bound fails, though \`JSON.parse\` reads it as the bound. A text that is
 * not JSON is \`invalid_json\`. Never throws.
 */
export function parseClientMessageText(text: string, answeredMethod?: string): Verdict<protocol.ClientMessage> {
  return judgeText(text, (value) => clientMessages(value, answeredMethod));
}

/** \`parseServerMessage\` of the JSON text \`text\`, its integers read as \`parseClientMessageText\` reads them. Never throws. */
export function parseServerMessageText(text: string, answeredMethod?: string): Verdict<protocol.ServerMessage> {
  return judgeText(text, (value) => serverMessages(value, answeredMethod));
}`;

export function methodsFile(model: BindingsModel): string {
  return [
    commentHeader("//"),
    'import type * as z from "zod";',
    'import { CLIENT, SERVER, messageParser, type MethodDirection, type MethodTable } from "./dispatch.js";',
    'import * as protocol from "./protocol.js";',
    'import { judgeText } from "./text.js";',
    'import type { Verdict } from "./verdict.js";',
    "",
    'export type { MethodDirection, MethodSpec } from "./dispatch.js";',
    'export type { Failure, FailureCode, Verdict } from "./verdict.js";',
    "",
    "/**",
    " * Every method of protocol 1.0, in registry order: who sends it, its stability, the capabilities",
    " * it requires, and the schemas of its params and result (`null` for a notification).",
    " */",
    `export const METHODS = {\n${model.methods.map((method) => entry(model, method)).join("")}} as const satisfies MethodTable;`,
    "",
    DECLARATIONS,
    "",
  ].join("\n");
}
