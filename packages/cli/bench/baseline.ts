// The baseline `validate` is measured against: `JSON.parse` of every line of
// the same chunks, with only the work any reader of them has to do first:
// cutting the chunks into lines (a line may span chunks) and, for bytes,
// decoding them. Both return the number of lines parsed.

function parseLines(text: string): number {
  let parsed = 0;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    JSON.parse(line);
    parsed += 1;
  }
  return parsed;
}

/** `JSON.parse` of the lines of text chunks. */
export function parseTextChunks(chunks: readonly string[]): number {
  let parsed = 0;
  let partial = "";
  for (const chunk of chunks) {
    const last = chunk.lastIndexOf("\n");
    if (last === -1) {
      partial += chunk;
      continue;
    }
    parsed += parseLines(partial + chunk.slice(0, last));
    partial = chunk.slice(last + 1);
  }
  return parsed + parseLines(partial);
}

function joined(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/** `JSON.parse` of the lines of UTF-8 byte chunks: the whole lines of a chunk decoded in one call, a line split between chunks joined first. */
export function parseByteChunks(chunks: readonly Uint8Array[]): number {
  const decoder = new TextDecoder();
  let parsed = 0;
  let partial: Uint8Array[] = [];
  for (const chunk of chunks) {
    const first = chunk.indexOf(0x0a);
    if (first === -1) {
      partial.push(chunk);
      continue;
    }
    const last = chunk.lastIndexOf(0x0a);
    parsed += parseLines(decoder.decode(joined([...partial, chunk.subarray(0, first)])));
    if (last > first) parsed += parseLines(decoder.decode(chunk.subarray(first + 1, last)));
    partial = [chunk.subarray(last + 1)];
  }
  return parsed + parseLines(decoder.decode(joined(partial)));
}
