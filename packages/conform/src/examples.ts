import type { JsonValue } from "@app-server-protocol/validators";
import { EXAMPLES_JSON } from "./generated/examples.js";
import { member } from "./support/json.js";

let examples: JsonValue | undefined;

/** The first valid value of a contract type's conformance vector (`packages/conformance/vectors/types/<type>.json`), if it has one. */
export function exampleOf(type: string): JsonValue | undefined {
  examples ??= JSON.parse(EXAMPLES_JSON);
  return member(examples, type);
}
