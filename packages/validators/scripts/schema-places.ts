// Where the schema of each definition is generated, and how other generated
// code reads it (schema-code.ts writes the two forms):
// - `question-schemas.ts`: a function per definition the question rules
//   read by name (src/ask-user/structure.ts) and every definition those
//   reach, so an application that only checks questions bundles only these;
// - `message-schemas.ts`: the other definitions messages reach, one set;
// - `all-schemas.ts`: the definitions only `/all` loads, one set.

/** The types the question rules read by name: their schemas stay one function each. */
export const QUESTION_ROOTS: readonly string[] = ["AskUserQuestionList", "AskUserResponseOutcome"];

/** The binding of the set in `message-schemas.ts`. */
export const MESSAGE_SET = "messageSchemas";
/** The binding of the set in `all-schemas.ts`. */
export const OTHER_SET = "otherSchemas";

interface Place {
  readonly module: string;
  /** The binding of the module's set; none where each definition is a function of its own. */
  readonly set?: string;
}

const QUESTIONS: Place = { module: "./question-schemas.js" };
const MESSAGES: Place = { module: "./message-schemas.js", set: MESSAGE_SET };
const OTHERS: Place = { module: "./all-schemas.js", set: OTHER_SET };

/** What the generated schema of each definition is, and how to import it. */
export class SchemaPlaces {
  constructor(
    private readonly questionDefinitions: ReadonlySet<string>,
    private readonly messageDefinitions: ReadonlySet<string>,
  ) {}

  private placeOf(name: string): Place {
    if (this.questionDefinitions.has(name)) return QUESTIONS;
    return this.messageDefinitions.has(name) ? MESSAGES : OTHERS;
  }

  /** A generated expression of the schema source of definition `name`. */
  source(name: string): string {
    const { set } = this.placeOf(name);
    return set === undefined ? `schema${name}` : `() => ${set}(${JSON.stringify(name)})`;
  }

  /** The import lines the `source` of each of `names` needs. */
  imports(names: Iterable<string>): string[] {
    const bindings = new Map<string, Set<string>>();
    for (const name of names) {
      const { module, set } = this.placeOf(name);
      const needed = bindings.get(module) ?? new Set<string>();
      needed.add(set ?? `schema${name}`);
      bindings.set(module, needed);
    }
    return [...bindings].sort(([a], [b]) => a.localeCompare(b)).map(([module, needed]) => `import { ${[...needed].sort().join(", ")} } from "${module}";`);
  }
}
