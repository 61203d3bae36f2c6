import type { JsonValue } from "@app-server-protocol/validators";
import type { Party, Transcript } from "../transcript.js";
import { FrameIntake, type PeerLine } from "./intake.js";
import { Inbox, type Awaited, type ReceivedFrame } from "./inbox.js";
import { PeerProcess, type PeerEnding, type PeerExit } from "./peer-process.js";

/** The kit's limits on a peer, per scenario. */
export interface KitLimits {
  /** The longest stdout line accepted, in UTF-8 bytes. */
  readonly lineBytes: number;
  /** The most stdout bytes read in one scenario; past it the peer is ended. */
  readonly outputBytes: number;
  /** How much stderr is kept, in bytes. */
  readonly stderrBytes: number;
  /** How long the peer has to exit after its stdin is closed, and again after SIGTERM, in milliseconds. */
  readonly exitGraceMs: number;
}

/** Where each line and frame of a connection goes besides the inbox. */
export interface ConnectionObserver {
  kitSent(frame: JsonValue): void;
  peerLine(line: PeerLine): void;
  /** A frame of the peer's has been numbered and is about to go into the inbox; the kit may answer it at once on `connection`. */
  framed?(frame: ReceivedFrame, connection: Connection): void;
}

export interface ConnectionOptions {
  readonly command: readonly string[];
  readonly cwd?: string | undefined;
  readonly env?: { readonly [name: string]: string | undefined } | undefined;
  readonly limits: KitLimits;
}

/** How the connection ended, for the process requirements. */
export interface ConnectionEnd extends PeerEnding {
  /** The peer exited before the kit closed its stdin (and the kit had not ended it). */
  readonly exitedEarly: PeerExit | undefined;
  /** The kit ended the peer because it passed the output limit. */
  readonly flooded: boolean;
  readonly stderr: string;
}

// After the process exits, its last output may still be on its way: this long, at most.
const DRAIN_MS = 250;

/** The last line a peer wrote to stderr, short, for a message. */
export function stderrTail(stderr: string): string {
  const last = stderr.trimEnd().split("\n").pop()?.trim() ?? "";
  if (last === "") return "";
  return ` (stderr: ${last.length > 160 ? `${last.slice(0, 160)}…` : last})`;
}

function exitText(exit: PeerExit): string {
  return exit.signal === null ? `exited with code ${exit.code ?? "?"}` : `was killed by ${exit.signal}`;
}

/**
 * One scenario's connection to a fresh peer process: frames written to its
 * stdin, its stdout read into lines (judged, written to the transcript,
 * kept in the inbox), numbered in one order with what the kit sends.
 */
export class Connection {
  private readonly inbox = new Inbox();
  private sequence = 0;
  private closing = false;
  private flooded = false;
  private exitedEarly: PeerExit | undefined;
  private exit: PeerExit | undefined;
  private stdoutDone = false;
  private peer: PeerProcess | undefined;

  private constructor(
    private readonly options: ConnectionOptions,
    private readonly observer: ConnectionObserver,
    private readonly transcript: Transcript,
  ) {}

  /** Starts the peer; rejects with `PeerStartError` when it cannot be started. */
  static async open(options: ConnectionOptions, observer: ConnectionObserver, transcript: Transcript): Promise<Connection> {
    const connection = new Connection(options, observer, transcript);
    const intake = new FrameIntake(options.limits);
    const take = (lines: readonly PeerLine[]) => {
      for (const line of lines) connection.received(line);
    };
    connection.peer = await PeerProcess.start(options.command, { cwd: options.cwd, env: options.env, stderrBytes: options.limits.stderrBytes }, {
      stdout: (chunk) => take(intake.push(chunk)),
      stdoutEnd: () => {
        take(intake.end());
        connection.stdoutDone = true;
        connection.settleEnd();
      },
      // A peer that dies breaks its stdin too, and the exit may be told a moment later: the exit, if it comes, is the reason.
      stdinClosed: () => setTimeout(() => connection.ended(connection.exit === undefined ? "the peer closed its stdin" : connection.exitReason()), DRAIN_MS).unref(),
      exit: (exit) => {
        if (!connection.closing && !connection.flooded) connection.exitedEarly = exit;
        connection.exit = exit;
        connection.settleEnd();
      },
    });
    return connection;
  }

  /** The side the kit plays and the peer's, as transcripts name them. */
  static parties(kit: Party): { readonly kit: Party; readonly peer: Party } {
    return { kit, peer: kit === "client" ? "server" : "client" };
  }

  /** The number the next frame sent or received gets. */
  get now(): number {
    return this.sequence;
  }

  /** Writes `frame`; resolves to its number, or why it could not be sent. */
  send(frame: JsonValue): { readonly ok: true; readonly seq: number } | { readonly ok: false; readonly reason: string } {
    const closed = this.inbox.closed;
    if (closed !== undefined) return { ok: false, reason: closed };
    let text: string;
    try {
      text = JSON.stringify(frame);
    } catch {
      // A value taken from the peer's frames may nest deeper than JSON.stringify can go.
      return { ok: false, reason: "the frame to send (built from the peer's frames) cannot be written as JSON" };
    }
    if (this.peer === undefined || !this.peer.write(text)) return { ok: false, reason: "the peer closed its stdin" };
    this.transcript.kit(text);
    this.observer.kitSent(frame);
    this.sequence += 1;
    return { ok: true, seq: this.sequence };
  }

  /** The first frame received (or to come within `timeoutMs`) that `matches`, taken out of the inbox. */
  next(matches: (frame: ReceivedFrame) => boolean, timeoutMs: number): Promise<Awaited> {
    return this.inbox.next(matches, timeoutMs);
  }

  /** Closes the peer's stdin and ends it (its whole process group); resolves to how it went. */
  async close(): Promise<ConnectionEnd> {
    this.closing = true;
    const peer = this.peer;
    if (peer === undefined) throw new Error("the connection has no peer");
    const ending = await peer.end(this.options.limits.exitGraceMs);
    this.inbox.close("the kit closed the connection");
    return { ...ending, exitedEarly: this.exitedEarly, flooded: this.flooded, stderr: peer.stderrText() };
  }

  private received(line: PeerLine): void {
    if (line.kind === "flood") {
      this.flooded = true;
      this.peer?.kill();
      this.ended(`the peer wrote more than ${this.options.limits.outputBytes} bytes to stdout in one scenario; the kit ended it`);
      return;
    }
    this.transcript.peer(line);
    this.observer.peerLine(line);
    if (line.kind !== "json") return;
    this.sequence += 1;
    const frame = { seq: this.sequence, value: line.value };
    // Before the inbox has it, so that a wait sees what the observer made of it.
    this.observer.framed?.(frame, this);
    this.inbox.add(frame);
  }

  private exitReason(): string {
    return this.exit === undefined ? "the peer is running" : `the peer ${exitText(this.exit)}${stderrTail(this.peer?.stderrText() ?? "")}`;
  }

  private ended(reason: string): void {
    if (!this.closing) this.inbox.close(reason);
  }

  /**
   * Stdout ended or the process exited: the other event usually follows at
   * once (the last output drains as the process exits), so the inbox closes
   * when both came, or when one did and the other has not within a moment.
   */
  private settleEnd(): void {
    const reason = () => (this.exit === undefined ? "the peer closed its stdout" : this.exitReason());
    if (this.exit !== undefined && this.stdoutDone) {
      this.ended(reason());
      return;
    }
    setTimeout(() => this.ended(reason()), DRAIN_MS).unref();
  }
}
