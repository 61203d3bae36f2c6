import { canonical } from "./canonical.js";
import { bundleTypes, perTypeTypes, registryMethods, SchemaSetError, type SchemaSet } from "./schema-set.js";
import type { MergedTypes } from "./merge-types.js";

const BUNDLE = "protocol.schema.json";
const REGISTRY = "methods.json";
const GIT_PREFIX = "git:";
// Names of a set's disagreeing types an error lists before it says how many more there are.
const NAMED = 5;

/** How a schema set is read from disk. */
export interface LoadOptions {
  /** Open files through a symbolic link that leads out of the named folder (`--follow-symlinks`); otherwise such a link is an error. */
  readonly followSymlinks?: boolean;
}

/** Reads the files of one schema set: a directory, a bundle file, or `schemas/` at a git ref. */
interface SetReader {
  /** The text of a file of the set, `undefined` when it has none. */
  read(file: string): string | undefined;
  /** The names of the set's `.json` files. */
  list(): string[];
  readonly label: string;
}

function failure(label: string, error: unknown): SchemaSetError {
  return new SchemaSetError(`cannot read ${label}: ${error instanceof Error ? (error.message.split("\n")[0] ?? "read failed") : "read failed"}`);
}

// Built-ins are loaded at run time: the package is bundled for a neutral platform, where `node:` imports do not resolve.
function directoryReader(directory: string, options: LoadOptions): SetReader {
  const fs = process.getBuiltinModule("node:fs");
  const path = process.getBuiltinModule("node:path");
  const root = fs.realpathSync(directory);
  const read = (file: string) => {
    const full = path.join(directory, file);
    if (!fs.existsSync(full)) return undefined;
    if (fs.lstatSync(full).isSymbolicLink() && options.followSymlinks !== true) {
      const target = fs.realpathSync(full);
      const relative = path.relative(root, target);
      if (relative.startsWith("..") || path.isAbsolute(relative)) throw new SchemaSetError(`${file} is a symbolic link that leads out of the folder; not followed (--follow-symlinks reads it)`);
    }
    return fs.statSync(full).isFile() ? fs.readFileSync(full, "utf8") : undefined;
  };
  const list = () => fs.readdirSync(directory).filter((file) => file.endsWith(".json")).sort();
  return { read, list, label: directory };
}

/** The objects `git cat-file --batch` printed: a header line (`<id> blob <size>`, or `<name> missing`), then `size` bytes and a newline. */
function batchObjects(output: Buffer, names: readonly string[]): Map<string, string> {
  const contents = new Map<string, string>();
  let offset = 0;
  for (const name of names) {
    const end = output.indexOf(0x0a, offset);
    if (end === -1) break;
    const header = output.subarray(offset, end).toString("utf8").split(" ");
    offset = end + 1;
    const size = Number(header[2]);
    if (header[1] !== "blob" || !Number.isSafeInteger(size)) continue;
    contents.set(name, output.subarray(offset, offset + size).toString("utf8"));
    offset += size + 1;
  }
  return contents;
}

function gitReader(ref: string): SetReader {
  const childProcess = process.getBuiltinModule("node:child_process");
  const label = `${GIT_PREFIX}${ref}`;
  let names: string[];
  try {
    names = childProcess.execFileSync("git", ["ls-tree", "--full-tree", "--name-only", `${ref}:schemas`], { encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "pipe"] }).split("\n").filter((file) => file.endsWith(".json")).sort();
  } catch (error) {
    throw failure(label, error);
  }
  let contents: Map<string, string> | undefined;
  // One `git cat-file --batch` for every file: a process per file would cost more than the diff.
  const all = () => {
    if (contents === undefined) {
      const input = names.map((file) => `${ref}:schemas/${file}\n`).join("");
      contents = batchObjects(childProcess.execFileSync("git", ["cat-file", "--batch"], { input, maxBuffer: 1 << 30, stdio: ["pipe", "pipe", "pipe"] }), names);
    }
    return contents;
  };
  return { read: (file) => (names.includes(file) ? all().get(file) : undefined), list: () => names, label };
}

