import { Command, Option } from "commander";
import { ioFailure, openInput, type CommandIo } from "../io.js";
import type { Finding } from "../findings.js";
import { validateSource, type ValidateRunOptions } from "../validate-source.js";
import { reportPage, type TranscriptLine } from "../view/report-page.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from "./exit-codes.js";
import { FRAMINGS } from "../framing.js";
import { choiceOf, maxBytesOf, maxBytesOption, type ExitCode, type Parsed } from "./options.js";

/** The options of `view`. */
export interface ViewOptions extends ValidateRunOptions {
  /** Where the page goes. */
  readonly output: string;
  /** Writes the page; defaults to the file system. */
  readonly writeFile?: (path: string, content: string) => void;
}

async function textOf(name: string, io: CommandIo): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of openInput(name, io)) text += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** The lines of a transcript as the NDJSON reader numbers them: 1-based, blank lines counted. */
function linesOf(text: string): TranscriptLine[] {
  const lines = text.replace(/^\uFEFF/, "").split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines.map((line, index) => ({ line: index + 1, text: line.replace(/\r$/, "") })).filter(({ text: line }) => line.trim() !== "");
}

/**
 * Runs `view`: validates the transcript `name` and writes one self-contained
 * HTML page of it to `options.output`; resolves to the exit code (1 when the
 * transcript has errors, as `validate`).
 */
export async function runView(name: string, options: ViewOptions, io: CommandIo): Promise<number> {
  let text: string;
  try {
    text = await textOf(name, io);
  } catch (error) {
    io.stderr.write(ioFailure(name, error));
    return EXIT_USAGE;
  }
  const findings: Finding[] = [];
  await validateSource(name, [text], options, (finding) => findings.push(finding));
  const write = options.writeFile ?? ((path: string, content: string) => process.getBuiltinModule("node:fs").writeFileSync(path, content));
  try {
    write(options.output, reportPage(name, linesOf(text), findings));
  } catch (error) {
    io.stderr.write(`app-server-protocol: cannot write ${options.output}: ${error instanceof Error ? error.message : "write failed"}\n`);
    return EXIT_USAGE;
  }
  io.stdout.write(`${options.output}: ${findings.length} findings on ${linesOf(text).length} lines\n`);
  return findings.some((finding) => finding.severity === "error") ? EXIT_FINDINGS : EXIT_OK;
}

/** The `view` command. */
export function viewCommand(io: CommandIo, exit: ExitCode): Command {
  return new Command("view")
    .description("Write one self-contained HTML page of a transcript: a timeline, requests with their answers, questions as a user sees them, every finding at its line.")
    .argument("<file>", "the transcript")
    .requiredOption("-o, --output <file>", "the HTML file to write")
    .addOption(new Option("--framing <framing>", "how the file is framed, detected by auto").choices(FRAMINGS).default("auto"))
    .addOption(maxBytesOption())
    .action(async (file: string, parsed: Parsed) => {
      const framing = choiceOf(parsed, "framing", FRAMINGS, "auto");
      const output = typeof parsed["output"] === "string" ? parsed["output"] : "";
      exit.code = await runView(file, { output, framing, maxBytes: maxBytesOf(parsed), strict: false }, io);
    });
}
