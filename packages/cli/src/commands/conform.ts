import {
  BaselineError,
  conformancePassed,
  ConformanceUsageError,
  DEFAULT_TIMEOUT_MS,
  listConformance,
  loadBaseline,
  loadReplay,
  loadScenarioFile,
  PeerStartError,
  ReplayError,
  runConformance,
  ScenarioFileError,
  TURN_PROMPT_KINDS,
  type Baseline,
  type ReplayRecording,
  type RoleName,
  type ScenarioFile,
  type TurnPromptKind,
} from "@app-server-protocol/conform";
import { Argument, Command, CommanderError, InvalidArgumentError, Option } from "commander";
import type { CommandIo } from "../io.js";
import { ANSI, PLAIN, wantsColour } from "../report/colour.js";
import { written } from "../report/writers.js";
import { CONFORM_FORMATS, formatListing, formatReport, type ConformFormat } from "./conform-output.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from "./exit-codes.js";
import { choiceOf, type ExitCode, type Parsed } from "./options.js";

/** A `conform` command line, read: the role, the command under test, the options. */
export interface ConformInvocation {
  readonly role: RoleName;
  readonly command: readonly string[];
  readonly format: ConformFormat;
  readonly timeoutMs: number;
  readonly scenarios: readonly string[];
  readonly scenarioFiles: readonly string[];
  readonly list: boolean;
  readonly baseline?: string;
  readonly transcripts?: string;
  readonly turnPrompts: { readonly [K in TurnPromptKind]?: string };
  readonly replay?: string;
}

const ROLES: readonly RoleName[] = ["client", "server"];
const MAX_TIMEOUT_SECONDS = 86_400;

function seconds(text: string): number {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value) || value <= 0 || value > MAX_TIMEOUT_SECONDS) throw new InvalidArgumentError(`must be a number of seconds above 0, at most ${MAX_TIMEOUT_SECONDS}`);
  return value;
}

function collect(value: string, previous: readonly string[] = []): string[] {
  return [...previous, value];
}

function turnPrompt(value: string, previous: readonly (readonly [TurnPromptKind, string])[] = []): (readonly [TurnPromptKind, string])[] {
  const equals = value.indexOf("=");
  const kind = TURN_PROMPT_KINDS.find((known) => known === value.slice(0, equals));
  if (equals === -1 || kind === undefined) throw new InvalidArgumentError(`must be KIND=TEXT with KIND one of ${TURN_PROMPT_KINDS.join(", ")}`);
  const text = value.slice(equals + 1);
  if (text === "") throw new InvalidArgumentError("the prompt TEXT after = must not be empty");
  return [...previous, [kind, text]];
}

