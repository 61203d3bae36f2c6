import { findMethod } from "@app-server-protocol/types";

/** One step of a sensitive-field path: an object key, or every item of an array (`[*]`). */
export type PathStep = { readonly key: string } | { readonly each: true };

/** Where a method's sensitive fields are: in the request's `params`, or in the success `data` of its response. */
export interface SensitiveFields {
  readonly params: readonly (readonly PathStep[])[];
  readonly result: readonly (readonly PathStep[])[];
}

const NONE: SensitiveFields = { params: [], result: [] };

/** `a[*].b` as steps. */
export function pathSteps(path: string): PathStep[] {
  return path.split(".").flatMap((segment): PathStep[] => (segment.endsWith("[*]") ? [{ key: segment.slice(0, -3) }, { each: true }] : [{ key: segment }]));
}

const cache = new Map<string, SensitiveFields>();

/**
 * The sensitive fields of `method` (`findMethod(m)?.sensitive_fields`): bare
 * paths are relative to the request's params, `result.` paths to the
 * response's `result.data`.
 */
export function sensitiveFields(method: string): SensitiveFields {
  const known = cache.get(method);
  if (known !== undefined) return known;
  const paths = findMethod(method)?.sensitive_fields ?? [];
  const fields = paths.length === 0 ? NONE : split(paths);
  cache.set(method, fields);
  return fields;
}

function split(paths: readonly string[]): SensitiveFields {
  const params: PathStep[][] = [];
  const result: PathStep[][] = [];
  for (const path of paths) {
    const steps = pathSteps(path);
    const first = steps[0];
    if (first !== undefined && "key" in first && first.key === "result") result.push(steps.slice(1));
    else params.push(steps);
  }
  return { params, result };
}
