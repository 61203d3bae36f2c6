import type { AskUserAnswerValue, AskUserOutcomeAnswered, AskUserQuestionSpec } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { checkOutcome } from "@app-server-protocol/validators";

const single: AskUserQuestionSpec = {
  id: "db",
  question: "Which database?",
  header: "Database",
  options: [
    { id: "pg", label: "PostgreSQL" },
    { id: "lite", label: "SQLite" },
  ],
  allow_free_text: false,
  allow_annotation: true,
};
const multi: AskUserQuestionSpec = {
  id: "features",
  question: "Which features?",
  header: "Features",
  multi_select: true,
  options: [
    { id: "search", label: "Search" },
    { id: "audit", label: "Audit log" },
  ],
};
const open: AskUserQuestionSpec = { id: "name", question: "Service name?", header: "" };
const questions = [single, multi, open];

const valid: AskUserOutcomeAnswered = {
  outcome: "answered",
  answers: {
    db: { kind: "selected", option_id: "pg" },
    features: { kind: "selected_many", option_ids: ["search", "audit"] },
    name: { kind: "text", text: "billing" },
  },
  annotations: { db: "managed instance" },
};

function answered(change: Partial<AskUserOutcomeAnswered>): AskUserOutcomeAnswered {
  return { ...valid, ...change };
}

function withAnswer(questionId: string, answer: unknown): AskUserOutcomeAnswered {
  return answered({ answers: { ...valid.answers, [questionId]: answer as AskUserOutcomeAnswered["answers"][string] } });
}

const code = (outcome: unknown, list: unknown = questions) => checkOutcome(list, outcome)?.code ?? null;
const bytes = (n: number) => "é".repeat(Math.floor(n / 2)) + "a".repeat(n % 2);

