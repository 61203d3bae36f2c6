import type { ServerMessageRequest } from "@app-server-protocol/types";
import { EMPTY_BRIDGE, acceptAcpResponse, acceptServerRequest, cancelAcpSession, endAcpInput, type AcpBridgeState } from "../src/index.js";

const SIZES = [2_000, 16_000] as const;
const ROUNDS = 7;
const SESSIONS = Array.from({ length: 8 }, (_, index) => ({ id: `s${index}`, promptActive: index === 0 }));
const ALLOW = { outcome: { outcome: "selected", optionId: "allow_once" } };

function permission(index: number): ServerMessageRequest {
  return {
    type: "request",
    id: `srv-perm-${index}`,
    method: "permission/request",
    params: {
      request_id: `perm-${index}`,
      session_id: `s${index % SESSIONS.length}`,
      tool_use_id: `toolu-${index}`,
      tool_name: "Bash",
      tool_input: '{"command":"npm test"}',
      requires_tools_permission: true,
      requires_network_permission: false,
    },
  };
}

/** `size` requests made pending; half answered by the editor; one session cancelled; some ids re-sent while pending; input ended. */
function pass(size: number): number {
  let state: AcpBridgeState = EMPTY_BRIDGE;
  for (let index = 0; index < size; index += 1) state = acceptServerRequest(state, permission(index), SESSIONS).state;
  for (let index = 0; index < size; index += 2) state = acceptAcpResponse(state, `srv-perm-${index}`, ALLOW).state;
  state = cancelAcpSession(state, "s1").state;
  for (let index = 3; index < size; index += 8) state = acceptServerRequest(state, permission(index), SESSIONS).state;
  return endAcpInput(state).responses.length;
}

/** Median wall time of `ROUNDS` passes, in milliseconds. */
function measure(size: number): number {
  pass(size);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = process.hrtime.bigint();
    pass(size);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)] ?? Number.NaN;
}

const [small, large] = SIZES.map(measure);
for (const [index, size] of SIZES.entries()) console.log(`${String(size).padStart(6)} pending: ${[small, large][index]?.toFixed(1)} ms`);
console.log(`ratio ${((large ?? 0) / (small ?? 1)).toFixed(1)}x for ${SIZES[1] / SIZES[0]}x the requests (target < 24x)`);
