import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { TIMED_OUT, within } from "../support/time.js";

/** The command could not be started at all (not found, not executable): a usage error, not a finding. */
export class PeerStartError extends Error {
  override readonly name = "PeerStartError";
}

/** How the peer process ended. */
export interface PeerExit {
  readonly code: number | null;
  readonly signal: string | null;
}

/** How ending the peer went: whether it exited by itself once its stdin was closed, and what it took otherwise. */
export interface PeerEnding {
  /** The process had exited before `end` was called. */
  readonly exitedBefore: boolean;
  /** It exited within the grace period after its stdin was closed. */
  readonly exitedOnEof: boolean;
  /** The last signal the kit sent its process group to end it, if it had to. */
  readonly forced: "SIGTERM" | "SIGKILL" | undefined;
  readonly exit: PeerExit | undefined;
}

/** What the process's streams report, as they report it. */
export interface PeerListeners {
  stdout(chunk: Uint8Array): void;
  stdoutEnd(): void;
  /** The peer closed its end of stdin: what the kit writes is lost. */
  stdinClosed(): void;
  exit(exit: PeerExit): void;
}

export interface PeerStartOptions {
  readonly cwd?: string | undefined;
  readonly env?: { readonly [name: string]: string | undefined } | undefined;
  /** How much of the peer's stderr is kept, in bytes. */
  readonly stderrBytes: number;
}

/** How long the kit waits for a process it sent SIGKILL to: the signal cannot be ignored, so this only bounds a process the system cannot reap. */
const KILL_WAIT_MS = 2000;

const live = new Set<PeerProcess>();

// A kit that exits with peers still running (an exception, process.exit) takes their process groups with it.
function killLivePeers(): void {
  for (const peer of live) peer.kill();
}

function track(peer: PeerProcess): void {
  if (live.size === 0) process.on("exit", killLivePeers);
  live.add(peer);
}

function untrack(peer: PeerProcess): void {
  live.delete(peer);
  if (live.size === 0) process.off("exit", killLivePeers);
}

/**
 * A peer started as its own process group (`detached`), its stdin and
 * stdout piped, its stderr kept up to a limit. Every wait is bounded, and
 * ending it kills the whole group, so nothing it started outlives it.
 */
export class PeerProcess {
  readonly exited: Promise<PeerExit>;
  private exit: PeerExit | undefined;
  private stdinOpen = true;
  private readonly stderrChunks: Buffer[] = [];
  private stderrKept = 0;
  private stderrDropped = 0;

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    readonly pid: number,
    private readonly stderrBytes: number,
    listeners: PeerListeners,
  ) {
    this.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
        listeners.exit(this.exit);
      });
    });
    child.stdout.on("data", (chunk: Buffer) => listeners.stdout(chunk));
    child.stdout.once("end", () => listeners.stdoutEnd());
    child.stdout.on("error", () => listeners.stdoutEnd());
    child.stderr.on("data", (chunk: Buffer) => this.keepStderr(chunk));
    child.stderr.on("error", () => undefined);
    child.stdin.on("error", () => {
      if (!this.stdinOpen) return;
      this.stdinOpen = false;
      listeners.stdinClosed();
    });
  }

  /** Starts `command` (a program and its arguments); rejects with `PeerStartError` when it cannot be started. */
  static start(command: readonly string[], options: PeerStartOptions, listeners: PeerListeners): Promise<PeerProcess> {
    const [program, ...args] = command;
    if (program === undefined || program === "") return Promise.reject(new PeerStartError("no command to start"));
    const childProcess = process.getBuiltinModule("node:child_process");
    return new Promise((resolve, reject) => {
      let child: ChildProcessWithoutNullStreams;
      try {
        child = childProcess.spawn(program, args, { cwd: options.cwd, env: options.env === undefined ? process.env : { ...options.env }, detached: true, stdio: "pipe", windowsHide: true });
      } catch (error) {
        reject(new PeerStartError(`cannot start ${program}: ${error instanceof Error ? error.message : String(error)}`));
        return;
      }
      child.once("error", (error) => reject(new PeerStartError(`cannot start ${program}: ${error.message}`)));
      child.once("spawn", () => {
        if (child.pid === undefined) {
          reject(new PeerStartError(`cannot start ${program}: no process id`));
          return;
        }
        const peer = new PeerProcess(child, child.pid, options.stderrBytes, listeners);
        track(peer);
        resolve(peer);
      });
    });
  }

  /** Whether the process has exited. */
  get hasExited(): boolean {
    return this.exit !== undefined;
  }

  /** Writes one line to the peer's stdin; false when its stdin is closed. */
  write(line: string): boolean {
    if (!this.stdinOpen || this.child.stdin.destroyed) return false;
    this.child.stdin.write(`${line}\n`);
    return true;
  }

  /** What the peer wrote to stderr, up to the limit, with a note of what was dropped. */
  stderrText(): string {
    const kept = Buffer.concat(this.stderrChunks).toString("utf8");
    return this.stderrDropped > 0 ? `${kept}\n[${this.stderrDropped} more bytes of stderr dropped]\n` : kept;
  }

  /** Kills the whole process group at once (the peer floods, or the kit is going away). */
  kill(): void {
    this.signalGroup("SIGKILL");
  }

  /**
   * Ends the peer: closes its stdin, waits `graceMs` for it to exit, then
   * sends its process group SIGTERM, waits `graceMs` again, then SIGKILL;
   * and SIGKILL to the group in any case, for what the peer left running.
   */
  async end(graceMs: number): Promise<PeerEnding> {
    const exitedBefore = this.exit !== undefined;
    this.stdinOpen = false;
    this.child.stdin.end();
    let exit = await within(this.exited, graceMs);
    const exitedOnEof = !exitedBefore && exit !== TIMED_OUT;
    let forced: PeerEnding["forced"];
    if (exit === TIMED_OUT) {
      forced = "SIGTERM";
      this.signalGroup("SIGTERM");
      exit = await within(this.exited, graceMs);
    }
    if (exit === TIMED_OUT) {
      forced = "SIGKILL";
      this.signalGroup("SIGKILL");
      exit = await within(this.exited, KILL_WAIT_MS);
    }
    this.signalGroup("SIGKILL");
    this.child.stdout.destroy();
    this.child.stderr.destroy();
    this.child.stdin.destroy();
    untrack(this);
    return { exitedBefore, exitedOnEof, forced, exit: exit === TIMED_OUT ? undefined : exit };
  }

  private signalGroup(signal: "SIGTERM" | "SIGKILL"): void {
    try {
      process.kill(-this.pid, signal);
    } catch {
      // ESRCH: the group is gone already.
    }
  }

  private keepStderr(chunk: Buffer): void {
    const room = this.stderrBytes - this.stderrKept;
    if (room <= 0) {
      this.stderrDropped += chunk.byteLength;
      return;
    }
    const kept = chunk.byteLength <= room ? chunk : chunk.subarray(0, room);
    this.stderrChunks.push(kept);
    this.stderrKept += kept.byteLength;
    this.stderrDropped += chunk.byteLength - kept.byteLength;
  }
}
