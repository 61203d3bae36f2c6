// Languages whose files say what they were given, for the worker-thread tests:
// a file naming the language and the types it read, or a failure on request.
import type { LanguageBindings } from "@app-server-protocol/codegen";

function echo(directory: string): LanguageBindings {
  return {
    directory,
    generate: async (model) => {
      const names = Object.keys(model.definitions);
      if (names.includes("Fail")) throw new Error(`${directory} was asked to fail`);
      return new Map([[`${directory}.txt`, `${directory}: ${names.join(", ")}\n`]]);
    },
  };
}

export const ECHO_LANGUAGES: readonly LanguageBindings[] = ["one", "two", "three", "four", "five"].map(echo);
