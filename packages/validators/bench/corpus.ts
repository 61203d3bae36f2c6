import type { AskUserOutcomeAnswered, AskUserQuestionSpec } from "@app-server-protocol/types";

// A deterministic, realistic ask_user/request corpus: 1-4 questions with up
// to 4 options, some previews, annotations and multi-select, text in several
// scripts, and the answered outcome a client would send for each.

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

export interface CorpusEntry {
  /** The server's ask_user/request message as one NDJSON line. */
  line: string;
  /** The client's answer to it as one NDJSON line. */
  answerLine: string;
  questions: AskUserQuestionSpec[];
  outcome: AskUserOutcomeAnswered;
}

export function buildCorpus(size: number, seed = 1): CorpusEntry[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const words = (count: number) => Array.from({ length: count }, () => pick(WORDS)).join(" ");
  const entries: CorpusEntry[] = [];
  for (let index = 0; index < size; index += 1) {
    const questions: AskUserQuestionSpec[] = [];
    const outcome: AskUserOutcomeAnswered = { outcome: "answered", answers: {} };
    const count = 1 + Math.floor(next() * 4);
    for (let q = 0; q < count; q += 1) {
      const multi = next() < 0.3;
      const optionCount = 1 + Math.floor(next() * 4);
      const options = Array.from({ length: optionCount }, (_, o) => ({
        id: `opt-${o}`,
        label: `${words(2)} ${o}`,
        description: words(6),
        ...(next() < 0.2 ? { preview: `const ${pick(WORDS)} = connect("${words(3)}");\n`.repeat(3) } : {}),
      }));
      const question: AskUserQuestionSpec = {
        id: `question-${q}`,
        question: `${words(8)}?`,
        header: pick(["Database", "Deploy", "Cache", "Région", "テスト"]),
        multi_select: multi,
        options,
        allow_free_text: next() < 0.5,
        allow_annotation: next() < 0.3,
      };
      questions.push(question);
      outcome.answers[question.id] = multi ? { kind: "selected_many", option_ids: options.slice(0, 2).map((o) => o.id) } : { kind: "selected", option_id: pick(options).id };
      if (question.allow_annotation && next() < 0.5) outcome.annotations = { ...outcome.annotations, [question.id]: words(5) };
    }
    const params = {
      session_id: `session-${index % 50}`,
      turn_id: `turn-${index}`,
      tool_use_id: `toolu_${index.toString(36)}`,
      request_id: `6f1c0c1e-2b7a-4d1e-9a51-${index.toString(16).padStart(12, "0")}`,
      deadline: "2026-08-05T12:05:00.000000+00:00",
      questions,
    };
    const answer = { type: "response", id: `srv-ask-user-${index}`, result: { status: "success", data: { request_id: params.request_id, outcome } } };
    entries.push({ line: JSON.stringify({ type: "request", id: `srv-ask-user-${index}`, method: "ask_user/request", params }), answerLine: JSON.stringify(answer), questions, outcome });
  }
  return entries;
}
