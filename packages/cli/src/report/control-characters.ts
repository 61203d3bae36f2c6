// Text the CLI prints comes partly from its inputs: file names, keys and
// values quoted in findings, type and field names of a peer's schemas. A
// control character among them would reach the user's terminal as a
// command (ESC starts an escape sequence that can recolour, move the
// cursor, retitle or clear; CR returns to the start of the line; BEL
// rings), so every text-like output writes each as `\uXXXX` instead.

/** C0 controls, DEL and C1 controls. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/** The same but CR and LF, for a format that writes those its own way. */
const CONTROLS_BUT_LINE_BREAKS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

function escaped(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** `text` with every control character written as `\uXXXX`: safe to print, whatever it quotes. */
export function shown(text: string): string {
  return text.replace(CONTROLS, escaped);
}

/** As `shown`, but CR and LF kept, for GitHub's workflow commands, which escape them as `%0D` and `%0A`. */
export function shownKeepingLineBreaks(text: string): string {
  return text.replace(CONTROLS_BUT_LINE_BREAKS, escaped);
}
