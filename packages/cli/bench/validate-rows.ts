// The rows bench/validate.ts prints, each a task and the baseline it is
// paired with; bench/validate-row.ts times one of them in a process of its
// own.
import { DEFAULT_MAX_MESSAGE_BYTES } from "@app-server-protocol/validators";
import { main, type ChunkSource } from "../src/index.js";
import { validateSource } from "../src/validate-source.js";
import { parseByteChunks, parseTextChunks } from "./baseline.js";
import { judgeFloor } from "./floor.js";
import type { Pairing, Task } from "./passes.js";
import { byteChunks, textChunks, transcriptLines, variedLines } from "./transcript.js";

/** Client requests and server questions of each transcript, each with its answer: 20,000 lines. */
export const PAIRS = 10_000;

let printed = "";
const sink = { write: (text: string) => ((printed = text.slice(0, 600)), true) };

/** A `validate --format json` run through `main`; throws unless the source validates cleanly. */
export async function validate(source: ChunkSource): Promise<void> {
  const code = await main(["validate", "--format", "json"], { stdin: source, stdout: sink, stderr: sink });
  if (code !== 0) throw new Error(`the corpus must validate cleanly, got exit ${code}: ${printed}`);
}

/** `validate`'s reading of a transcript, its lexical pass on or off; throws on a finding, the corpora being clean. */
async function judge(source: ChunkSource, lexical: boolean): Promise<void> {
  await validateSource("-", source, { framing: "auto", maxBytes: DEFAULT_MAX_MESSAGE_BYTES, lexical }, (finding) => {
    throw new Error(`the corpus must validate cleanly: line ${finding.line}: ${finding.code} ${finding.message}`);
  });
}

interface Corpus {
  readonly lines: readonly string[];
  readonly bytes: Uint8Array[];
  readonly text: string[];
}

function corpus(lines: readonly string[]): Corpus {
  const text = `${lines.join("\n")}\n`;
  const chunks = { bytes: byteChunks(new TextEncoder().encode(text)), text: textChunks(text) };
  if (parseByteChunks(chunks.bytes) !== lines.length || parseTextChunks(chunks.text) !== lines.length) throw new Error("a baseline must parse every line");
  return { lines, ...chunks };
}

const usual = () => corpus([...transcriptLines(PAIRS)]);
const varied = () => corpus([...variedLines(PAIRS)]);
const parseBytes = (of: Corpus): Task => ({ name: "JSON.parse of byte chunks", run: () => parseByteChunks(of.bytes) });

/** Each row's task and baseline, its corpus made only when the row runs. */
export const ROWS: { readonly [row: string]: () => Omit<Pairing, "name"> } = {
  "byte chunks": () => {
    const of = usual();
    return { baseline: parseBytes(of), task: { name: "validate bytes", run: () => validate(of.bytes) } };
  },
  "text chunks": () => {
    const of = usual();
    return { baseline: { name: "JSON.parse of text chunks", run: () => parseTextChunks(of.text) }, task: { name: "validate text", run: () => validate(of.text) } };
  },
  lines: () => {
    const of = usual();
    return { baseline: { name: "JSON.parse of lines", run: () => of.lines.forEach((line) => JSON.parse(line)) }, task: { name: "validate text", run: () => validate(of.text) } };
  },
  judged: () => {
    const of = usual();
    return { baseline: parseBytes(of), task: { name: "judge", run: () => judge(of.bytes, true) } };
  },
  "judged without the lexical pass": () => {
    const of = usual();
    return { baseline: parseBytes(of), task: { name: "judge", run: () => judge(of.bytes, false) } };
  },
  floor: () => {
    const of = usual();
    return { baseline: parseBytes(of), task: { name: "lexical facts and message validators", run: () => judgeFloor(of.bytes) } };
  },
  "varied, judged": () => {
    const of = varied();
    return { baseline: parseBytes(of), task: { name: "judge", run: () => judge(of.bytes, true) } };
  },
  "varied, judged without the lexical pass": () => {
    const of = varied();
    return { baseline: parseBytes(of), task: { name: "judge", run: () => judge(of.bytes, false) } };
  },
};

/** The rows, in the order bench/validate.ts prints them. */
export const ROW_NAMES = Object.keys(ROWS);

