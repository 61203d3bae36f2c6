import { Command, Option } from "commander";
import { ioFailure, openInput, type ChunkSource, type CommandIo } from "../io.js";
import type { Finding } from "../findings.js";
import { FRAMINGS } from "../framing.js";
import { LineRedactor } from "../redact/line-redactor.js";
import { written } from "../report/writers.js";
import { validateSource, type ValidateRunOptions } from "../validate-source.js";
import { reportPage, type TranscriptLine } from "../view/report-page.js";
import { isSameFile } from "../view/same-file.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from "./exit-codes.js";
import { choiceOf, maxBytesOf, maxBytesOption, type ExitCode, type Parsed } from "./options.js";

/** The options of `view`. */
export interface ViewOptions extends ValidateRunOptions {
  /** Where the page goes; `-` is standard output. */
  readonly output: string;
  /** Redact the transcript before it is shown, as `redact` does (the default); the findings are those of the transcript as read. */
  readonly redact?: boolean;
  /** Writes the page to a file; defaults to the file system. */
  readonly writeFile?: (path: string, content: string) => void;
}

/** Every chunk of a source, as read. */
async function chunksOf(source: ChunkSource): Promise<(string | Uint8Array)[]> {
  const chunks: (string | Uint8Array)[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return chunks;
}

/** The lines of a transcript as the NDJSON reader numbers them: 1-based, blank lines counted, blank lines left out. */
function linesOf(text: string, withheld: ReadonlyMap<number, string>): TranscriptLine[] {
  const lines = text.replace(/^\uFEFF/, "").split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines.flatMap((line, index): TranscriptLine[] => {
    const reason = withheld.get(index + 1);
    const shown = line.replace(/\r$/, "");
    if (shown.trim() === "") return [];
    return [reason === undefined ? { line: index + 1, text: shown } : { line: index + 1, text: shown, withheld: reason }];
  });
}

/** The text the page shows: redacted as `redact` writes it (and which lines it withheld), or as read. */
function shownText(chunks: readonly (string | Uint8Array)[], options: ViewOptions): { text: string; withheld: Map<number, string> } {
  const withheld = new Map<number, string>();
  if (options.redact === false) {
    const decoder = new TextDecoder();
    const text = chunks.map((chunk) => (typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }))).join("") + decoder.decode();
    return { text, withheld };
  }
  const redactor = new LineRedactor(options.maxBytes, (line, reason) => withheld.set(line, reason), options.framing);
  return { text: chunks.map((chunk) => redactor.push(chunk)).join("") + redactor.end(), withheld };
}

/**
 * Runs `view`: validates the transcript `name` and writes one self-contained
 * HTML page of it to `options.output` (standard output for `-`, the summary
 * line then going to stderr), redacted unless `options.redact` is false;
 * resolves to the exit code (1 when the transcript has errors, as
 * `validate`; 2 when it cannot be read, the page cannot be written, or the
 * page would overwrite the transcript).
 */
export async function runView(name: string, options: ViewOptions, io: CommandIo): Promise<number> {
  const toStdout = options.output === "-";
  if (!toStdout && name !== "-" && isSameFile(name, options.output)) {
    io.stderr.write(`app-server-protocol: view: the output ${options.output} is the transcript ${name}; write the page elsewhere\n`);
    return EXIT_USAGE;
  }
  let chunks: (string | Uint8Array)[];
  try {
    chunks = await chunksOf(openInput(name, io));
  } catch (error) {
    io.stderr.write(ioFailure(name, error));
    return EXIT_USAGE;
  }
  const findings: Finding[] = [];
  const lines = await validateSource(name, chunks, options, (finding) => findings.push(finding));
  const { text, withheld } = shownText(chunks, options);
  const page = reportPage(name, linesOf(text, withheld), findings, options.framing);
  try {
    if (toStdout) await written(io.stdout, page);
    else (options.writeFile ?? ((path: string, content: string) => process.getBuiltinModule("node:fs").writeFileSync(path, content)))(options.output, page);
  } catch (error) {
    io.stderr.write(`app-server-protocol: cannot write ${options.output}: ${error instanceof Error ? error.message : "write failed"}\n`);
    return EXIT_USAGE;
  }
  (toStdout ? io.stderr : io.stdout).write(`${toStdout ? "standard output" : options.output}: ${findings.length} findings on ${lines} lines\n`);
  return findings.some((finding) => finding.severity === "error") ? EXIT_FINDINGS : EXIT_OK;
}

/** The `view` command. */
export function viewCommand(io: CommandIo, exit: ExitCode): Command {
  return new Command("view")
    .description("Write one self-contained HTML page of a transcript, redacted: a timeline in two columns (who sent each line), requests with their answers, questions as a user sees them, every finding at its line.")
    .argument("<file>", "the transcript; - reads standard input")
    .allowExcessArguments(false)
    .requiredOption("-o, --output <file>", "the HTML file to write; - writes it to standard output")
    .option("--no-redact", "show the transcript as read, sensitive values included")
    .addOption(new Option("--framing <framing>", "how the file is framed, detected by auto").choices(FRAMINGS).default("auto"))
    .addOption(maxBytesOption())
    .action(async (file: string, parsed: Parsed) => {
      const framing = choiceOf(parsed, "framing", FRAMINGS, "auto");
      const output = typeof parsed["output"] === "string" ? parsed["output"] : "";
      exit.code = await runView(file, { output, framing, maxBytes: maxBytesOf(parsed), strict: false, redact: parsed["redact"] !== false }, io);
    });
}
