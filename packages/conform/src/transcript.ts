import type { PeerLine } from "./peer/intake.js";

/** Which party a transcript line is from, as `validate` and `view` name them. */
export type Party = "client" | "server";

/**
 * One scenario's transcript: every frame both ways as a direction wrapper
 * `{"direction":"client"|"server","message":…}` (the peer's exactly as it
 * wrote them), and the peer's lines that were not JSON as written; lines
 * that were not UTF-8 or over the line limit are left out.
 */
export class Transcript {
  private readonly lines: string[] = [];

  constructor(
    private readonly kitParty: Party,
    private readonly peerParty: Party,
  ) {}

  /** A frame the kit wrote, as the JSON text it wrote. */
  kit(text: string): void {
    this.lines.push(`{"direction":"${this.kitParty}","message":${text}}`);
  }

  peer(line: PeerLine): void {
    if (line.kind === "json") this.lines.push(`{"direction":"${this.peerParty}","message":${line.text}}`);
    else if (line.kind === "not_json") this.lines.push(line.text);
  }

  /** Writes `<name>.ndjson` and `<name>.stderr.txt` into `directory`. */
  write(directory: string, name: string, stderr: string): void {
    const fs = process.getBuiltinModule("node:fs");
    const path = process.getBuiltinModule("node:path");
    fs.mkdirSync(directory, { recursive: true });
    fs.writeFileSync(path.join(directory, `${name}.ndjson`), this.lines.map((line) => `${line}\n`).join(""));
    fs.writeFileSync(path.join(directory, `${name}.stderr.txt`), stderr);
  }
}
