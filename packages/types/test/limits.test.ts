import { describe, expect, it } from "vitest";
import { ASK_USER_LIMITS, PROTOCOL_VERSION, SERVER_REQUEST_TIMEOUT_SECONDS } from "@app-server-protocol/types";

describe("protocol constants (spec 1.6, 1.8, 4.1)", () => {
  it("pins the protocol version", () => {
    expect(PROTOCOL_VERSION).toBe("1.0");
  });

  it("has the interactive-question limits of the reference", () => {
    expect(ASK_USER_LIMITS).toEqual({
      minQuestions: 1,
      maxQuestions: 4,
      maxOptions: 4,
      maxIdBytes: 128,
      maxQuestionBytes: 4096,
      maxHeaderChars: 12,
      maxLabelBytes: 256,
      maxDescriptionBytes: 1024,
      maxPreviewBytes: 16384,
      maxAnswerTextBytes: 4096,
      maxAnnotationBytes: 4096,
      maxRequestBytes: 65536,
    });
  });

  it("waits 300 seconds for server-request answers", () => {
    expect(SERVER_REQUEST_TIMEOUT_SECONDS).toBe(300);
  });
});
