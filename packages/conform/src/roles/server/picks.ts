import { EXPERIMENTAL_METHODS, findMethod, PERSISTENT_GOAL_METHODS, STABLE_METHODS, type ContractTypeName } from "@app-server-protocol/types";
import { validateType, type JsonValue } from "@app-server-protocol/validators/all";
import { exampleOf } from "../../examples.js";
import type { PickRule } from "../../scenario/model.js";
import type { Declarations } from "./declarations.js";

/** The method a scenario picked and the params it sends it with (`$method`, `$params`). */
export interface Picked {
  readonly name: string;
  readonly params: JsonValue;
}

const GOALS: readonly string[] = PERSISTENT_GOAL_METHODS;

/** `{}` when the method's params type accepts it, else the first valid vector of the type; `undefined` when neither. */
function paramsFor(method: string): JsonValue | undefined {
  const type = paramsType(method);
  if (type === undefined) return undefined;
  return acceptsEmpty(method) ? {} : exampleOf(type);
}

function paramsType(method: string): ContractTypeName | undefined {
  return findMethod(method)?.params;
}

function acceptsEmpty(method: string): boolean {
  const type = paramsType(method);
  return type !== undefined && validateType(type, {}).ok;
}

/** The first of `methods` (registry order) the server declares and `fits`, with its params. */
function firstFitting(methods: readonly string[], declarations: Declarations, fits: (method: string) => boolean): Picked | undefined {
  for (const name of methods) {
    if (!declarations.methods.has(name) || !fits(name)) continue;
    const params = paramsFor(name);
    if (params !== undefined) return { name, params };
  }
  return undefined;
}

const RULES: { readonly [R in PickRule]: { readonly pick: (declarations: Declarations) => Picked | undefined; readonly none: string } } = {
  "empty-params": {
    // EmptyParams methods first: they read, where an all-optional method (session/bootstrap) may start something.
    pick: (declarations) =>
      firstFitting(STABLE_METHODS, declarations, (method) => method !== "initialize" && paramsType(method) === "EmptyParams") ??
      firstFitting(STABLE_METHODS, declarations, (method) => method !== "initialize" && acceptsEmpty(method)),
    none: "the server declares no stable method but initialize whose params accept {}",
  },
  "session-id-params": {
    pick: (declarations) => firstFitting(STABLE_METHODS, declarations, (method) => paramsType(method) === "SessionIdParams"),
    none: "the server declares no stable method whose params are SessionIdParams",
  },
  experimental: {
    pick: (declarations) =>
      firstFitting(EXPERIMENTAL_METHODS, declarations, (method) => !GOALS.includes(method) && paramsType(method) === "EmptyParams") ??
      firstFitting(EXPERIMENTAL_METHODS, declarations, (method) => !GOALS.includes(method)),
    none: "the server declares no experimental method outside session/goal/*",
  },
  goal: {
    pick: (declarations) => firstFitting(PERSISTENT_GOAL_METHODS, declarations, () => true),
    none: "the server declares no session/goal/* method",
  },
};

/** A method a scenario names itself, with the params `$params` stands for (`{}` when nothing better is known). */
export function namedMethod(name: string): Picked {
  return { name, params: paramsFor(name) ?? {} };
}

/** The method `rule` picks from the declarations (README "Picks"), or why there is none. */
export function pickMethod(rule: PickRule, declarations: Declarations): Picked | { readonly none: string } {
  const { pick, none } = RULES[rule];
  return pick(declarations) ?? { none };
}
