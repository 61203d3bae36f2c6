import { isObject } from "../is-object.js";

/** An object as read before its structure is known: a field may hold anything. */
export interface Unchecked {
  readonly [field: string]: unknown;
}

/** Whether `value` is a JSON object, whose fields are then read as anything they may hold. */
export function isUnchecked(value: unknown): value is Unchecked {
  return isObject(value);
}
