// Reading generated Swift, Kotlin and C# back, for the structural tests that
// stand in for a compiler: the code without its strings and comments, the
// balance of its delimiters, and the block a declaration opens.

/**
 * The source with every comment and every string literal's content blanked
 * to spaces (line breaks kept), so offsets still match the source and no
 * delimiter inside text is counted.
 */
export function codeOnly(source: string): string {
  if (lastCode?.source === source) return lastCode.code;
  const code = blanked(source);
  lastCode = { source, code };
  return code;
}

/** The tests read many blocks of one file in a row. */
let lastCode: { source: string; code: string } | undefined;

function blanked(source: string): string {
  let result = "";
  let index = 0;
  while (index < source.length) {
    const rest = source.slice(index, index + 2);
    if (rest === "//") {
      const end = source.indexOf("\n", index);
      const stop = end === -1 ? source.length : end;
      result += " ".repeat(stop - index);
      index = stop;
    } else if (rest === "/*") {
      const end = source.indexOf("*/", index + 2);
      const stop = end === -1 ? source.length : end + 2;
      result += source.slice(index, stop).replace(/[^\n]/g, " ");
      index = stop;
    } else if (source[index] === '"') {
      let stop = index + 1;
      while (stop < source.length && source[stop] !== '"' && source[stop] !== "\n") stop += source[stop] === "\\" ? 2 : 1;
      result += `"${" ".repeat(Math.max(0, stop - index - 1))}"`;
      index = stop + 1;
    } else {
      result += source[index] ?? "";
      index += 1;
    }
  }
  return result;
}

/** How many more openers than closers each delimiter pair has, outside strings and comments. */
export function delimiterBalance(source: string): { braces: number; parentheses: number; brackets: number } {
  const code = codeOnly(source);
  const count = (character: string): number => code.split(character).length - 1;
  return { braces: count("{") - count("}"), parentheses: count("(") - count(")"), brackets: count("[") - count("]") };
}

/** The text from `start` through the delimiter closing the first block opened at or after it. */
export function blockFrom(source: string, start: number, opener = "{", closer = "}"): string {
  const code = codeOnly(source);
  const open = code.indexOf(opener, start);
  if (open === -1) throw new Error(`no block after offset ${start}`);
  let depth = 0;
  for (let index = open; index < code.length; index += 1) {
    if (code[index] === opener) depth += 1;
    else if (code[index] === closer) {
      depth -= 1;
      if (depth === 0) return source.slice(start, index + 1);
    }
  }
  throw new Error(`the block at offset ${open} never closes`);
}

/** The block of the declaration whose line matches `header` (a regular expression with the `m` flag). */
export function declarationBlock(source: string, header: RegExp, opener = "{", closer = "}"): string | undefined {
  const match = header.exec(source);
  return match === null ? undefined : blockFrom(source, match.index, opener, closer);
}
