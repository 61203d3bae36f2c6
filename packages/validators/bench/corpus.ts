import type { AskUserQuestionSpec, AskUserResponseOutcome } from "@app-server-protocol/types";

// A deterministic ask_user corpus: server requests of 1-4 canonical
// questions (a tenth of the options with a code preview, some multi-select,
// text in several scripts), some requests with only the legacy
// question/options fields, and a client answer to each request with every
// outcome kind. Each entry also holds the canonical questions the answer is
// judged against (spec 4.5 for a legacy request).

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ["database", "cache", "queue", "deploy", "région", "データベース", "サービス", "schéma", "tests", "migration", "rollback", "index", "🚀", "réplica", "monitoring"];
const CANCELLATION_REASONS = ["interrupt", "disconnect", "timeout", "client_closed", "delivery_failed", "session_closed", "shutdown"] as const;
const SPECIAL_OUTCOMES = ["rejected", "clarify", "finish_plan_interview"] as const;

/** The share of requests that carry only the legacy `question`/`options` fields. */
const LEGACY_SHARE = 0.08;
/** The share of options with a code preview. */
const PREVIEW_SHARE = 0.1;

export interface CorpusEntry {
  /** The server's ask_user/request message as one NDJSON line. */
  readonly line: string;
  /** The client's answer to it as one NDJSON line. */
  readonly answerLine: string;
  /** The canonical questions the answer is judged against. */
  readonly questions: AskUserQuestionSpec[];
  readonly outcome: AskUserResponseOutcome;
  /** Whether the request carries only the legacy fields. */
  readonly legacy: boolean;
}

type Pick = <T>(items: readonly T[]) => T;

/** The canonical form of a legacy request (spec 4.5). */
function legacyQuestions(question: string, labels: readonly string[]): AskUserQuestionSpec[] {
  const options = labels.map((label, index) => ({ id: `option-${index + 1}`, label, description: "" }));
  return [{ id: "question-1", question, header: "Question", multi_select: false, options, allow_free_text: true, allow_annotation: false }];
}

function canonicalQuestions(next: () => number, pick: Pick, words: (count: number) => string): AskUserQuestionSpec[] {
  const count = 1 + Math.floor(next() * 4);
  return Array.from({ length: count }, (_, q) => {
    const options = Array.from({ length: 1 + Math.floor(next() * 4) }, (_, o) => ({
      id: `opt-${o}`,
      label: `${words(2)} ${o}`,
      description: words(6),
      ...(next() < PREVIEW_SHARE ? { preview: `const ${pick(WORDS)} = connect("${words(3)}");\n`.repeat(3) } : {}),
    }));
    return {
      id: `question-${q}`,
      question: `${words(8)}?`,
      header: pick(["Database", "Deploy", "Cache", "Région", "テスト"]),
      multi_select: next() < 0.3,
      options,
      allow_free_text: next() < 0.5,
      allow_annotation: next() < 0.3,
    };
  });
}

/** An answer the questions accept: a choice, several, or free text where allowed, and some annotations. */
function answeredOutcome(questions: readonly AskUserQuestionSpec[], next: () => number, pick: Pick, words: (count: number) => string): AskUserResponseOutcome {
  const answers: { [id: string]: { kind: "text"; text: string } | { kind: "selected"; option_id: string } | { kind: "selected_many"; option_ids: string[] } } = {};
  const annotations: { [id: string]: string } = {};
  for (const question of questions) {
    const options = question.options ?? [];
    if ((question.allow_free_text ?? true) && next() < 0.2) answers[question.id] = { kind: "text", text: words(4) };
    else if (question.multi_select ?? false) answers[question.id] = { kind: "selected_many", option_ids: options.slice(0, 2).map((option) => option.id) };
    else answers[question.id] = { kind: "selected", option_id: pick(options).id };
    if ((question.allow_annotation ?? false) && next() < 0.5) annotations[question.id] = words(5);
  }
  return Object.keys(annotations).length > 0 ? { outcome: "answered", answers, annotations } : { outcome: "answered", answers };
}

function outcomeFor(questions: readonly AskUserQuestionSpec[], next: () => number, pick: Pick, words: (count: number) => string): AskUserResponseOutcome {
  const roll = next();
  if (roll < 0.7) return answeredOutcome(questions, next, pick, words);
  if (roll < 0.85) return { outcome: pick(SPECIAL_OUTCOMES) };
  return { outcome: "cancelled", reason: pick(CANCELLATION_REASONS) };
}

/** `size` requests and as many answers, the same for the same seed. */
export function buildCorpus(size: number, seed = 1): CorpusEntry[] {
  const next = random(seed);
  const pick: Pick = (items) => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error("nothing to pick from");
    return item;
  };
  const words = (count: number) => Array.from({ length: count }, () => pick(WORDS)).join(" ");
  const entries: CorpusEntry[] = [];
  for (let index = 0; index < size; index += 1) {
    const legacy = next() < LEGACY_SHARE;
    const base = {
      session_id: `session-${index % 50}`,
      turn_id: `turn-${index}`,
      tool_use_id: `toolu_${index.toString(36)}`,
      request_id: `6f1c0c1e-2b7a-4d1e-9a51-${index.toString(16).padStart(12, "0")}`,
      deadline: "2026-08-05T12:05:00.000000+00:00",
    };
    let questions: AskUserQuestionSpec[];
    let params: object;
    if (legacy) {
      const question = `${words(8)}?`;
      const labels = Array.from({ length: 1 + Math.floor(next() * 4) }, (_, o) => `${words(2)} ${o}`);
      questions = legacyQuestions(question, labels);
      params = { ...base, question, options: labels };
    } else {
      questions = canonicalQuestions(next, pick, words);
      params = { ...base, questions };
    }
    const outcome = outcomeFor(questions, next, pick, words);
    const id = `srv-ask-user-${index}`;
    const answer = { type: "response", id, result: { status: "success", data: { request_id: base.request_id, outcome } } };
    entries.push({ line: JSON.stringify({ type: "request", id, method: "ask_user/request", params }), answerLine: JSON.stringify(answer), questions, outcome, legacy });
  }
  return entries;
}
