import { bundleTypes, perTypeTypes, registryMethods, SchemaSetError, type SchemaSet } from "./schema-set.js";

const BUNDLE = "protocol.schema.json";
const REGISTRY = "methods.json";
const GIT_PREFIX = "git:";

/** Reads the files of one schema set: a directory, a bundle file, or `schemas/` at a git ref. */
interface SetReader {
  /** The text of a file of the set, `undefined` when it has none. */
  read(file: string): string | undefined;
  /** The names of the set's `.json` files. */
  list(): string[];
  readonly label: string;
}

function failure(label: string, error: unknown): SchemaSetError {
  return new SchemaSetError(`cannot read ${label}: ${error instanceof Error ? error.message.split("\n")[0] : "read failed"}`);
}

// Built-ins are loaded at run time: the package is bundled for a neutral platform, where `node:` imports do not resolve.
function directoryReader(directory: string): SetReader {
  const fs = process.getBuiltinModule("node:fs");
  const path = process.getBuiltinModule("node:path");
  const read = (file: string) => {
    const full = path.join(directory, file);
    return fs.existsSync(full) ? fs.readFileSync(full, "utf8") : undefined;
  };
  return { read, list: () => fs.readdirSync(directory).filter((file) => file.endsWith(".json")), label: directory };
}

function gitReader(ref: string): SetReader {
  const childProcess = process.getBuiltinModule("node:child_process");
  const git = (args: string[]) => childProcess.execFileSync("git", args, { encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "pipe"] });
  const label = `${GIT_PREFIX}${ref}`;
  let names: string[];
  try {
    names = git(["ls-tree", "--name-only", `${ref}:schemas`]).split("\n").filter((file) => file.endsWith(".json"));
  } catch (error) {
    throw failure(label, error);
  }
  const read = (file: string) => (names.includes(file) ? git(["show", `${ref}:schemas/${file}`]) : undefined);
  return { read, list: () => names, label };
}

function readerFor(spec: string): { reader: SetReader; bundle: string } {
  if (spec.startsWith(GIT_PREFIX)) return { reader: gitReader(spec.slice(GIT_PREFIX.length)), bundle: BUNDLE };
  const fs = process.getBuiltinModule("node:fs");
  const path = process.getBuiltinModule("node:path");
  if (!fs.existsSync(spec)) throw new SchemaSetError(`cannot read ${spec}: no such file or directory`);
  if (fs.statSync(spec).isDirectory()) return { reader: directoryReader(spec), bundle: BUNDLE };
  return { reader: directoryReader(path.dirname(spec)), bundle: path.basename(spec) };
}

/** The schema set `spec` names: a directory laid out like `schemas/` or like a peer's emitted schemas, a bundle file, or `git:<ref>`. */
export function loadSchemaSet(spec: string): SchemaSet {
  const { reader, bundle } = readerFor(spec);
  try {
    const bundleText = reader.read(bundle);
    const { types, notes } = bundleText !== undefined ? bundleTypes(bundleText, bundle) : perTypeTypes(new Map(reader.list().filter((file) => file !== REGISTRY).map((file) => [file, reader.read(file) ?? ""])));
    const registryText = reader.read(REGISTRY);
    const registry = registryText === undefined ? {} : { methods: registryMethods(registryText, REGISTRY) };
    return { types, ...registry, ...(notes.length > 0 ? { notes } : {}) };
  } catch (error) {
    throw error instanceof SchemaSetError ? new SchemaSetError(`${reader.label}: ${error.message}`) : failure(reader.label, error);
  }
}
