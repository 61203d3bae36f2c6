import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { REPO_ROOT } from "@app-server-protocol/generator";

// An unbuilt copy of the repository, as a fresh clone would have it (the
// files git tracks, and the new ones it would add), with the installed
// dependencies of this checkout linked in instead of installed again. The
// workspace packages are linked to the copy's own folders, so everything the
// copy builds, packs and publishes comes from the copy.

/** The files of the working tree a commit would hold. */
function repositoryFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: REPO_ROOT, encoding: "utf8", maxBuffer: 1 << 28 });
  return listed.split("\0").filter((file) => file !== "" && existsSync(join(REPO_ROOT, file)));
}

function linkDependencies(target: string): void {
  const modules = join(target, "node_modules");
  mkdirSync(join(modules, "@app-server-protocol"), { recursive: true });
  for (const entry of readdirSync(join(REPO_ROOT, "node_modules"))) {
    if (entry === "@app-server-protocol" || entry === ".package-lock.json") continue;
    symlinkSync(join(REPO_ROOT, "node_modules", entry), join(modules, entry));
  }
  for (const name of readdirSync(join(REPO_ROOT, "packages"))) {
    if (existsSync(join(target, "packages", name, "package.json"))) symlinkSync(join(target, "packages", name), join(modules, "@app-server-protocol", name));
  }
}

/**
 * Copies the repository into `target` (which must not exist yet) and commits
 * it there, so tools that ask git see a clean tree; with `installed`, the
 * installed dependencies of this checkout are linked in, else the copy has
 * none, as a fresh clone.
 */
export function copyRepository(target: string, { installed = true }: { readonly installed?: boolean } = {}): void {
  for (const file of repositoryFiles()) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(REPO_ROOT, file), join(target, file));
  }
  if (installed) linkDependencies(target);
  const git = (...args: string[]) => execFileSync("git", args, { cwd: target, stdio: "ignore" });
  git("init", "--quiet", "--initial-branch=main");
  git("add", "--all");
  git("-c", "user.name=release-test", "-c", "user.email=release-test@localhost", "commit", "--quiet", "--no-verify", "-m", "copy");
}
