import { EXPERIMENTAL_METHODS, METHOD_REGISTRY, STABLE_METHODS, type ClientMethod, type MethodDescriptor } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { validateClientMessage, validateServerMessage } from "@app-server-protocol/validators";
import { readResponse } from "@app-server-protocol/validators/all";
import { typeVectors } from "../../../tests/support/vectors.js";

// The type vectors of every params and result type, sent through message
// dispatch: a params vector inside a request of every method that takes
// that type, a result vector inside a response read for every method that
// returns it. Dispatch must give each the vector's verdict.

function fixtures(type: string, verdict: "valid" | "invalid"): [string, unknown][] {
  return typeVectors(type, verdict === "valid").map(({ name, value }) => [name, value]);
}

function paramsMessage(entry: MethodDescriptor, params: unknown) {
  return entry.direction === "client_request"
    ? validateClientMessage({ type: "request", id: "req-1", method: entry.method, params })
    : validateServerMessage({ type: entry.direction === "server_request" ? "request" : "notification", id: "srv-1", method: entry.method, params });
}

const CLIENT_METHODS: readonly string[] = [...STABLE_METHODS, ...EXPERIMENTAL_METHODS];

function isClientMethod(method: string): method is ClientMethod {
  return CLIENT_METHODS.includes(method);
}

const withParams = METHOD_REGISTRY.filter((entry) => fixtures(entry.params, "valid").length + fixtures(entry.params, "invalid").length > 0);
const clientResults = METHOD_REGISTRY.flatMap(({ method, result }) => (isClientMethod(method) && result !== null ? [{ method, result }] : []));

describe("dispatch of the wire fixtures", () => {
  it("covers every method", () => {
    expect(withParams.map(({ method }) => method)).toEqual(METHOD_REGISTRY.map(({ method }) => method));
    expect(clientResults.every(({ result }) => fixtures(result, "valid").length > 0 && fixtures(result, "invalid").length > 0)).toBe(true);
  });

  it.each(withParams)("$method checks its params ($params)", (entry) => {
    for (const [file, params] of fixtures(entry.params, "valid")) expect(paramsMessage(entry, params).ok, file).toBe(true);
    for (const [file, params] of fixtures(entry.params, "invalid")) {
      // A client request's null params are read as {} by the server.
      if (entry.direction === "client_request" && params === null) continue;
      const result = paramsMessage(entry, params);
      expect(result.ok, file).toBe(false);
      if (!result.ok) expect(result.error.path, file).toMatch(/^\/params/);
    }
  });

  it.each(clientResults)("$method reads its result ($result)", (entry) => {
    const response = (data: unknown) => ({ type: "response", id: "req-1", result: { status: "success", data } });
    for (const [file, data] of fixtures(entry.result, "valid")) expect(readResponse(entry.method, response(data)).ok, file).toBe(true);
    for (const [file, data] of fixtures(entry.result, "invalid")) expect(readResponse(entry.method, response(data)).ok, file).toBe(false);
  });
});
