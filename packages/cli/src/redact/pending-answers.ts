import { ANSWERS_REMEMBERED } from "../recent-ids.js";
import type { Shape } from "./shape.js";

/**
 * The longest id a request is remembered by. An answer to a request with a
 * longer id is read as an answer to an unknown request (every method's
 * sensitive result fields redacted), so no line makes memory grow by its
 * size.
 */
export const LONGEST_REMEMBERED_ID = 256;

/**
 * The requests awaiting an answer, by id, with the shape of the success data
 * that answers them. Bounded: it remembers at least the last
 * `ANSWERS_REMEMBERED` requests and at most twice as many (two generations,
 * the older dropped whole when the newer fills), so a transcript of any
 * length holds a bounded number; an answer to a request forgotten is read as
 * one to an unknown request.
 */
export class PendingAnswers {
  private current = new Map<string, Shape>();
  private previous = new Map<string, Shape>();

  constructor(private readonly generation = ANSWERS_REMEMBERED) {}

  /** Remembers that request `id` is answered with data of shape `result`. */
  expect(id: string, result: Shape): void {
    if (id.length > LONGEST_REMEMBERED_ID) return;
    this.previous.delete(id);
    this.current.set(id, result);
    if (this.current.size < this.generation) return;
    this.previous = this.current;
    this.current = new Map();
  }

  /** The shape of the answer to request `id`, forgetting the request; `undefined` for a request not remembered. */
  take(id: string): Shape | undefined {
    const current = this.current.get(id);
    if (current !== undefined) {
      this.current.delete(id);
      return current;
    }
    const previous = this.previous.get(id);
    if (previous !== undefined) this.previous.delete(id);
    return previous;
  }
}
