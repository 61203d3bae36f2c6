import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import { join } from "node:path";

// A Verdaccio registry on loopback for the packages of this scope only: it
// stores what is published to it and proxies nothing, so an install that
// resolves one of our packages anywhere else fails. Everything else comes
// from npm's usual registry (the scope is mapped in a user config file the
// caller passes to npm).

const SCOPE = "@app-server-protocol";
// Far above a start on a busy machine: it only stops a registry that never comes up.
const STARTUP_MS = 300_000;

export interface LocalRegistry {
  readonly url: string;
  /** An npm user config file that sends the scope to this registry, with a publish token. */
  readonly npmrc: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited with ${child.exitCode}:\n${log()}`);
    try {
      if ((await fetch(`${url}-/ping`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`verdaccio did not answer within ${STARTUP_MS} ms:\n${log()}`);
}

/** A user on the registry and its token (Verdaccio's htpasswd sign-up, as `npm adduser` does it). */
async function signUp(url: string): Promise<string> {
  const response = await fetch(`${url}-/user/org.couchdb.user:release`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "release", password: "release-test-password", type: "user", roles: [] }),
  });
  const body: unknown = await response.json();
  const token = typeof body === "object" && body !== null ? Reflect.get(body, "token") : undefined;
  if (!response.ok || typeof token !== "string") throw new Error(`signing up on ${url} failed: ${response.status} ${JSON.stringify(body)}`);
  return token;
}

/** Starts a registry whose storage and configuration live in `directory`. */
export async function startRegistry(directory: string): Promise<LocalRegistry> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const config = join(directory, "verdaccio.yaml");
  writeFileSync(
    config,
    [
      `storage: ${join(directory, "storage")}`,
      "auth:",
      "  htpasswd:",
      `    file: ${join(directory, "htpasswd")}`,
      "    max_users: 10",
      "uplinks: {}",
      "packages:",
      `  "${SCOPE}/*":`,
      "    access: $all",
      "    publish: $authenticated",
      '  "**":',
      "    access: $all",
      "    publish: $authenticated",
      "log: { type: stdout, format: pretty, level: warn }",
      "",
    ].join("\n"),
  );
  const bin = createRequire(import.meta.url).resolve("verdaccio/bin/verdaccio");
  const child = spawn(process.execPath, [bin, "--config", config, "--listen", `127.0.0.1:${port}`], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  try {
    await waitUntilUp(url, child, () => output);
    const token = await signUp(url);
    const npmrc = join(directory, "npmrc");
    writeFileSync(npmrc, `${SCOPE}:registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`);
    return {
      url,
      npmrc,
      stop: () =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    };
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
}
