import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runView } from "../src/commands/view.js";
import { SAMPLE } from "../test/support/view-sample.js";

// The report opened as a person would: in headless Chromium, from a file,
// with no network.

const CHROMIUM = "/usr/bin/chromium";
const BROWSER_TIMEOUT_MS = 180_000;
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"];

let directory = "";
let browser: BrowserContext | undefined;
let page: Page | undefined;
const consoleErrors: string[] = [];

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "asp-view-"));
  const output = join(directory, "report.html");
  const sink = { write: () => true };
  await runView("t.ndjson", { output, framing: "auto", maxBytes: 1 << 20, strict: false }, { stdin: [], stdout: sink, stderr: sink, openFile: () => [SAMPLE] });
  // A fresh profile each run, so the browser reads no state and fetches nothing.
  // Limits far above a start on a busy machine: they only stop a browser that hangs.
  browser = await chromium.launchPersistentContext(join(directory, "profile"), { executablePath: CHROMIUM, args: FLAGS, timeout: BROWSER_TIMEOUT_MS });
  page = await browser.newPage();
  page.setDefaultTimeout(BROWSER_TIMEOUT_MS);
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  await page.goto(pathToFileURL(output).href);
});

afterAll(async () => {
  await browser?.close();
  rmSync(directory, { recursive: true, force: true });
});

function opened(): Page {
  if (page === undefined) throw new Error("the page did not open");
  return page;
}

describe("the view report in Chromium", () => {
  it("renders without console errors", () => {
    expect(consoleErrors).toEqual([]);
  });

  it("shows every message and every finding", async () => {
    await expect(opened().locator("li.message").count()).resolves.toBe(6);
    await expect(opened().locator("li.finding").allTextContents()).resolves.toEqual([expect.stringContaining("unknown_response_id"), expect.stringContaining("invalid_json")]);
    await expect(opened().locator(".question-text").textContent()).resolves.toBe("Which database?");
  });

  it("draws the client's and the server's cards apart, each with its label", async () => {
    const client = opened().locator("li.message.from-left");
    const server = opened().locator("li.message.from-right");
    await expect(client.locator(".side").allTextContents()).resolves.toEqual(["client", "client"]);
    await expect(server.locator(".side").allTextContents()).resolves.toEqual(["server", "server", "server"]);
    const box = async (card: typeof client) => {
      const found = await card.first().boundingBox();
      if (found === null) throw new Error("a card is not drawn");
      return found;
    };
    const [left, right] = [await box(client), await box(server)];
    // A sequence view: the client's cards start at the left edge and stop short of the right; the server's the other way round.
    expect(left.x).toBeLessThan(right.x);
    expect(left.x + left.width).toBeLessThan(right.x + right.width);
    const colours = async (card: typeof client) => card.first().evaluate((element) => [getComputedStyle(element).borderLeftColor, getComputedStyle(element).borderRightColor, getComputedStyle(element).backgroundColor].join(" "));
    expect(await colours(client)).not.toBe(await colours(server));
    const label = async (card: typeof client) => card.first().locator(".side").evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await label(client)).not.toBe(await label(server));
  });

  it("takes a screenshot that is not blank", async () => {
    const png = await opened().screenshot({ fullPage: true });
    // Count the distinct colours of the picture in a page of its own (the
    // report's policy loads no image): a blank page has one.
    const scratch = await opened().context().newPage();
    const colours = await scratch.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext("2d");
      if (context === null) return 0;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      const seen = new Set<number>();
      for (let index = 0; index < pixels.length; index += 4) seen.add(((pixels[index] ?? 0) << 16) | ((pixels[index + 1] ?? 0) << 8) | (pixels[index + 2] ?? 0));
      return seen.size;
    }, png.toString("base64"));
    await scratch.close();
    expect(colours).toBeGreaterThan(20);
  });
});
