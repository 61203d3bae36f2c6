import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CompilerState,
  Extractor,
  ExtractorConfig,
  ExtractorLogLevel,
  ExtractorMessageCategory,
  type ExtractorMessage,
  type IExtractorMessagesConfig,
} from "@microsoft/api-extractor";
import ts from "typescript";
import type { ReportedEntry } from "./packages.js";

/** A report's path relative to the repository root, mapped to its content. */
export type ApiReports = Map<string, string>;

// How consumers compile against the packages. The inputs are tsc's own
// declaration output of sources `npm run typecheck` checks, so they are not
// type-checked again (skipLibCheck); the analysis only reads them.
const ANALYSIS_COMPILER_OPTIONS = {
  target: "ES2022",
  lib: ["ES2022"],
  module: "NodeNext",
  moduleResolution: "NodeNext",
  strict: true,
  types: [],
  skipLibCheck: true,
};

// The project uses no release tags and documents with JSDoc tags the TSDoc
// parser does not know (`@TJS-type`, `@sensitive`, ...), so those checks are
// off. A type an entry uses without exporting it is written into the report,
// where review sees it.
const MESSAGES: IExtractorMessagesConfig = {
  compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
  extractorMessageReporting: {
    default: { logLevel: ExtractorLogLevel.Warning },
    "ae-missing-release-tag": { logLevel: ExtractorLogLevel.None },
    "ae-undocumented": { logLevel: ExtractorLogLevel.None },
    "ae-forgotten-export": { logLevel: ExtractorLogLevel.Warning, addToApiReportFile: true },
  },
  tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
};

function configFor(entry: ReportedEntry, reportFolder: string): ExtractorConfig {
  return ExtractorConfig.prepare({
    configObject: {
      projectFolder: entry.packageDir,
      mainEntryPointFilePath: entry.declarations,
      compiler: { overrideTsconfig: { compilerOptions: ANALYSIS_COMPILER_OPTIONS, files: [entry.declarations] } },
      apiReport: { enabled: true, reportFileName: entry.reportName, reportFolder, reportTempFolder: reportFolder },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      newlineKind: "lf",
      messages: MESSAGES,
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: join(entry.packageDir, "package.json"),
  });
}

/**
 * Keeps API Extractor quiet, and records as a problem each error and each
 * compiler or analysis warning (its own progress notes, such as a report
 * being created, are console warnings and are not problems).
 */
function collectProblem(message: ExtractorMessage, problems: string[]): void {
  message.handled = true;
  const warning = message.logLevel === ExtractorLogLevel.Warning && message.category !== ExtractorMessageCategory.Console;
  if (message.logLevel !== ExtractorLogLevel.Error && !warning) return;
  const where = message.sourceFilePath === undefined ? "" : `${message.sourceFilePath}:${message.sourceFileLine ?? 0}: `;
  problems.push(`${where}(${message.messageId}) ${message.text}`);
}

/**
 * The report's closing list of warnings names each place by line and column;
 * without them a report changes only when the API does, not when code moves.
 */
function withoutLineNumbers(report: string): string {
  return report.replace(/^\/\/ (\S+):\d+:\d+ - \((ae-[a-z-]+)\)/gm, "// $1 - ($2)");
}

/** API Extractor types its compiler state's program as `unknown`. */
function isProgram(value: unknown): value is ts.Program {
  return typeof value === "object" && value !== null && "getSyntacticDiagnostics" in value && typeof value.getSyntacticDiagnostics === "function";
}

/**
 * API Extractor reads only the semantic diagnostics, which skipLibCheck turns
 * off for declaration files, so a file that does not parse would pass
 * unnoticed.
 */
function syntaxErrors(program: unknown): string[] {
  if (!isProgram(program)) throw new Error("API Extractor's compiler state holds no TypeScript program");
  return program.getSyntacticDiagnostics().map((diagnostic) => {
    const where = diagnostic.file === undefined ? "" : `${diagnostic.file.fileName}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}: `;
    return `${where}${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
  });
}

/**
 * The API Extractor report of every entry, from its built declarations. All
 * entries share one compiler program (most of the time is building it).
 * Throws when a declaration file is missing or does not parse, or when the
 * analysis reports a problem, with every problem in the message.
 */
export function extractApiReports(entries: readonly ReportedEntry[]): ApiReports {
  const unbuilt = entries.filter((entry) => !existsSync(entry.declarations)).map((entry) => entry.declarations);
  if (unbuilt.length > 0) throw new Error(`API reports need the built declarations; run \`npm run build\`. Missing:\n${unbuilt.join("\n")}`);

  const scratch = mkdtempSync(join(tmpdir(), "api-reports-"));
  const problems: string[] = [];
  const reports: ApiReports = new Map();
  try {
    const jobs = entries.map((entry, index) => {
      const reportFolder = join(scratch, String(index));
      return { entry, config: configFor(entry, reportFolder), reportFile: join(reportFolder, `${entry.reportName}.api.md`) };
    });
    const [first] = jobs;
    if (first === undefined) return reports;
    const compilerState = CompilerState.create(first.config, { additionalEntryPoints: entries.map((entry) => entry.declarations) });
    const unparsed = syntaxErrors(compilerState.program);
    if (unparsed.length > 0) throw new Error(`The declarations do not parse:\n${unparsed.join("\n")}`);
    for (const { entry, config, reportFile } of jobs) {
      Extractor.invoke(config, { localBuild: true, compilerState, messageCallback: (message) => collectProblem(message, problems) });
      reports.set(entry.reportPath, withoutLineNumbers(readFileSync(reportFile, "utf8")));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (problems.length > 0) throw new Error(`API Extractor reported ${problems.length} problem(s):\n${problems.join("\n")}`);
  return reports;
}
