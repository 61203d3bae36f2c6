import type { InteractiveQuestionsCapability } from "@app-server-protocol/types";
import { validateType, type JsonValue } from "@app-server-protocol/validators/all";
import type { PeerInfo } from "../../model.js";
import type { InteractiveQuestionFlag } from "../../scenario/model.js";
import { atPointer, stringMember } from "../../support/json.js";

/** What a client declared in the `initialize` of the discovery run. */
export interface ClientDeclarations {
  /** Its `interactive_questions` capability; `undefined` when absent, `null` or not well formed (the capability off). */
  readonly questions: InteractiveQuestionsCapability | undefined;
  readonly info: PeerInfo | undefined;
}

/** The declarations in a client's `initialize` request, read leniently (a capability that is not well formed declares nothing). */
export function clientDeclarationsOf(request: JsonValue | undefined): ClientDeclarations {
  const capability = validateType("InteractiveQuestionsCapability", atPointer(request, "/params/capabilities/interactive_questions"));
  const info = atPointer(request, "/params/client_info");
  const name = stringMember(info, "name");
  const version = stringMember(info, "version");
  return { questions: capability.ok ? capability.value : undefined, info: name === undefined || version === undefined ? undefined : { name, version } };
}

/** The first of `flags` the client does not declare, if any. */
export function undeclaredFlag(declarations: ClientDeclarations, flags: readonly InteractiveQuestionFlag[]): InteractiveQuestionFlag | undefined {
  return flags.find((flag) => declarations.questions?.[flag] !== true);
}
