import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type BrowserContext } from "playwright-core";

// Debian's chromium, never a downloaded one, with a fresh profile each run,
// so the browser reads no state and fetches nothing.
const CHROMIUM = "/usr/bin/chromium";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"];
// Limits far above a start on a busy machine: they only stop a browser or a page that hangs.
const RESULTS_TIMEOUT_MS = 180_000;

/** What the page showed, and everything that went wrong on the way. */
export interface PageRun {
  /** The text of `#results` once the script marked it done. */
  readonly results: string;
  /** Console errors and uncaught exceptions, in order. */
  readonly errors: readonly string[];
  /** Every URL the page requested other than its own files. */
  readonly foreignRequests: readonly string[];
}

const HTML = '<!doctype html>\n<html><head><meta charset="utf-8"><title>runtime packages</title></head>\n<body><pre id="results"></pre><script src="page.js"></script></body></html>\n';

/**
 * Writes the page and its script to a temporary folder, opens it from
 * file:// in headless Chromium (a classic script, which file:// allows),
 * waits at most RESULTS_TIMEOUT_MS for the results, and closes everything.
 */
export async function runPage(script: string): Promise<PageRun> {
  const directory = mkdtempSync(join(tmpdir(), "asp-runtime-browser-"));
  const errors: string[] = [];
  const foreignRequests: string[] = [];
  let browser: BrowserContext | undefined;
  try {
    writeFileSync(join(directory, "index.html"), HTML);
    writeFileSync(join(directory, "page.js"), script);
    browser = await chromium.launchPersistentContext(join(directory, "profile"), { executablePath: CHROMIUM, args: FLAGS, timeout: RESULTS_TIMEOUT_MS });
    const page = await browser.newPage();
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("request", (request) => {
      if (!request.url().startsWith("file:")) foreignRequests.push(request.url());
    });
    await page.goto(pathToFileURL(join(directory, "index.html")).href, { timeout: RESULTS_TIMEOUT_MS });
    const done = await page
      .waitForSelector('#results[data-status="done"]', { state: "attached", timeout: RESULTS_TIMEOUT_MS })
      .then(() => true)
      .catch(() => false);
    if (!done) throw new Error(`the page showed no results within ${RESULTS_TIMEOUT_MS} ms; errors on the page: ${JSON.stringify(errors)}`);
    return { results: (await page.locator("#results").textContent()) ?? "", errors, foreignRequests };
  } finally {
    await browser?.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
