import { linearPattern } from "./linear-pattern.js";

// Lengths of the literal runs tried; long enough for the protocol's spelled-out words.
const MAX_SAMPLES = 32;

/**
 * A string matching `pattern`, guessed from the literal words in it (a
 * case-insensitive class pair such as `[Dd]` read as its first letter);
 * `undefined` when no guess matches.
 */
export function patternSample(pattern: string, minLength: number): string | undefined {
  const regexp = linearPattern(pattern);
  if (regexp === undefined) return undefined;
  const literal = pattern.replace(/\[([A-Za-z])([A-Za-z])\]/g, "$1");
  const words = (literal.match(/[A-Za-z0-9_.-]+/g) ?? []).slice(0, MAX_SAMPLES);
  const guesses = ["a".repeat(minLength), ...words, ...words.map((word) => word.padEnd(minLength, "a")), "0", "a-b"];
  return guesses.find((guess) => guess.length >= minLength && regexp.test(guess));
}
