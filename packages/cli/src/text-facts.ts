import { lexicalFacts, type LexicalFacts } from "@app-server-protocol/validators";

/** What a line's text says that its parsed value hides, split at a value inside it (a wrapper's message). */
export interface SplitFacts {
  /** The facts inside the value, with paths into it: what its validators judge. */
  readonly inside: LexicalFacts | undefined;
  /** The facts of the rest of the line, with paths into the line. */
  readonly outside: LexicalFacts | undefined;
}

const NONE: SplitFacts = { inside: undefined, outside: undefined };

function isEmpty(facts: LexicalFacts): boolean {
  return facts.duplicateKeys.length === 0 && facts.numbers.length === 0 && facts.loneSurrogates.length === 0;
}

function within(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The lexical facts of a line whose text is `text` and parsed value `value`
 * (none without a text), split at `prefix`, the JSON Pointer of the value its
 * validators judge; `undefined` for a part without facts, so the validators
 * are called with their usual options on a line that hides nothing.
 */
export function lineFacts(text: string | undefined, value: unknown, prefix: string): SplitFacts {
  if (text === undefined) return NONE;
  const facts = lexicalFacts(text, value);
  if (isEmpty(facts)) return NONE;
  if (prefix === "") return { inside: facts, outside: undefined };
  const strip = (path: string) => path.slice(prefix.length);
  const inside: LexicalFacts = {
    duplicateKeys: facts.duplicateKeys.filter(({ path }) => within(path, prefix)).map((fact) => ({ ...fact, path: strip(fact.path) })),
    numbers: facts.numbers.filter(({ path }) => within(path, prefix)).map((fact) => ({ ...fact, path: strip(fact.path) })),
    loneSurrogates: facts.loneSurrogates.filter((path) => within(path, prefix)).map(strip),
  };
  const outside: LexicalFacts = {
    duplicateKeys: facts.duplicateKeys.filter(({ path }) => !within(path, prefix)),
    numbers: facts.numbers.filter(({ path }) => !within(path, prefix)),
    loneSurrogates: facts.loneSurrogates.filter((path) => !within(path, prefix)),
  };
  return { inside: isEmpty(inside) ? undefined : inside, outside: isEmpty(outside) ? undefined : outside };
}
