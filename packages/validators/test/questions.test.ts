import type { AskUserOption, AskUserQuestionSpec } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { checkQuestions } from "@app-server-protocol/validators";

const option = (id: string, label = `label ${id}`, extra: Partial<AskUserOption> = {}): AskUserOption => ({ id, label, ...extra });
const question = (extra: Partial<AskUserQuestionSpec> = {}): AskUserQuestionSpec => ({ id: "q1", question: "Which one?", header: "Pick", ...extra });
const code = (questions: unknown) => checkQuestions(questions)?.code ?? null;

/** `n` bytes of UTF-8 made of `unit` (1, 2, 3 or 4 bytes each). */
function bytes(n: number, unit = "a"): string {
  const size = new TextEncoder().encode(unit).length;
  return unit.repeat(Math.floor(n / size)) + "a".repeat(n % size);
}

describe("checkQuestions: counts (spec 4.2 step 1)", () => {
  it("needs 1 to 4 questions", () => {
    expect(checkQuestions([])).toEqual({ code: "question_count", message: "AskUserQuestion requires 1 to 4 questions" });
    expect(code([question()])).toBeNull();
    const four = [1, 2, 3, 4].map((n) => question({ id: `q${n}` }));
    expect(code(four)).toBeNull();
    expect(code([...four, question({ id: "q5" })])).toBe("question_count");
  });

  it("allows 0 to 4 options per question", () => {
    expect(code([question({ options: [] })])).toBeNull();
    const four = ["a", "b", "c", "d"].map((id) => option(id));
    expect(code([question({ options: four })])).toBeNull();
    expect(code([question({ options: [...four, option("e")] })])).toBe("option_count");
  });
});

describe("checkQuestions: question fields (spec 4.2 step 2)", () => {
  it.each([
    ["empty id", { id: "" }, "empty_id"],
    ["whitespace-only id", { id: " \t\u3000" }, "empty_id"],
    ["id of U+FEFF is not blank", { id: "\ufeff" }, null],
    ["id of U+0085 is blank", { id: "\u0085" }, "empty_id"],
    ["id of 128 bytes", { id: bytes(128) }, null],
    ["id of 129 bytes", { id: bytes(129) }, "field_too_large"],
    ["id of 128 bytes in 4-byte characters", { id: bytes(128, "😀") }, null],
    ["id of 129 bytes in 3-byte characters", { id: `${bytes(126, "日")}ab` + "c" }, "field_too_large"],
    ["blank question", { question: "\n\r " }, "empty_question"],
    ["question of 4096 bytes", { question: bytes(4096, "é") }, null],
    ["question of 4097 bytes", { question: bytes(4097, "é") }, "field_too_large"],
    ["empty header", { header: "" }, null],
    ["header of 12 characters", { header: "abcdefghijkl" }, null],
    ["header of 13 characters", { header: "abcdefghijklm" }, "header_too_long"],
    ["header of 12 astral characters (24 UTF-16 units)", { header: "😀".repeat(12) }, null],
    ["header of 13 astral characters", { header: "😀".repeat(13) }, "header_too_long"],
    ["header of 12 three-byte characters", { header: "日".repeat(12) }, null],
  ] as const)("%s", (_name, change, expected) => {
    expect(code([question(change)])).toBe(expected);
  });

  it("rejects a repeated question id, exact and case-sensitive", () => {
    expect(code([question({ id: "q" }), question({ id: "q" })])).toBe("duplicate_id");
    expect(code([question({ id: "q" }), question({ id: "Q" })])).toBeNull();
    expect(code([question({ id: "q" }), question({ id: "q " })])).toBeNull();
  });
});

describe("checkQuestions: option fields (spec 4.2 step 2.7)", () => {
  const withOption = (change: Partial<AskUserOption>) => [question({ options: [option("o1"), { ...option("o2"), ...change }] })];

  it.each([
    ["empty option id", { id: "" }, "empty_id"],
    ["blank option id", { id: "\u2028" }, "empty_id"],
    ["option id of 128 bytes", { id: bytes(128, "ß") }, null],
    ["option id of 129 bytes", { id: bytes(129, "ß") }, "field_too_large"],
    ["repeated option id", { id: "o1" }, "duplicate_id"],
    ["blank label", { label: "\u00a0" }, "empty_label"],
    ["repeated label", { label: "label o1" }, "duplicate_label"],
    ["label differing in case", { label: "LABEL o1" }, null],
    ["label of 256 bytes", { label: bytes(256, "日") }, null],
    ["label of 257 bytes", { label: bytes(257, "日") }, "field_too_large"],
    ["description of 1024 bytes", { description: bytes(1024, "😀") }, null],
    ["description of 1025 bytes", { description: bytes(1025, "😀") }, "field_too_large"],
    ["empty description", { description: "" }, null],
    ["preview of 16384 bytes", { preview: bytes(16384) }, null],
    ["preview of 16385 bytes", { preview: bytes(16385) }, "field_too_large"],
    ["null preview", { preview: null }, null],
  ] as const)("%s", (_name, change, expected) => {
    expect(code(withOption(change))).toBe(expected);
  });

  it("lets the same option id appear in different questions", () => {
    expect(code([question({ id: "a", options: [option("x")] }), question({ id: "b", options: [option("x")] })])).toBeNull();
  });
});

