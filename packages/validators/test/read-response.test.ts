import { clientRequest, type ClientRequestResult } from "@app-server-protocol/types";
import { describe, expect, expectTypeOf, it } from "vitest";
import { readResponse } from "@app-server-protocol/validators/all";

const success = (data?: unknown) => ({ type: "response", id: "req-1", result: data === undefined ? { status: "success" } : { status: "success", data } });

describe("readResponse (typed response reader)", () => {
  it("types the result from the method string alone", () => {
    const request = clientRequest("req-1", "session/find_by_title", { title: "Release" });
    const reading = readResponse(request.method, success({ session_id: "s9" }));
    expect(reading).toEqual({ ok: true, data: { session_id: "s9" } });
    if (reading.ok) expectTypeOf(reading.data).toEqualTypeOf<ClientRequestResult<"session/find_by_title">>();
  });

  it("reads absent or null data as the NoData result", () => {
    expect(readResponse("session/rename", success())).toEqual({ ok: true, data: null });
    expect(readResponse("session/rename", success(null))).toEqual({ ok: true, data: null });
    expect(readResponse("session/rename", success({}))).toMatchObject({ ok: false, failure: { code: "wrong_type", path: "/result/data" } });
  });

  it("returns the server's error", () => {
    const error = { type: "response", id: "req-1", result: { status: "error", code: "session_not_found", message: "session not found: s1" } };
    expect(readResponse("session/rename", error)).toEqual({ ok: false, error: { code: "session_not_found", message: "session not found: s1" } });
  });

  it("reports data that is not the method's result, with its path", () => {
    expect(readResponse("turn/submit", success({ subscription: "x" }))).toMatchObject({ ok: false, failure: { code: "missing_field", path: "/result/data/subscription_id", type: "TurnSubmitResult" } });
    expect(readResponse("settings/theme", success({ theme: "Dark" }))).toMatchObject({ ok: false, failure: { code: "invalid_value", path: "/result/data/theme" } });
    expect(readResponse("settings/theme", success({ theme: "dark-daltonized" }))).toEqual({ ok: true, data: { theme: "dark-daltonized" } });
  });

  it("reports a malformed response envelope", () => {
    expect(readResponse("turn/submit", { type: "response", id: 1, result: { status: "success" } })).toMatchObject({ ok: false, failure: { path: "/id" } });
    expect(readResponse("turn/submit", "nope")).toMatchObject({ ok: false, failure: { code: "wrong_type" } });
  });
});
