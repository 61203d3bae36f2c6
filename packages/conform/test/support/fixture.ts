import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ConformanceReport } from "../../src/index.js";

/** The conforming server of the tests (plain JavaScript, node: imports only). */
export const FIXTURE = fileURLToPath(new URL("../fixtures/server.mjs", import.meta.url));

/** The conforming client of the tests (plain JavaScript, node: imports only). */
export const CLIENT_FIXTURE = fileURLToPath(new URL("../fixtures/client.mjs", import.meta.url));

/** The command that starts the client fixture with these arguments. */
export function clientFixture(...args: string[]): string[] {
  return [process.execPath, CLIENT_FIXTURE, ...args];
}

/** The prompts that make the fixture send each server request from a turn. */
export const TURN_PROMPTS = { ask_user: "ask", permission: "permission", mcp_trust: "mcp_trust" } as const;

/** The command that starts the fixture with these arguments. */
export function fixture(...args: string[]): string[] {
  return [process.execPath, FIXTURE, ...args];
}

/** The ids of the checks that failed, each once, sorted. */
export function failedIds(report: ConformanceReport): string[] {
  return [...new Set(report.checks.filter((check) => check.status === "fail").map((check) => check.id))].sort();
}

/** The state letter and process group of each process, from /proc (Linux). */
function processes(): { readonly pid: number; readonly state: string; readonly group: number }[] {
  return readdirSync("/proc").flatMap((entry) => {
    if (!/^[0-9]+$/.test(entry)) return [];
    try {
      // pid (comm) state ppid pgrp ...: comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const [state = "", , group = ""] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return [{ pid: Number(entry), state, group: Number(group) }];
    } catch {
      return [];
    }
  });
}

/** Whether no live process (zombies, which run nothing, aside) is `pid`, or in the process group `pid`. */
function goneNow(pid: number, group: boolean): boolean {
  return !processes().some((process) => process.state !== "Z" && (group ? process.group === pid : process.pid === pid));
}

/** Whether the process group (or process) `pid` is gone within `ms`: a signal is delivered, not waited for, so a killed process may take a moment. */
export async function gone(pid: number, group: boolean, ms = 2000): Promise<boolean> {
  const until = Date.now() + ms;
  while (!goneNow(pid, group)) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}
