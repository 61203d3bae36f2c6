/** How the text report paints the words that carry a severity. */
export interface Palette {
  error(text: string): string;
  warning(text: string): string;
}

export const PLAIN: Palette = { error: (text) => text, warning: (text) => text };

/** Red and yellow foreground, each reset to the default colour after it. */
export const ANSI: Palette = { error: (text) => `\u001b[31m${text}\u001b[39m`, warning: (text) => `\u001b[33m${text}\u001b[39m` };

/** Values of `FORCE_COLOR` that turn colour on, as Node reads them; any other value turns it off. */
const FORCING = new Set(["", "1", "true", "2", "3"]);

/**
 * Whether text written to a sink is coloured: `FORCE_COLOR` decides when
 * it is set, above everything else (as in Node); then `NO_COLOR` set to
 * anything but the empty string (no-color.org) or `TERM=dumb` turns colour
 * off; then a sink that is a terminal has colour, anything else none.
 */
export function wantsColour(sink: { readonly isTTY?: boolean }, env: { readonly [name: string]: string | undefined }): boolean {
  const force = env["FORCE_COLOR"];
  if (force !== undefined) return FORCING.has(force);
  const noColour = env["NO_COLOR"];
  if ((noColour !== undefined && noColour !== "") || env["TERM"] === "dumb") return false;
  return sink.isTTY === true;
}