describe("checkOutcome (spec 4.3)", () => {
  it("accepts a valid answered outcome", () => {
    expect(checkOutcome(questions, valid)).toBeNull();
  });

  it.each(["rejected", "clarify", "finish_plan_interview"])("accepts the special outcome %s without further checks", (outcome) => {
    expect(code({ outcome })).toBeNull();
  });

  it("accepts cancelled with any reason", () => {
    expect(code({ outcome: "cancelled", reason: "timeout" })).toBeNull();
  });

  it("re-validates the questions first, for every outcome", () => {
    expect(code({ outcome: "rejected" }, [])).toBe("question_count");
    expect(code(valid, [single, { ...open, id: "db" }])).toBe("duplicate_id");
  });

  describe("answer count and keys", () => {
    it("needs exactly one answer per question", () => {
      const { name: _dropped, ...two } = valid.answers;
      expect(checkOutcome(questions, answered({ answers: two }))).toEqual({
        code: "missing_answer",
        message: "answered outcome must contain exactly one answer for every question",
      });
      expect(code(answered({ answers: {} }))).toBe("missing_answer");
      expect(code(answered({ answers: { ...valid.answers, extra: { kind: "text", text: "x" } } }))).toBe("missing_answer");
    });

    it("rejects an answer keyed by an unknown question", () => {
      const { name: _dropped, ...two } = valid.answers;
      expect(code(answered({ answers: { ...two, nam: { kind: "text", text: "x" } } }))).toBe("unknown_question");
    });

    it("rejects an annotation keyed by an unknown question, before any answer is checked", () => {
      expect(code(answered({ annotations: { nope: "x" } }))).toBe("unknown_question");
      expect(code({ ...withAnswer("db", { kind: "selected", option_id: "zzz" }), annotations: { nope: "x" } })).toBe("unknown_question");
    });

    it("does not take inherited properties for answers", () => {
      const list = [{ ...open, id: "toString" }];
      expect(code({ outcome: "answered", answers: JSON.parse('{"constructor":{"kind":"text","text":"x"}}') }, list)).toBe("unknown_question");
      expect(code({ outcome: "answered", answers: JSON.parse('{"toString":{"kind":"text","text":"x"}}') }, list)).toBeNull();
    });

    it("treats a __proto__ key from JSON as an ordinary question id", () => {
      const list = [{ ...open, id: "__proto__" }];
      expect(code(JSON.parse('{"outcome":"answered","answers":{"__proto__":{"kind":"text","text":"x"}}}'), list)).toBeNull();
      expect(code(JSON.parse('{"outcome":"answered","answers":{"__proto__":{"kind":"text","text":" "}}}'), list)).toBe("missing_answer");
    });

    it("judges keys in any order as in the questions' order, and names the first unknown one in sorted order", () => {
      const db: AskUserAnswerValue = { kind: "selected", option_id: "pg" };
      const features: AskUserAnswerValue = { kind: "selected_many", option_ids: ["search"] };
      const name: AskUserAnswerValue = { kind: "text", text: "billing" };
      expect(code(answered({ answers: { name, features, db }, annotations: {} }))).toBeNull();
      expect(code(answered({ answers: { name, db, features }, annotations: { name: "x", db: "y" } }))).toBe("annotation_disabled");
      expect(checkOutcome(questions, answered({ answers: { name, zz: db, aa: features } }))?.message).toBe("answer for unknown question `aa`");
      expect(checkOutcome(questions, answered({ annotations: { name: "x", zz: "y", db: "z", aa: "w" } }))?.message).toBe("annotation for unknown question `aa`");
    });

    it("reads annotations as the structure check does: own enumerable fields, a hidden one is no annotation", () => {
      const hidden = Object.defineProperty({}, "name", { value: "not JSON", enumerable: false });
      expect(code(answered({ annotations: hidden }))).toBeNull();
      expect(code(answered({ annotations: { name: "note" } }))).toBe("annotation_disabled");
    });
  });

  describe("text answers", () => {
    it("need allow_free_text (which defaults to true)", () => {
      expect(code(withAnswer("db", { kind: "text", text: "MariaDB" }))).toBe("free_text_disabled");
      expect(code(withAnswer("features", { kind: "text", text: "both" }))).toBeNull();
    });

    it("check free text before emptiness", () => {
      expect(code(withAnswer("db", { kind: "text", text: "" }))).toBe("free_text_disabled");
    });

    it("must not be blank", () => {
      expect(code(withAnswer("name", { kind: "text", text: " \u3000\n" }))).toBe("missing_answer");
      expect(code(withAnswer("name", { kind: "text", text: "\ufeff" }))).toBeNull();
    });

    it("may take 4096 bytes and no more", () => {
      expect(code(withAnswer("name", { kind: "text", text: bytes(4096) }))).toBeNull();
      expect(code(withAnswer("name", { kind: "text", text: bytes(4097) }))).toBe("field_too_large");
    });

    it("are the only way to answer a question without options", () => {
      expect(code(withAnswer("name", { kind: "selected", option_id: "x" }))).toBe("unknown_option");
    });
  });

  describe("selected answers", () => {
    it("are for single-select questions", () => {
      expect(code(withAnswer("features", { kind: "selected", option_id: "search" }))).toBe("answer_kind");
    });

    it("name an option of their question", () => {
      expect(code(withAnswer("db", { kind: "selected", option_id: "search" }))).toBe("unknown_option");
      expect(code(withAnswer("db", { kind: "selected", option_id: "PostgreSQL" }))).toBe("unknown_option");
    });
  });

  describe("selected_many answers", () => {
    it("are for multi-select questions and are not empty", () => {
      expect(code(withAnswer("db", { kind: "selected_many", option_ids: ["pg"] }))).toBe("answer_kind");
      expect(code(withAnswer("features", { kind: "selected_many", option_ids: [] }))).toBe("answer_kind");
      expect(code(withAnswer("features", { kind: "selected_many", option_ids: ["audit"] }))).toBeNull();
    });

    it("check each id in order: repeated first, then unknown", () => {
      expect(code(withAnswer("features", { kind: "selected_many", option_ids: ["search", "search"] }))).toBe("duplicate_id");
      expect(code(withAnswer("features", { kind: "selected_many", option_ids: ["search", "nope", "search"] }))).toBe("unknown_option");
      expect(code(withAnswer("features", { kind: "selected_many", option_ids: ["search", "search", "nope"] }))).toBe("duplicate_id");
      expect(code(withAnswer("features", { kind: "selected_many", option_ids: ["nope", "nope"] }))).toBe("unknown_option");
    });

    it("stops early on a huge list", () => {
      const ids = Array.from({ length: 200_000 }, (_, index) => `id-${index}`);
      expect(code(withAnswer("features", { kind: "selected_many", option_ids: ["search", ...ids] }))).toBe("unknown_option");
    });
  });

  describe("annotations", () => {
    it("need allow_annotation", () => {
      expect(code(answered({ annotations: { name: "note" } }))).toBe("annotation_disabled");
    });

    it("may take 4096 bytes and no more", () => {
      expect(code(answered({ annotations: { db: bytes(4096) } }))).toBeNull();
      expect(code(answered({ annotations: { db: bytes(4097) } }))).toBe("field_too_large");
    });

    it("are checked right after their question's answer", () => {
      const noteOnFirst = { ...withAnswer("features", { kind: "selected", option_id: "search" }), annotations: { db: bytes(5000) } };
      expect(code(noteOnFirst)).toBe("field_too_large");
      const reordered = [multi, single, open];
      expect(code(noteOnFirst, reordered)).toBe("answer_kind");
    });
  });

  describe("first failure wins across questions", () => {
    it("reports the first question's problem", () => {
      const both = answered({
        answers: { ...valid.answers, db: { kind: "text", text: "x" }, features: { kind: "selected", option_id: "search" } },
      });
      expect(code(both)).toBe("free_text_disabled");
      expect(code(both, [multi, single, open])).toBe("answer_kind");
    });
  });

  describe("structure", () => {
    it.each([
      ["unknown outcome", { outcome: "skipped" }],
      ["answered without answers", { outcome: "answered" }],
      ["answer of unknown kind", { outcome: "answered", answers: { db: { kind: "choice", option_id: "pg" } } }],
      ["cancelled without reason", { outcome: "cancelled" }],
      ["a string", "answered"],
    ])("reports %s as malformed_response", (_name, outcome) => {
      const error = checkOutcome(questions, outcome);
      expect(error?.code).toBe("malformed_response");
      expect(error?.message).toMatch(/^invalid AskUserQuestion response: /);
    });
  });
});
