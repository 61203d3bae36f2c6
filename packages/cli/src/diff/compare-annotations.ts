import type { JsonObject } from "../json-value.js";
import { deeper, same, type Comparison, type Place } from "./comparison.js";
import { isAnnotation } from "./keywords.js";

/** Reports a `format` added, removed or replaced: a patch, unless formats are asserted (`--assert-formats`). */
export function compareFormats(before: JsonObject, after: JsonObject, at: Place, comparison: Comparison): void {
  const [oldFormat, newFormat] = [before["format"], after["format"]];
  if (same(oldFormat, newFormat)) return;
  const place = deeper(at, "format");
  if (oldFormat === undefined) comparison.emit(place, "format_added", `format ${JSON.stringify(newFormat)} added`);
  else if (newFormat === undefined) comparison.emit(place, "format_removed", `format ${JSON.stringify(oldFormat)} removed`);
  else comparison.emit(place, "format_changed", `format ${JSON.stringify(oldFormat)} -> ${JSON.stringify(newFormat)}`);
}

/** Reports each annotation that differs: `description_changed`, `annotation_changed` for the others (`format` has kinds of its own). */
export function compareAnnotations(before: JsonObject, after: JsonObject, at: Place, comparison: Comparison): void {
  const keywords = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const keyword of keywords) {
    if (keyword === "format" || !isAnnotation(keyword) || same(before[keyword], after[keyword])) continue;
    if (keyword === "description") comparison.emit(at, "description_changed", "description changed");
    else comparison.emit(deeper(at, keyword), "annotation_changed", `${keyword} changed`);
  }
  if (!comparison.assertFormats) compareFormats(before, after, at, comparison);
}