function readerFor(spec: string, options: LoadOptions): { reader: SetReader; bundle: string; named: boolean } {
  if (spec.startsWith(GIT_PREFIX)) return { reader: gitReader(spec.slice(GIT_PREFIX.length)), bundle: BUNDLE, named: false };
  const fs = process.getBuiltinModule("node:fs");
  const path = process.getBuiltinModule("node:path");
  if (!fs.existsSync(spec)) throw new SchemaSetError(`cannot read ${spec}: no such file or directory`);
  if (fs.statSync(spec).isDirectory()) return { reader: directoryReader(spec, options), bundle: BUNDLE, named: false };
  // A file named on the command line is read even through a link: the user chose it.
  return { reader: directoryReader(path.dirname(spec), { followSymlinks: true }), bundle: path.basename(spec), named: true };
}

function perTypeFiles(reader: SetReader, bundle: string): Map<string, string> {
  return new Map(reader.list().filter((file) => file !== REGISTRY && file !== bundle).map((file) => [file, reader.read(file) ?? ""]));
}

/**
 * The names of the types the per-type files define otherwise than the
 * bundle (or that the bundle lacks): the bundle is what is read, so an
 * edit to a per-type file alone would otherwise go unseen.
 */
function disagreeing(bundled: MergedTypes, perType: MergedTypes): string[] {
  // The same text settles it for files written with the bundle; the keys' order is looked past only when it differs.
  const agrees = (name: string, schema: unknown) => bundled.types.has(name) && (JSON.stringify(bundled.types.get(name)) === JSON.stringify(schema) || canonical(bundled.types.get(name)) === canonical(schema));
  return [...perType.types].filter(([name, schema]) => !agrees(name, schema)).map(([name]) => name);
}

function disagreement(names: readonly string[], bundle: string): SchemaSetError {
  const listed = names.slice(0, NAMED).join(", ");
  const more = names.length > NAMED ? ` and ${names.length - NAMED} more` : "";
  return new SchemaSetError(`${bundle} and the per-type files disagree on ${listed}${more}: regenerate them, or name ${bundle} itself to read the bundle alone`);
}

function typesOf(reader: SetReader, bundle: string, named: boolean): MergedTypes {
  const bundleText = reader.read(bundle);
  if (bundleText === undefined) return perTypeTypes(perTypeFiles(reader, bundle));
  const bundled = bundleTypes(bundleText, bundle);
  if (named) return bundled;
  const files = perTypeFiles(reader, bundle);
  if (files.size === 0) return bundled;
  // Only which types the files define matters here: the bundle is what is read, so their copies' differences are not noted.
  const names = disagreeing(bundled, perTypeTypes(files, { notes: false }));
  if (names.length > 0) throw disagreement(names, bundle);
  return bundled;
}

/**
 * The schema set `spec` names: a directory laid out like `schemas/` or like
 * a peer's emitted schemas, a bundle file, or `git:<ref>`. A set with no
 * types, per-type files that disagree with the bundle beside them, a file
 * nested too deep, and a symbolic link out of the folder are
 * `SchemaSetError`s; no error quotes a file's content.
 */
export function loadSchemaSet(spec: string, options: LoadOptions = {}): SchemaSet {
  const { reader, bundle, named } = readerFor(spec, options);
  try {
    const { types, notes } = typesOf(reader, bundle, named);
    if (types.size === 0) throw new SchemaSetError("no schema types found (an empty folder, or one holding no schemas)");
    const registryText = reader.read(REGISTRY);
    const registry = registryText === undefined ? {} : { methods: registryMethods(registryText, REGISTRY) };
    return { types, ...registry, ...(notes.length > 0 ? { notes } : {}) };
  } catch (error) {
    throw error instanceof SchemaSetError ? new SchemaSetError(`${reader.label}: ${error.message}`) : failure(reader.label, error);
  }
}
