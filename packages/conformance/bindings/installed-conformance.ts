import { cpSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// The conformance package as a user has it: its published files in a
// directory of their own, and the command its README documents for a
// language's runner.

const PACKAGE_DIR = join(import.meta.dirname, "..");

function publishedEntries(): string[] {
  const manifest: unknown = JSON.parse(readFileSync(join(PACKAGE_DIR, "package.json"), "utf8"));
  const files = typeof manifest === "object" && manifest !== null && "files" in manifest ? manifest.files : undefined;
  if (!Array.isArray(files) || !files.every((entry): entry is string => typeof entry === "string")) throw new Error("package.json has no `files` list");
  // npm publishes these whatever `files` says.
  return ["package.json", "README.md", "LICENSE", ...files];
}

/** Copies what the package publishes (package.json's `files`, the manifest, README and license) into `target`; returns `target`. */
export function installConformance(target: string): string {
  mkdirSync(target, { recursive: true });
  for (const entry of publishedEntries()) {
    if (existsSync(join(PACKAGE_DIR, entry))) cpSync(join(PACKAGE_DIR, entry), join(target, entry), { recursive: true });
  }
  return target;
}

/** A path as one POSIX shell word. */
function shellWord(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The command of `language`'s row in the README's runners table (its last code span), as written, with `<bindings>` in it. */
export function documentedCommand(language: string): string {
  const readme = readFileSync(join(PACKAGE_DIR, "README.md"), "utf8");
  const row = readme.split("\n").find((line) => line.startsWith(`| ${language} `));
  const command = row === undefined ? undefined : [...row.matchAll(/`([^`]+)`/g)].at(-1)?.[1];
  if (command === undefined) throw new Error(`the README's runners table has no command for ${language}`);
  return command;
}

/** `command` with its `<bindings>` placeholder replaced by `bindings`, as a shell word. */
export function withBindings(command: string, bindings: string): string {
  return command.replaceAll("<bindings>", shellWord(bindings));
}
