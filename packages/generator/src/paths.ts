import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The root of the repository this package is in. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/** Where everything the generator reads and writes lives, relative to a root. */
export function layout(root: string) {
  return {
    root,
    typesPackage: join(root, "packages/types"),
    typesSource: join(root, "packages/types/src"),
    typesEntry: join(root, "packages/types/src/index.ts"),
    typesTsconfig: join(root, "packages/types/tsconfig.json"),
  };
}

/** Directories whose every file is generated: files there that the generator no longer produces are stale. */
export const GENERATED_DIRECTORIES = ["schemas", "tests/generated", "docs/reference", "generated", "packages/zod/src"] as const;

/** The command that regenerates every artifact, named in headers and drift reports. */
export const REGENERATE_COMMAND = "npm run generate";
