import type { JsonValue } from "@app-server-protocol/validators";
import type { PeerInfo } from "../../model.js";
import { atPointer, member, stringMember } from "../../support/json.js";

/** What a server declared in the `InitializeResult` of the discovery run (every capability on). */
export interface Declarations {
  /** Every method in any of the four lists. */
  readonly methods: ReadonlySet<string>;
  readonly info: PeerInfo | undefined;
}

function strings(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** The declarations in a response frame to `initialize`, read leniently (what is not a string list declares nothing). */
export function declarationsOf(response: JsonValue | undefined): Declarations {
  const data = atPointer(response, "/result/data");
  const capabilities = member(data, "capabilities");
  const lists = ["stable_methods", "experimental_methods", "server_notification_methods", "server_request_methods"].flatMap((key) => strings(member(capabilities, key)));
  const serverInfo = member(data, "server_info");
  const name = stringMember(serverInfo, "name");
  const version = stringMember(serverInfo, "version");
  return { methods: new Set(lists), info: name === undefined || version === undefined ? undefined : { name, version } };
}