describe("checkQuestions: request size (spec 4.2 step 3)", () => {
  /** Four questions whose compact JSON is exactly `target` bytes, padded in the last preview. */
  function sized(target: number): AskUserQuestionSpec[] {
    const questions = [1, 2, 3, 4].map((n) =>
      question({ id: `q${n}`, options: [1, 2, 3, 4].map((m) => option(`o${m}`, `l${m}`, { preview: bytes(4000) })) }),
    );
    const size = () => new TextEncoder().encode(JSON.stringify(questions.map(canonical))).length;
    const last = questions[3]?.options?.[3];
    if (last === undefined) throw new Error("unreachable");
    last.preview = `${last.preview ?? ""}${"b".repeat(target - size())}`;
    expect(size()).toBe(target);
    return questions;
  }

  /** The field order and defaults the reference writes (spec 4.12). */
  function canonical(spec: AskUserQuestionSpec) {
    const options = (spec.options ?? []).map((o) => ({ id: o.id, label: o.label, description: o.description ?? "", ...(o.preview == null ? {} : { preview: o.preview }) }));
    return {
      id: spec.id,
      question: spec.question,
      header: spec.header,
      multi_select: spec.multi_select ?? false,
      ...(options.length > 0 ? { options } : {}),
      allow_free_text: spec.allow_free_text ?? true,
      allow_annotation: spec.allow_annotation ?? false,
    };
  }

  it("accepts exactly 65536 bytes of compact JSON and rejects 65537", () => {
    expect(code(sized(65536))).toBeNull();
    expect(code(sized(65537))).toBe("request_too_large");
  });

  it("counts escapes: a quote or control character costs more than one byte", () => {
    const base = sized(65534);
    const last = base[3]?.options?.[3];
    if (last === undefined) throw new Error("unreachable");
    last.preview = `${(last.preview ?? "").slice(0, -3)}"\u0001`; // 3 bytes become \" (2) and \u0001 (6): 65539 bytes
    expect(code(base)).toBe("request_too_large");
  });

  it("is checked after every question passed", () => {
    const big = sized(70000);
    big.push(question({ id: "" }));
    expect(code(big)).toBe("question_count");
    big.pop();
    const first = big[0];
    if (first !== undefined) first.header = "far too long a header";
    expect(code(big)).toBe("header_too_long");
  });
});

describe("checkQuestions: first failure wins, in the reference's order (spec 4.12)", () => {
  it.each([
    ["empty id before everything else of the question", question({ id: " ", question: "", header: "x".repeat(20) }), "empty_id"],
    ["id size before duplicate", question({ id: bytes(200) }), "field_too_large"],
    ["empty question before header", question({ question: "", header: "x".repeat(20) }), "empty_question"],
    ["question size before header", question({ question: bytes(5000), header: "x".repeat(20) }), "field_too_large"],
    ["header before option count", question({ header: "x".repeat(20), options: ["a", "b", "c", "d", "e"].map((id) => option(id)) }), "header_too_long"],
    ["option count before option fields", question({ options: ["", "b", "c", "d", "e"].map((id) => option(id)) }), "option_count"],
    ["option id before label", question({ options: [option(" ", " ")] }), "empty_id"],
    ["duplicate option id before empty label", question({ options: [option("a"), option("a", "")] }), "duplicate_id"],
    ["empty label before label size", question({ options: [option("a", "\t")] }), "empty_label"],
    ["duplicate label before label size", question({ options: [option("a", bytes(300)), option("b", bytes(300))] }), "field_too_large"],
    ["label size before description", question({ options: [option("a", bytes(300), { description: bytes(2000) })] }), "field_too_large"],
    ["description before preview", question({ options: [option("a", "A", { description: bytes(2000), preview: "" })] }), "field_too_large"],
  ] as const)("%s", (_name, spec, expected) => {
    expect(code([spec])).toBe(expected);
  });

  it("stops at the first failing question", () => {
    expect(code([question({ id: "a", header: "x".repeat(13) }), question({ id: "" })])).toBe("header_too_long");
    expect(code([question({ id: "a" }), question({ id: "a", header: "x".repeat(13) })])).toBe("duplicate_id");
  });

  it("names the rule in messages in the spirit of the reference", () => {
    expect(checkQuestions([question({ id: "" })])?.message).toBe("question id must not be empty");
    expect(checkQuestions([question({ id: bytes(129) })])?.message).toBe("question id exceeds 128 bytes");
    expect(checkQuestions([question({ options: [option("")] })])?.message).toBe("option id must not be empty");
    expect(checkQuestions([question(), question()])?.message).toBe("duplicate question id `q1`");
  });
});

describe("checkQuestions: structure", () => {
  it.each([
    ["not an array", { id: "q1" }],
    ["null", null],
    ["a question without header", [{ id: "q1", question: "Q?" }]],
    ["a question with multi_select null", [{ ...question(), multi_select: null }]],
    ["an option without label", [{ ...question(), options: [{ id: "o" }] }]],
  ])("reports %s as malformed_response", (_name, input) => {
    const error = checkQuestions(input);
    expect(error?.code).toBe("malformed_response");
    expect(error?.message).toMatch(/^invalid AskUserQuestion questions: /);
  });

  it("points at the offending field", () => {
    expect(checkQuestions([question(), { id: "q2", question: "Q?", header: 3 }])?.message).toBe(
      "invalid AskUserQuestion questions: /1/header: must be a string",
    );
  });
});
