import type { ClientMessage, ServerMessage } from "@app-server-protocol/types";
import type { CompiledTypes } from "../compiled.js";
import type { ProtocolTypeName } from "../generated/protocol-types.js";
import type { MessageOptions } from "../messages.js";
import type { ValidationFailure, ValidationResult } from "../result.js";
import { unprocessable } from "../validate-type.js";
import { lexicalFailure, literalFailure } from "./failures.js";
import { messageParts, type Sender, type ValidatedPart } from "./message-parts.js";
import type { LexicalFacts, NumberLiteral } from "./scan.js";
import { childSchemas, numberRule, rootSchemas, type SchemasAt } from "./schema-at.js";

type Types = CompiledTypes<ProtocolTypeName>;

function unescapedToken(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

function lies(path: string, at: string): boolean {
  return path === at || path.startsWith(`${at}/`);
}

/**
 * Finds the schemas at the places of a value's number literals, part by
 * part. Literals come in text order, so items of one array follow each
 * other: the schemas of the last parent are kept, and an array of a million
 * numbers is walked once, not once per number.
 */
class LiteralJudge {
  private readonly roots = new Map<ValidatedPart, SchemasAt>();
  private lastParent: string | undefined;
  private lastParentSchemas: SchemasAt | undefined;

  constructor(
    private readonly types: Types,
    private readonly parts: readonly ValidatedPart[],
    private readonly value: unknown,
  ) {}

  private root(part: ValidatedPart): SchemasAt | undefined {
    const known = this.roots.get(part);
    if (known !== undefined) return known;
    const type = this.types.find(part.type);
    if (type === undefined) return undefined;
    let node: unknown = this.value;
    for (const token of part.at.split("/").slice(1)) node = typeof node === "object" && node !== null && Object.hasOwn(node, token) ? Reflect.get(node, token) : undefined;
    const schemas = rootSchemas(type.schema, node);
    this.roots.set(part, schemas);
    return schemas;
  }

  /** The schemas at `path`, inside `part` (whose root is at `part.at`). */
  private schemasAt(part: ValidatedPart, path: string): SchemasAt | undefined {
    const slash = path.lastIndexOf("/");
    const parentPath = path.slice(0, slash);
    let parent = parentPath === this.lastParent ? this.lastParentSchemas : undefined;
    if (parent === undefined) {
      parent = this.root(part);
      for (const token of parentPath.slice(part.at.length).split("/").slice(1)) {
        if (parent === undefined || parent.schemas.length === 0) return undefined;
        parent = childSchemas(parent, unescapedToken(token));
      }
      this.lastParent = parentPath;
      this.lastParentSchemas = parent;
    }
    return parent === undefined ? undefined : childSchemas(parent, unescapedToken(path.slice(slash + 1)));
  }

  failure(number: NumberLiteral): ValidationFailure | undefined {
    // A fraction the value keeps (0.5) is a number any schema that accepted the value takes as written: only an integer value can be misspelled.
    if (!Number.isInteger(Number(number.text))) return undefined;
    const part = this.parts.find(({ at }) => lies(number.path, at));
    // A number at a part's own root (a params value that is a number) has no parent to keep.
    if (part === undefined) return undefined;
    const schemas = number.path === part.at ? this.root(part) : this.schemasAt(part, number.path);
    return schemas === undefined ? undefined : literalFailure(number.text, number.path, numberRule(schemas), part.type);
  }
}

/** The verdict on a value, its text's facts considered: the text's own failure first, then the value's, then its literals'. Never throws. */
function textVerdict<T>(types: Types, verdict: ValidationResult<T>, facts: LexicalFacts, parts: (value: T) => readonly ValidatedPart[]): ValidationResult<T> {
  try {
    const own = lexicalFailure(facts);
    if (own !== undefined) return { ok: false, error: own };
    if (!verdict.ok || facts.numbers.length === 0) return verdict;
    const judge = new LiteralJudge(types, parts(verdict.value), verdict.value);
    for (const number of facts.numbers) {
      const problem = judge.failure(number);
      if (problem !== undefined) return { ok: false, error: problem };
    }
    return verdict;
  } catch (error) {
    return unprocessable(error);
  }
}

/** The verdict of a message validator, the facts of the message's text considered (see `ValidateOptions.textFacts`). */
export function messageTextVerdict<M extends ClientMessage | ServerMessage>(types: Types, sender: Sender, verdict: ValidationResult<M>, facts: LexicalFacts, options: MessageOptions): ValidationResult<M> {
  return textVerdict(types, verdict, facts, (message) => messageParts(types, message, sender, options));
}

/** The verdict of `validateType` for type `name`, the facts of the value's text considered. */
export function typeTextVerdict<T>(types: Types, name: ProtocolTypeName, verdict: ValidationResult<T>, facts: LexicalFacts): ValidationResult<T> {
  return textVerdict(types, verdict, facts, () => [{ type: name, at: "" }]);
}
