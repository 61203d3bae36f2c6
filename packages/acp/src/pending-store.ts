import type { ClientMessageResponse, ServerMessageRequest } from "@app-server-protocol/types";
import type { BridgeOptions } from "./outbound.js";
import { lookup, valuesOf, withEntry, withoutKey, type Tree } from "./persistent-tree.js";

/** A server request sent on to the editor, waiting for its answer. */
export interface AcpPendingRequest {
  /** The app-server envelope id (`srv-perm-<n>`, ...), answered exactly once. */
  readonly id: string;
  /** The ACP session it was sent in. */
  readonly sessionId: string;
  /** The server request, as the bridge read it: its params are plain JSON data. */
  readonly request: ServerMessageRequest;
  /** The answer sent if the session is cancelled or closed, or input ends: deny, deny, or an empty question response. */
  readonly fallback: ClientMessageResponse;
  /** The options the editor's request was made with, so its answer is read against what was offered. */
  readonly options: BridgeOptions;
}

/**
 * The bridge's state: the server requests the editor still has to answer,
 * in the order they arrived. An immutable value: every operation returns a
 * new state and leaves the one it was given valid. Pass `EMPTY_BRIDGE` or a
 * state the bridge returned; any other value is read through its `pending`
 * list at O(n) (entries not shaped like `AcpPendingRequest` left out), and a
 * value without one is the empty bridge.
 */
export interface AcpBridgeState {
  readonly pending: readonly AcpPendingRequest[];
}

/** Pending requests taken out of a state, in arrival order, and what is left. */
export interface Taken {
  readonly entries: readonly AcpPendingRequest[];
  readonly rest: PendingRequests;
}

type SessionEntries = Tree<number, AcpPendingRequest>;

/**
 * The state as the bridge keeps it: entries by arrival number (the order of
 * `pending`), the arrival number of each envelope id, and each session's
 * entries, all persistent trees. Adding, answering or replacing one request
 * costs O(log n); cancelling a session costs O(k log n) for its k requests;
 * `pending` is built on first read and kept, as the state never changes.
 */
export class PendingRequests implements AcpBridgeState {
  declare readonly pending: readonly AcpPendingRequest[];

  /** One descriptor for every state: a getter per state would cost a closure and a slow property each time. */
  static readonly #pendingProperty: PropertyDescriptor = {
    enumerable: true,
    get(this: PendingRequests): readonly AcpPendingRequest[] {
      return (this.#view ??= Object.freeze(valuesOf(this.#byArrival)));
    },
  };

  static readonly EMPTY = new PendingRequests(undefined, undefined, undefined, 0);

  readonly #byArrival: Tree<number, AcpPendingRequest>;
  readonly #arrivalById: Tree<string, number>;
  readonly #bySession: Tree<string, SessionEntries>;
  readonly #nextArrival: number;
  #view: readonly AcpPendingRequest[] | undefined;

  private constructor(byArrival: Tree<number, AcpPendingRequest>, arrivalById: Tree<string, number>, bySession: Tree<string, SessionEntries>, nextArrival: number) {
    this.#byArrival = byArrival;
    this.#arrivalById = arrivalById;
    this.#bySession = bySession;
    this.#nextArrival = nextArrival;
    // An own enumerable property, as on a plain `{ pending }` object, so spreading, comparing and printing a state see the list.
    Object.defineProperty(this, "pending", PendingRequests.#pendingProperty);
    Object.freeze(this);
  }

  /** Whether `value` is a state made by this class (a plain `{ pending }` object is not). */
  static holds(value: unknown): value is PendingRequests {
    return typeof value === "object" && value !== null && #byArrival in value;
  }

  /** The state with `entry` pending last; an entry with the same envelope id is dropped first. */
  with(entry: AcpPendingRequest): PendingRequests {
    const { rest } = this.without(entry.id);
    const arrival = rest.#nextArrival;
    const session = withEntry(lookup(rest.#bySession, entry.sessionId), arrival, entry);
    return new PendingRequests(
      withEntry(rest.#byArrival, arrival, entry),
      withEntry(rest.#arrivalById, entry.id, arrival),
      withEntry(rest.#bySession, entry.sessionId, session),
      arrival + 1,
    );
  }

  /** The entry pending under envelope id `id`, if any, and the state without it (this state when there is none). */
  without(id: string): { readonly entry: AcpPendingRequest | undefined; readonly rest: PendingRequests } {
    const arrival = lookup(this.#arrivalById, id);
    const entry = arrival === undefined ? undefined : lookup(this.#byArrival, arrival);
    if (arrival === undefined || entry === undefined) return { entry: undefined, rest: this };
    const session = withoutKey(lookup(this.#bySession, entry.sessionId), arrival);
    return {
      entry,
      rest: new PendingRequests(
        withoutKey(this.#byArrival, arrival),
        withoutKey(this.#arrivalById, id),
        session === undefined ? withoutKey(this.#bySession, entry.sessionId) : withEntry(this.#bySession, entry.sessionId, session),
        this.#nextArrival,
      ),
    };
  }

  /** Every entry of session `sessionId`, and the state without them. */
  takeSession(sessionId: string): Taken {
    const entries = valuesOf(lookup(this.#bySession, sessionId));
    if (entries.length === 0) return { entries, rest: this };
    let byArrival = this.#byArrival;
    let arrivalById = this.#arrivalById;
    for (const entry of entries) {
      const arrival = lookup(arrivalById, entry.id);
      if (arrival !== undefined) byArrival = withoutKey(byArrival, arrival);
      arrivalById = withoutKey(arrivalById, entry.id);
    }
    return { entries, rest: new PendingRequests(byArrival, arrivalById, withoutKey(this.#bySession, sessionId), this.#nextArrival) };
  }

  /** Every entry, and the empty state. */
  takeAll(): Taken {
    return { entries: valuesOf(this.#byArrival), rest: PendingRequests.EMPTY };
  }
}
