import { findMethod, type MethodDescriptor } from "@app-server-protocol/types";

// A connection's messages mostly repeat a few methods (a stream of
// `stream/event` notifications, the answers to `ask_user/request`): the last
// method found is kept, and comparing a method name with it costs less than
// hashing the name again. Only a method of the registry is kept, so an
// unknown name, however long, is never held on to.
let lastName: string | undefined;
let lastMethod: MethodDescriptor | undefined;

/** `findMethod`, remembering the last method it found. */
export function methodNamed(name: string): MethodDescriptor | undefined {
  if (name === lastName) return lastMethod;
  const method = findMethod(name);
  if (method !== undefined) {
    lastName = name;
    lastMethod = method;
  }
  return method;
}
