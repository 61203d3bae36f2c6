/** One reference token of a JSON Pointer, escaped (`~` as `~0`, `/` as `~1`). */
export function pointerToken(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}
