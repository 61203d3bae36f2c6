import { isList, readField, readJson } from "./json-data.js";

/** An ACP session as the bridge routes questions to it. */
export interface AcpSession {
  readonly id: string;
  /** A prompt turn is running in it. */
  readonly promptActive: boolean;
}

/** The sessions of `sessions`, read once into JSON data, that have a string id (a value that is not a list, or has no snapshot, has none). */
export function knownSessions(sessions: unknown): AcpSession[] {
  const read = readJson(sessions);
  if (!isList(read)) return [];
  return read.flatMap((session) => {
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
 * question is then answered as cancelled. The sessions are read once, into
 * JSON data: entries without a string `id` are not sessions, and a list that
 * cannot be read that way (one with holes, however long) has none.
 */
export function routeQuestion(sessionId: string | undefined, sessions: readonly AcpSession[]): string | undefined {
  return route(sessionId, knownSessions(sessions));
}
