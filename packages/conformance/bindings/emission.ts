import { readFileSync } from "node:fs";
import { join } from "node:path";
import { emission, wireValueOf, type WireValue } from "@app-server-protocol/codegen/emission";
import { bindingsModel } from "@app-server-protocol/codegen/model";
import { isValid } from "../scripts/schema-edges/verdict.js";
import { casesOf, objectOf, readJson, suiteFiles } from "../test/vectors.js";

// One encoding: what a language's runner wrote for each vector its bindings
// accepted (`--encodings`, a JSON object per line), against the TypeScript
// emission of the same vector (@app-server-protocol/codegen's emission, by
// the spec's emission rules). A message's payload is emitted as its
// method's type, its envelope as the envelope type.

const REPO = join(import.meta.dirname, "../../..");
const model = bindingsModel(objectOf(readJson(join(REPO, "schemas/protocol.schema.json"))), objectOf(readJson(join(REPO, "schemas/methods.json"))));
const emitted = emission(model, isValid);
const methods = new Map(model.methods.map((entry) => [entry.method, entry]));

/** The suites whose valid cases every runner encodes. */
export const ENCODED_SUITES = ["types", "messages", "schema-edges"] as const;

interface ValidCase {
  readonly expected: WireValue;
}

function isRecord(value: WireValue | undefined): value is { [key: string]: WireValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What an encoder writes for a valid message: the envelope, with its params or success data as its method's types. */
export function emittedMessage(direction: "client" | "server", message: WireValue, answered: string | undefined): WireValue {
  const envelope = emitted.emitted(direction === "client" ? "ClientMessage" : "ServerMessage", message);
  if (!isRecord(envelope) || !isRecord(message)) return envelope;
  const method = typeof message.method === "string" ? methods.get(message.method) : undefined;
  if (method !== undefined && isRecord(envelope) && envelope.params !== undefined && envelope.params !== null) {
    envelope.params = emitted.emitted(method.params, message.params ?? null);
  }
  const result = isRecord(envelope.result) ? envelope.result : undefined;
  const answer = answered === undefined ? undefined : methods.get(answered);
  if (result !== undefined && result.status === "success" && result.data !== undefined && answer?.result !== undefined && answer.result !== null) {
    const data = isRecord(message.result) ? message.result.data : undefined;
    result.data = emitted.emitted(answer.result, data ?? null);
  }
  return envelope;
}

/** Every valid case of the encoded suites, by `suite/file#case`, with its TypeScript emission. */
function validCases(): Map<string, ValidCase> {
  const found = new Map<string, ValidCase>();
  for (const suite of ENCODED_SUITES) {
    for (const { path, document } of suiteFiles(suite)) {
      const file = path.slice(suite.length + 1);
      const type = objectOf(document).type;
      for (const entry of casesOf(document)) {
        if (entry.valid !== true) continue;
        const expected =
          suite === "messages"
            ? emittedMessage(entry.direction === "client" ? "client" : "server", wireValueOf(entry.message), typeof entry.method === "string" ? entry.method : undefined)
            : emitted.emitted(String(type), wireValueOf(entry.value));
        found.set(`${suite}/${file}#${String(entry.name)}`, { expected });
      }
    }
  }
  return found;
}

export interface EncodingComparison {
  /** Valid cases the runner wrote no encoding for. */
  readonly missing: string[];
  /** Encodings that are not the TypeScript emission of their case, or of no valid case. */
  readonly different: string[];
  readonly compared: number;
}

/** Compares a runner's encodings file (a JSON object per line: suite, file, case, encoded) with the TypeScript emission of each valid vector. */
export function compareEncodings(path: string): EncodingComparison {
  const cases = validCases();
  const seen = new Set<string>();
  const different: string[] = [];
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const entry = objectOf(JSON.parse(line), "an encoding");
    const key = `${String(entry.suite)}/${String(entry.file)}#${String(entry.case)}`;
    seen.add(key);
    const expected = cases.get(key);
    const encoded = wireValueOf(entry.encoded);
    if (expected === undefined) different.push(`${key}: encoded, but no valid case`);
    else if (JSON.stringify(canonical(encoded)) !== JSON.stringify(canonical(expected.expected))) {
      different.push(`${key}: wrote ${JSON.stringify(encoded).slice(0, 300)}, the TypeScript emission is ${JSON.stringify(expected.expected).slice(0, 300)}`);
    }
  }
  return { missing: [...cases.keys()].filter((key) => !seen.has(key)), different, compared: seen.size };
}

/** A JSON value with its object keys sorted and its numbers as doubles, so that equal values print alike. */
function canonical(value: WireValue): WireValue {
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map(canonical);
  if (isRecord(value)) return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical(value[key] ?? null)]));
  return value;
}
