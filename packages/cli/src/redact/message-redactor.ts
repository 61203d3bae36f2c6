import { envelopeLine } from "../app-server/envelope-line.js";
import { isJsonObject, own, ownString } from "../json-value.js";
import { redactedAll } from "./redact-value.js";
import { sensitiveFields, type PathStep } from "./sensitive-paths.js";

/** `object` with `key` set to `value` (an own field, even for `__proto__`), or `object` itself when the value is unchanged. */
function withField(object: unknown, key: string, value: unknown): unknown {
  if (!isJsonObject(object) || own(object, key) === value) return object;
  const copy = { ...object };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

function redactedField(object: unknown, key: string, paths: readonly (readonly PathStep[])[]): unknown {
  if (paths.length === 0 || own(object, key) === undefined) return object;
  return withField(object, key, redactedAll(own(object, key), paths));
}

/**
 * Redacts the sensitive fields of app-server messages (the registry's
 * `sensitive_fields`): a request's params by its method, a response's
 * success data by the method of the request it answers. Remembers only the
 * pending requests whose results have sensitive fields.
 */
export class MessageRedactor {
  private readonly resultMethods = new Map<string, string>();

  /** `value` with its sensitive fields replaced, or `value` itself when it has none. */
  redacted(value: unknown): unknown {
    const { message, pathPrefix } = envelopeLine(value);
    const redacted = this.redactedMessage(message);
    return pathPrefix === "" ? redacted : withField(value, "message", redacted);
  }

  private redactedMessage(message: unknown): unknown {
    const type = ownString(message, "type");
    const id = ownString(message, "id");
    if (type === "request") {
      const method = ownString(message, "method") ?? "";
      const fields = sensitiveFields(method);
      if (id !== undefined && fields.result.length > 0) this.resultMethods.set(id, method);
      return redactedField(message, "params", fields.params);
    }
    if (type !== "response" || id === undefined) return message;
    const method = this.resultMethods.get(id);
    if (method === undefined) return message;
    this.resultMethods.delete(id);
    const result = own(message, "result");
    if (ownString(result, "status") !== "success") return message;
    return withField(message, "result", redactedField(result, "data", sensitiveFields(method).result));
  }
}
