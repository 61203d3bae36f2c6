#!/usr/bin/env node
import { main } from "./main.js";

void main(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env }).then((code) => {
  process.exitCode = code;
});
