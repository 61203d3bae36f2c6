import { isList, jsonSnapshot, readField } from "./json-snapshot.js";

/** An ACP session as the bridge routes questions to it. */
export interface AcpSession {
  readonly id: string;
  /** A prompt turn is running in it. */
  readonly promptActive: boolean;
}

/** The sessions of `sessions` that have a string id (a value that is not a list has none). */
export function knownSessions(sessions: unknown): AcpSession[] {
  const snapshot = jsonSnapshot(sessions);
  if (!snapshot.ok || !isList(snapshot.value)) return [];
  return snapshot.value.flatMap((session) => {
    const id = readField(session, "id");
    return typeof id === "string" ? [{ id, promptActive: readField(session, "promptActive") === true }] : [];
  });
}

/** `routeQuestion` over sessions already read. */
export function route(sessionId: unknown, sessions: readonly AcpSession[]): string | undefined {
  if (sessionId !== undefined && sessionId !== "") return typeof sessionId === "string" && sessions.some((session) => session.id === sessionId) ? sessionId : undefined;
  const active = sessions.filter((session) => session.promptActive);
  return active.length === 1 ? active[0]?.id : undefined;
}

/**
 * The ACP session a question goes to (spec 6.1): its own `session_id` when
 * that is a known session; with no `session_id`, the single session with an
 * active prompt. `undefined` when there is none (or several), and the
 * question is then answered as cancelled. Entries of `sessions` without a
 * string `id` are not sessions.
 */
export function routeQuestion(sessionId: string | undefined, sessions: readonly AcpSession[]): string | undefined {
  return route(sessionId, knownSessions(sessions));
}
