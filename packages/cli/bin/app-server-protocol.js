#!/usr/bin/env node
// The command's `bin`: checked in, so that npm links it when it installs a
// checkout, where dist/ is not built yet (npm links a bin only if its file
// exists). It runs the built command; `npm run generate` builds it.
import { existsSync } from "node:fs";

const built = new URL("../dist/esm/bin.js", import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  process.stderr.write("app-server-protocol: the command is not built: run `npm run generate` (or `npm run build`) in the repository\n");
  process.exitCode = 2;
}
