// What `--help` shows after the options: the exit codes and a few examples,
// for the root and for each command (README "Exit codes").

interface HelpTail {
  readonly exitCodes: readonly (readonly [code: number, when: string])[];
  readonly examples: readonly string[];
}

function tail({ exitCodes, examples }: HelpTail): string {
  const codes = exitCodes.map(([code, when]) => `  ${code}  ${when}`);
  const lines = examples.map((example) => `  $ app-server-protocol ${example}`);
  return ["", "Exit codes:", ...codes, "", "Examples:", ...lines].join("\n");
}

export const ROOT_HELP = tail({
  exitCodes: [
    [0, "nothing wrong found"],
    [1, "errors found in a transcript (validate, view), a line withheld (redact), a schema change that reaches --fail-on (diff), or a failed check or stale baseline entry (conform)"],
    [2, "usage error, an input that could not be read, or a command to test that could not be started (conform)"],
  ],
  examples: [
    "validate session.ndjson",
    "validate --format json 'capture/**/*.ndjson' > report.json",
    "redact session.ndjson > session.redacted.ndjson",
    "diff git:v1.0.0 schemas",
    "view capture.ndjson -o report.html",
    "conform server --format junit -- ./my-server --stdio > conform.xml",
    "help validate",
  ],
});

/** The tail of each command's help, by command name. */
export const COMMAND_HELP: { readonly [command: string]: string } = {
  validate: tail({
    exitCodes: [
      [0, "no error found (warnings allowed, up to --max-warnings)"],
      [1, "an error found, or more warnings than --max-warnings"],
      [2, "usage error, or a file could not be read (the other files are still read and reported)"],
    ],
    examples: [
      "validate session.ndjson",
      "validate capture/",
      "validate --format json 'capture/**/*.ndjson' > report.json",
      "validate --format github --quiet --max-warnings 0 capture/",
      "validate --framing stream-json duplex.ndjson",
    ],
  }),
  redact: tail({
    exitCodes: [
      [0, "every file written redacted"],
      [1, "a line could not be read and was withheld (a placeholder written in its place)"],
      [2, "usage error, or a file could not be read (the other files are still written)"],
    ],
    examples: ["redact session.ndjson > session.redacted.ndjson", "redact capture/ > capture.redacted.ndjson", "cat session.ndjson | app-server-protocol redact"],
  }),
  diff: tail({
    exitCodes: [
      [0, "the bump is below --fail-on"],
      [1, "the bump reaches --fail-on (by default: a major change)"],
      [2, "usage error, or a schema set could not be read"],
    ],
    examples: ["diff git:v1.0.0 schemas", "diff --format markdown git:origin/main schemas > schema-diff.md", "diff --format json --fail-on minor old/schemas/protocol.schema.json schemas"],
  }),
  view: tail({
    exitCodes: [
      [0, "no error found in the transcript"],
      [1, "errors found (the page is written either way)"],
      [2, "usage error (a second file, -o naming the transcript), the file could not be read, or the page could not be written"],
    ],
    examples: ["view capture.ndjson -o report.html", "view capture.ndjson -o - > report.html", "view --no-redact capture.ndjson -o private.html"],
  }),
  conform: tail({
    exitCodes: [
      [0, "every required and capability check passed, or failed only as the baseline expects (advisory failures never fail the run)"],
      [1, "a check failed, or a baseline entry is stale (its check passes now)"],
      [2, "usage error (a bad scenario, baseline or replay file included), or COMMAND could not be started"],
    ],
    examples: [
      "conform server -- ./my-server --stdio",
      "conform client -- ./my-client --test-mode",
      "conform client --replay out/server.turn.ask-user.ndjson -- ./my-client --test-mode",
      "conform server --format junit --baseline conform-baseline.json -- ./my-server --stdio > conform.xml",
      "conform server --turn-prompt ask_user='Ask me which database to use' --transcripts out/ -- ./my-server",
      "conform server --scenario server.dispatch.unknown-method --timeout 30 -- node server.js",
      "conform server --list",
      "conform client --list --format json",
    ],
  }),
};
