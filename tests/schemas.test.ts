import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { visitSchemas } from "@app-server-protocol/generator/schema-tools";
import { PROTOCOL_VERSION } from "../packages/types/src/index.js";
import { SCHEMA_DIR, metaSchemaErrors, readJson, strictAjv, typeSchemas } from "./support/schemas.js";

const schemas = typeSchemas();
const bundle = readJson(join(SCHEMA_DIR, "protocol.schema.json"));
const bundleDefs = isJsonObject(bundle) && isJsonObject(bundle.$defs) ? bundle.$defs : {};

function definition(name: string): JsonObject {
  const found = bundleDefs[name];
  if (!isJsonObject(found)) throw new Error(`no definition ${name}`);
  return found;
}

function allNodes(schema: JsonObject): JsonObject[] {
  const nodes: JsonObject[] = [];
  visitSchemas(schema, (node) => nodes.push(node));
  return nodes;
}

describe("schema files", () => {
  it("has one file per exported type, each defined in the bundle", () => {
    expect(schemas.size).toBeGreaterThan(50);
    expect([...schemas.keys()].sort()).toEqual(Object.keys(bundleDefs).sort());
  });

  it.each([...schemas.keys()])("%s compiles under ajv 2020 strict mode", (name) => {
    const schema = schemas.get(name) ?? {};
    expect(metaSchemaErrors(schema)).toBe("");
    expect(() => strictAjv(false).compile(schema)).not.toThrow();
  });

  it("the bundle compiles under ajv 2020 strict mode", () => {
    expect(() => strictAjv().compile(isJsonObject(bundle) ? bundle : {})).not.toThrow();
  });

  it.each([...schemas.entries()])("%s is 2020-12 with a versioned $id", (name, schema) => {
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema.$id).toBe(`https://app-server-protocol.dev/schemas/${PROTOCOL_VERSION}/${name}.json`);
    expect(schema["x-protocol-version"]).toBe(PROTOCOL_VERSION);
    expect(schema.title).toBe(name);
    for (const node of allNodes(schema)) {
      expect(node).not.toHaveProperty("definitions");
      if (typeof node.$ref === "string") expect(node.$ref).toMatch(/^#\/\$defs\/[A-Za-z0-9]+$/);
    }
  });

  it("no description keeps {@link} markup or is empty", () => {
    for (const schema of schemas.values()) {
      for (const node of allNodes(schema)) {
        if ("description" in node) {
          expect(node.description).toEqual(expect.any(String));
          expect(String(node.description)).not.toMatch(/\{@link|^\s*$/);
        }
      }
    }
  });
});

describe("methods.json", () => {
  it("validates against its own schema, MethodRegistry", () => {
    const registry = readJson(join(SCHEMA_DIR, "methods.json"));
    const validate = strictAjv().compile(schemas.get("MethodRegistry") ?? {});
    expect(validate(registry)).toBe(true);
    expect(isJsonObject(registry) && registry.$schema).toBe(`https://app-server-protocol.dev/schemas/${PROTOCOL_VERSION}/MethodRegistry.json`);
  });
});

describe("schema content", () => {
  it("keeps enum values in source order", () => {
    expect(definition("ErrorCode").enum).toEqual([
      "parse_error",
      "invalid_request",
      "method_not_found",
      "invalid_params",
      "internal_error",
      "session_not_found",
      "active_turn",
      "no_active_turn",
      "permission_denied",
      "provider_failed",
      "config_error",
      "tool_error",
      "mcp_error",
      "overloaded",
    ]);
    expect(definition("AskUserCancellationReason").enum).toEqual([
      "interrupt",
      "disconnect",
      "timeout",
      "client_closed",
      "delivery_failed",
      "session_closed",
      "shutdown",
    ]);
    const clientMethods = definition("ClientMethod").enum;
    expect(Array.isArray(clientMethods) && clientMethods.slice(0, 3)).toEqual(["initialize", "session/bootstrap", "session/list"]);
  });

  it("marks tagged unions as oneOf with a discriminator, variants in source order", () => {
    const tagged: Record<string, [string, string[]]> = {
      ClientMessage: ["type", ["ClientMessageRequest", "ClientMessageResponse"]],
      ServerMessage: ["type", ["ServerMessageResponse", "ServerMessageNotification", "ServerMessageRequest"]],
      ResponseResult: ["status", ["ResponseResultSuccess", "ResponseResultError"]],
      AskUserAnswerValue: ["kind", ["AskUserAnswerText", "AskUserAnswerSelected", "AskUserAnswerSelectedMany"]],
      AskUserResponseOutcome: [
        "outcome",
        ["AskUserOutcomeAnswered", "AskUserOutcomeRejected", "AskUserOutcomeClarify", "AskUserOutcomeFinishPlanInterview", "AskUserOutcomeCancelled"],
      ],
      PermissionDecisionWire: ["decision", ["PermissionDecisionApprove", "PermissionDecisionDeny", "PermissionDecisionApproveAlways"]],
      StreamJsonControlReply: ["subtype", ["StreamJsonControlSuccess", "StreamJsonControlError"]],
      StreamJsonQuestionEvent: ["type", ["StreamJsonServerRequestEvent", "StreamJsonServerRequestResolvedEvent"]],
    };
    for (const [name, [tag, variants]] of Object.entries(tagged)) {
      const schema = definition(name);
      expect(schema.discriminator, name).toEqual({ propertyName: tag });
      expect(schema.oneOf, name).toEqual(variants.map((variant) => ({ $ref: `#/$defs/${variant}` })));
      expect(schema, name).not.toHaveProperty("anyOf");
    }
  });

  it("names the form producers write of each type that reads more, in x-emitted, resolvable in the type's own file", () => {
    const tolerant = Object.entries(bundleDefs).filter(([, schema]) => isJsonObject(schema) && "x-emitted" in schema);
    expect(tolerant.map(([name]) => name).sort()).toEqual(["AgentPermissionModeInput", "AuthMethodInput", "BootstrapEditorModeInput", "BootstrapThemeInput", "PermissionModeInput", "ProviderIdInput", "UsageCountInput", "UsageIterationsInput"]);
    for (const [name] of tolerant) {
      const file = schemas.get(name);
      const emitted = isJsonObject(file) && isJsonObject(file["x-emitted"]) ? String(file["x-emitted"].$ref) : "";
      expect(emitted, name).toMatch(/^#\/\$defs\/[A-Z]\w+$/);
      const defs = isJsonObject(file) && isJsonObject(file.$defs) ? file.$defs : {};
      expect(defs[emitted.replace("#/$defs/", "")], name).toEqual(bundleDefs[emitted.replace("#/$defs/", "")]);
    }
  });

  it("keeps a named union's name when it is used inside another union", () => {
    expect(definition("AskUserQuestionResponse")).toMatchObject({
      properties: { outcome: { anyOf: [{ $ref: "#/$defs/AskUserResponseOutcome" }, { type: "null" }] } },
    });
  });

  it("keeps the value schema of maps", () => {
    expect(definition("AskUserOutcomeAnswered")).toMatchObject({
      properties: {
        answers: { type: "object", additionalProperties: { $ref: "#/$defs/AskUserAnswerValue" } },
        annotations: { type: "object", additionalProperties: { type: "string" } },
      },
      required: ["outcome", "answers"],
    });
  });

  it("types integers as integer with their bounds, also inside unions and arrays", () => {
    expect(definition("StreamJsonStreamEventRecord")).toMatchObject({ properties: { sequence: { type: "integer", minimum: 0 } } });
    expect(definition("Uint32")).toMatchObject({ type: "integer", minimum: 0, maximum: 4294967295 });
  });

  it("keeps null in nullable fields and leaves defaults as annotations", () => {
    expect(definition("AskUserOption")).toMatchObject({
      properties: { preview: { type: ["string", "null"] }, description: { type: "string", default: "" } },
      required: ["id", "label"],
    });
    expect(definition("AskUserQuestionSpec")).toMatchObject({
      properties: { allow_free_text: { type: "boolean", default: true }, multi_select: { type: "boolean", default: false } },
    });
  });

  it("does not copy a type's description onto the places that reference it", () => {
    const reference = definition("ClientMessageResponse").properties;
    expect(isJsonObject(reference) && reference.result).toEqual({
      description: "The answer: success with the method's response data, or an error. Required.",
      $ref: "#/$defs/ResponseResult",
    });
    expect(definition("ServerRequestEnvelope")).not.toHaveProperty("properties.id.$ref");
  });
});
