import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isJsonObject } from "@app-server-protocol/generator/json";

// Valid and invalid inputs of every entry point, from the conformance
// vectors: the messages each side sends, and the question lists and outcomes
// of the rules' cases.

const VECTORS = join(import.meta.dirname, "../../../conformance/vectors");

function cases(suite: string): unknown[] {
  return readdirSync(join(VECTORS, suite))
    .filter((file) => file.endsWith(".json"))
    .flatMap((file) => {
      const document: unknown = JSON.parse(readFileSync(join(VECTORS, suite, file), "utf8"));
      return isJsonObject(document) && Array.isArray(document.cases) ? document.cases : [];
    });
}

function field(value: unknown, key: string): unknown {
  return isJsonObject(value) ? value[key] : undefined;
}

const messageCases = cases("messages");

/** The messages of the vectors a client sends (`valid` ones and not). */
export const CLIENT_MESSAGES: readonly unknown[] = messageCases.filter((entry) => field(entry, "direction") === "client").map((entry) => field(entry, "message"));

/** The messages of the vectors a server sends. */
export const SERVER_MESSAGES: readonly unknown[] = messageCases.filter((entry) => field(entry, "direction") === "server").map((entry) => field(entry, "message"));

/** The question lists of the rules' cases. */
export const QUESTION_LISTS: readonly unknown[] = [...cases("questions"), ...cases("outcomes")].map((entry) => field(entry, "questions")).filter(Array.isArray);

/** The outcomes of the rules' cases, each with the questions it answers. */
export const ANSWERED: readonly { readonly questions: unknown; readonly outcome: unknown }[] = cases("outcomes").map((entry) => ({ questions: field(entry, "questions"), outcome: field(entry, "outcome") }));
