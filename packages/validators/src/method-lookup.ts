import { findMethod, type MethodDescriptor } from "@app-server-protocol/types";

// A connection's messages mostly repeat a few methods (a stream of
// `stream/event` notifications, `ask_user/request` and the requests between
// them): the last methods found are kept, and comparing a method name with a
// few costs less than hashing the name again. Only a method of the registry
// is kept, so an unknown name, however long, is never held on to.
const RECENT_METHODS = 4;
const recentNames: string[] = [];
const recentMethods: MethodDescriptor[] = [];
let nextRecent = 0;

/** `findMethod`, remembering the last methods it found. */
export function methodNamed(name: string): MethodDescriptor | undefined {
  const recent = recentNames.indexOf(name);
  if (recent !== -1) return recentMethods[recent];
  const method = findMethod(name);
  if (method !== undefined) {
    recentNames[nextRecent] = name;
    recentMethods[nextRecent] = method;
    nextRecent = (nextRecent + 1) % RECENT_METHODS;
  }
  return method;
}