function strings(parsed: Parsed, name: string): string[] {
  const value = parsed[name];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

function prompts(parsed: Parsed): { [K in TurnPromptKind]?: string } {
  const given = parsed["turnPrompt"];
  const pairs = Array.isArray(given) ? given : [];
  return Object.fromEntries(pairs.filter((pair): pair is [TurnPromptKind, string] => Array.isArray(pair) && typeof pair[1] === "string"));
}

function optionalString(parsed: Parsed, name: string): { readonly [key: string]: string } {
  const value = parsed[name];
  return typeof value === "string" ? { [name]: value } : {};
}

/** The command `conform` without its action: shared by the command and by `readConformCommandLine`. */
function conformDefinition(): Command {
  return new Command("conform")
    .description("Test a running client or server live: start COMMAND once per scenario, play the other side over stdio, judge every frame, and report each requirement with its tier and spec sections.")
    .usage("client|server [options] -- COMMAND [ARGS...]")
    .addArgument(new Argument("<role>", "the role COMMAND plays: server (the kit is its client) or client (the kit is its server)").choices(ROLES))
    .argument("[command...]", "the implementation under test and its arguments, after --")
    .addOption(new Option("--format <format>", "report format").choices(CONFORM_FORMATS).default("text"))
    .addOption(new Option("--timeout <seconds>", "how long each awaited message may take").argParser(seconds).default(DEFAULT_TIMEOUT_MS / 1000))
    .addOption(new Option("--scenario <id>", "run only this scenario (repeatable)").argParser(collect))
    .addOption(new Option("--scenario-file <file>", "also run the scenarios of this file (repeatable; schema scenario.schema.json of @app-server-protocol/conform)").argParser(collect))
    .option("--list", "list every scenario and requirement with its tier and spec sections; start nothing")
    .option("--baseline <file>", "checks expected to fail (schema baseline.schema.json of @app-server-protocol/conform); an entry that passes is stale and fails the run")
    .option("--transcripts <dir>", "write each scenario's transcript (both directions, for validate and view) and the peer's stderr to this folder")
    .addOption(new Option("--turn-prompt <kind=text>", `server role: the prompt that makes the server send a server request (KIND: ${TURN_PROMPT_KINDS.join(", ")}; repeatable)`).argParser(turnPrompt))
    .option("--replay <transcript>", "client role: play the server side of a recorded session (a transcript) instead of the scenarios, the client's requests matched by method and params");
}

function invocationOf(role: string, command: readonly string[], parsed: Parsed): ConformInvocation {
  const timeout = parsed["timeout"];
  return {
    role: ROLES.find((known) => known === role) ?? "server",
    command,
    format: choiceOf(parsed, "format", CONFORM_FORMATS, "text"),
    timeoutMs: (typeof timeout === "number" ? timeout : DEFAULT_TIMEOUT_MS / 1000) * 1000,
    scenarios: strings(parsed, "scenario"),
    scenarioFiles: strings(parsed, "scenarioFile"),
    list: parsed["list"] === true,
    turnPrompts: prompts(parsed),
    ...optionalString(parsed, "baseline"),
    ...optionalString(parsed, "transcripts"),
    ...optionalString(parsed, "replay"),
  };
}

/**
 * Reads a `conform` command line (the arguments after `conform`) as the
 * command does, without running anything; throws a `CommanderError` when
 * it is not one `conform` accepts.
 */
export function readConformCommandLine(argv: readonly string[]): ConformInvocation {
  let read: ConformInvocation | undefined;
  const silent = { writeOut: () => undefined, writeErr: () => undefined };
  const definition = conformDefinition()
    .exitOverride()
    .configureOutput(silent)
    .action((role: string, command: string[], parsed: Parsed) => {
      read = invocationOf(role, command, parsed);
    });
  definition.parse([...argv], { from: "user" });
  if (read === undefined) throw new CommanderError(EXIT_USAGE, "conform.unread", "the command line was not read");
  return read;
}

/** Why the replay cannot run as asked; `undefined` when it can, or there is none. */
function replayProblem(invocation: ConformInvocation): string | undefined {
  if (invocation.replay === undefined) return undefined;
  if (invocation.role === "server") return "--replay plays a recorded server to a client: it is for conform client";
  if (invocation.list) return "--list lists the scenarios, --replay plays a recording instead of them: give one";
  if (invocation.scenarios.length > 0 || invocation.scenarioFiles.length > 0) return "--replay plays the recording alone: it takes no --scenario or --scenario-file";
  return undefined;
}

/** Why the run cannot start, for stderr; `undefined` when it can. */
function usageProblem(invocation: ConformInvocation): string | undefined {
  const replay = replayProblem(invocation);
  if (replay !== undefined) return replay;
  if (invocation.role === "client" && Object.keys(invocation.turnPrompts).length > 0) return "--turn-prompt is for conform server: the kit drives a client with its own server requests";
  const example = invocation.role === "server" ? "./my-server --stdio" : "./my-client --test-mode";
  if (!invocation.list && invocation.command.length === 0) return `conform ${invocation.role} needs the command to test after --, e.g. conform ${invocation.role} -- ${example}`;
  return undefined;
}

function inputsOf(invocation: ConformInvocation): { readonly files: ScenarioFile[]; readonly baseline?: Baseline; readonly replay?: ReplayRecording } {
  const files = invocation.scenarioFiles.map(loadScenarioFile);
  return {
    files,
    ...(invocation.baseline === undefined ? {} : { baseline: loadBaseline(invocation.baseline) }),
    ...(invocation.replay === undefined ? {} : { replay: loadReplay(invocation.replay) }),
  };
}

/** Runs `conform` as read; resolves to the exit code: 0 passed, 1 a check failed or a baseline entry is stale, 2 usage error or COMMAND not started. */
export async function runConform(invocation: ConformInvocation, io: CommandIo): Promise<number> {
  const usage = async (message: string) => {
    await written(io.stderr, `app-server-protocol: conform: ${message}\n`);
    return EXIT_USAGE;
  };
  const problem = usageProblem(invocation);
  if (problem !== undefined) return usage(problem);
  try {
    const { files, baseline, replay } = inputsOf(invocation);
    if (invocation.list) {
      await written(io.stdout, formatListing(listConformance(invocation.role, { scenarioFiles: files }), invocation.format));
      return EXIT_OK;
    }
    const report = await runConformance({
      role: invocation.role,
      command: invocation.command,
      timeoutMs: invocation.timeoutMs,
      scenarioFiles: files,
      turnPrompts: invocation.turnPrompts,
      ...(invocation.scenarios.length > 0 ? { scenarios: invocation.scenarios } : {}),
      ...(baseline === undefined ? {} : { baseline }),
      ...(replay === undefined ? {} : { replay }),
      ...(invocation.transcripts === undefined ? {} : { transcripts: invocation.transcripts }),
    });
    const palette = invocation.format === "text" && wantsColour(io.stdout, io.env ?? {}) ? ANSI : PLAIN;
    await written(io.stdout, formatReport(report, invocation.format, invocation.command, palette));
    return conformancePassed(report) ? EXIT_OK : EXIT_FINDINGS;
  } catch (error) {
    if (error instanceof PeerStartError || error instanceof ConformanceUsageError || error instanceof ScenarioFileError || error instanceof BaselineError || error instanceof ReplayError) return usage(error.message);
    throw error;
  }
}

/** The `conform` command. */
export function conformCommand(io: CommandIo, exit: ExitCode): Command {
  return conformDefinition().action(async (role: string, command: string[], parsed: Parsed) => {
    exit.code = await runConform(invocationOf(role, command, parsed), io);
  });
}
