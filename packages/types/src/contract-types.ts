// Type-level view of the method registry: no wire types are declared here,
// so the schema generator skips this module.
import type { AskUserQuestionRequest, AskUserQuestionResponse } from "./ask-user.js";
import type { AuthLoginParams, AuthLoginResult, AuthLogoutParams, AuthLogoutResult, AuthOverview } from "./auth.js";
import type { BackgroundCancelResult, BackgroundCreateParams, BackgroundCreateResult, BackgroundEventsResult, BackgroundJobParams, BackgroundLogResult, BackgroundSubscribeParams, BackgroundSubscribeResult, BackgroundTaskListResult, BackgroundTaskView, CancelAsyncTaskParams, CancelAsyncTaskResult, WorkflowListResult, WorkflowResumeParams, WorkflowStartDynamicParams, WorkflowStartParams, WorkflowTaskResult } from "./background.js";
import type { EmptyParams, EnabledParams, EnabledResult, NoData, PathResult, SentResult, SessionIdParams, SettingKeyParams, SettingLockedResult, StringPathParams } from "./common.js";
import type { AdvancedCapabilitiesResult, ChildSessionOrphanCleanupResult, ContextOverview, CostOverview, DiagnosticsCleanupChildSessionsParams, DoctorReport, LastProviderRequestResult, MemoryOverview, PlanOverview, PreUserInstructionsResult, StatsOverview, StatusOverview, UsageOverview, WorkspaceDiff } from "./context.js";
import type { SessionGoalClearResult, SessionGoalContinueParams, SessionGoalContinueResult, SessionGoalGetResult, SessionGoalSetParams, SessionGoalSetResult } from "./goals.js";
import type { InitializeParams, InitializeResult } from "./initialize.js";
import type { McpCapabilitiesResult, McpDiagnoseResult, McpGetPromptParams, McpInvokeToolParams, McpListPromptsResult, McpListResourcesResult, McpListServersResult, McpListToolsResult, McpLogoutOAuthTokenResult, McpOAuthOverview, McpOAuthOverviewParams, McpPromptResult, McpReadResourceParams, McpRemoveServerResult, McpResourceContent, McpServerIdParams, McpServerInput, McpServerTrustResult, McpSessionServerParams, McpSetTrustParams, McpSlashSuggestionCatalog, McpStatusResult, McpToolResult } from "./mcp.js";
import type { McpTrustApprovalRequest, McpTrustRequestResult } from "./mcp-trust.js";
import type { AddDirectoryCandidate, AddDirectoryParams, AddedDirectory, PermissionModeResult, PermissionOverview, PermissionRuleParams, PermissionRuleUpdateResult, PermissionSetModeParams, SessionPermissionRuleParams, ValidateDirectoryParams } from "./permission.js";
import type { PermissionRequest, PermissionRequestResult, PermissionResponseParams } from "./permission-request.js";
import type { TurnContext } from "./records.js";
import type { AcpDeleteSessionParams, AcpLoadReplayPreflight, BootstrapParams, BootstrapState, CompactDecision, CompactSessionResult, PermissionPresetsResult, SessionControlState, SessionFindByTitleParams, SessionFindByTitleResult, SessionForkParams, SessionForkResult, SessionListResult, SessionRecordMessageParams, SessionRenameParams, SessionRewindParams, SetSessionEffortParams, SetSessionModelParams, SetSessionPermissionModeParams, SetSessionPermissionPresetParams } from "./session.js";
import type { ActiveOutputStyleResult, EditorModeParams, EditorModeResult, EffortParams, EffortResult, KeybindingsFileResult, KeybindingsLoadResult, ModelNameResult, ModelOptionsResult, OutputStyleOptionsResult, OutputStyleParams, OutputStyleResult, ProvidersResult, SandboxExcludedCommandParams, SandboxExcludedCommandResult, SandboxLocalSettings, SandboxSettingsUpdate, SetModelParams, SetModelResult, SetThinkingBudgetParams, ThemeParams, ThemeResult, ThinkingBudgetResult } from "./settings.js";
import type { StreamEventNotification } from "./stream-event.js";
import type { AgentDefinitionsResult, AgentDefinitionsWithWarningsResult, EnterPlanModeResult, HookDiscovery, SeedReadStateParams, SeedReadStateResult, SkillDefinitionsParams, SkillDefinitionsResult, TaskListParams, TaskListResult, ToolInvokeParams, ToolInvokeResult, ToolsListResult } from "./tools.js";
import type { TurnCancelResult, TurnInterruptResult, TurnSubmitParams, TurnSubmitResult } from "./turn.js";
import type { ClientMethod, METHOD_CONTRACTS, ServerNotificationMethod, ServerRequestMethod } from "./methods.js";

/**
 * Every type a method contract can name, keyed by its name in `schemas/`.
 * Each key is the name of the type it maps to; the generator verifies it.
 */
export interface ContractTypes {
  AcpDeleteSessionParams: AcpDeleteSessionParams;
  AcpLoadReplayPreflight: AcpLoadReplayPreflight;
  ActiveOutputStyleResult: ActiveOutputStyleResult;
  AddDirectoryCandidate: AddDirectoryCandidate;
  AddDirectoryParams: AddDirectoryParams;
  AddedDirectory: AddedDirectory;
  AdvancedCapabilitiesResult: AdvancedCapabilitiesResult;
  AgentDefinitionsResult: AgentDefinitionsResult;
  AgentDefinitionsWithWarningsResult: AgentDefinitionsWithWarningsResult;
  AskUserQuestionRequest: AskUserQuestionRequest;
  AskUserQuestionResponse: AskUserQuestionResponse;
  AuthLoginParams: AuthLoginParams;
  AuthLoginResult: AuthLoginResult;
  AuthLogoutParams: AuthLogoutParams;
  AuthLogoutResult: AuthLogoutResult;
  AuthOverview: AuthOverview;
  BackgroundCancelResult: BackgroundCancelResult;
  BackgroundCreateParams: BackgroundCreateParams;
  BackgroundCreateResult: BackgroundCreateResult;
  BackgroundEventsResult: BackgroundEventsResult;
  BackgroundJobParams: BackgroundJobParams;
  BackgroundLogResult: BackgroundLogResult;
  BackgroundSubscribeParams: BackgroundSubscribeParams;
  BackgroundSubscribeResult: BackgroundSubscribeResult;
  BackgroundTaskListResult: BackgroundTaskListResult;
  BackgroundTaskView: BackgroundTaskView;
  BootstrapParams: BootstrapParams;
  BootstrapState: BootstrapState;
  CancelAsyncTaskParams: CancelAsyncTaskParams;
  CancelAsyncTaskResult: CancelAsyncTaskResult;
  ChildSessionOrphanCleanupResult: ChildSessionOrphanCleanupResult;
  CompactDecision: CompactDecision;
  CompactSessionResult: CompactSessionResult;
  ContextOverview: ContextOverview;
  CostOverview: CostOverview;
  DiagnosticsCleanupChildSessionsParams: DiagnosticsCleanupChildSessionsParams;
  DoctorReport: DoctorReport;
  EditorModeParams: EditorModeParams;
  EditorModeResult: EditorModeResult;
  EffortParams: EffortParams;
  EffortResult: EffortResult;
  EmptyParams: EmptyParams;
  EnabledParams: EnabledParams;
  EnabledResult: EnabledResult;
  EnterPlanModeResult: EnterPlanModeResult;
  HookDiscovery: HookDiscovery;
  InitializeParams: InitializeParams;
  InitializeResult: InitializeResult;
  KeybindingsFileResult: KeybindingsFileResult;
  KeybindingsLoadResult: KeybindingsLoadResult;
  LastProviderRequestResult: LastProviderRequestResult;
  McpCapabilitiesResult: McpCapabilitiesResult;
  McpDiagnoseResult: McpDiagnoseResult;
  McpGetPromptParams: McpGetPromptParams;
  McpInvokeToolParams: McpInvokeToolParams;
  McpListPromptsResult: McpListPromptsResult;
  McpListResourcesResult: McpListResourcesResult;
  McpListServersResult: McpListServersResult;
  McpListToolsResult: McpListToolsResult;
  McpLogoutOAuthTokenResult: McpLogoutOAuthTokenResult;
  McpOAuthOverview: McpOAuthOverview;
  McpOAuthOverviewParams: McpOAuthOverviewParams;
  McpPromptResult: McpPromptResult;
  McpReadResourceParams: McpReadResourceParams;
  McpRemoveServerResult: McpRemoveServerResult;
  McpResourceContent: McpResourceContent;
  McpServerIdParams: McpServerIdParams;
  McpServerInput: McpServerInput;
  McpServerTrustResult: McpServerTrustResult;
  McpSessionServerParams: McpSessionServerParams;
  McpSetTrustParams: McpSetTrustParams;
  McpSlashSuggestionCatalog: McpSlashSuggestionCatalog;
  McpStatusResult: McpStatusResult;
  McpToolResult: McpToolResult;
  McpTrustApprovalRequest: McpTrustApprovalRequest;
  McpTrustRequestResult: McpTrustRequestResult;
  MemoryOverview: MemoryOverview;
  ModelNameResult: ModelNameResult;
  ModelOptionsResult: ModelOptionsResult;
  NoData: NoData;
  OutputStyleOptionsResult: OutputStyleOptionsResult;
  OutputStyleParams: OutputStyleParams;
  OutputStyleResult: OutputStyleResult;
  PathResult: PathResult;
  PermissionModeResult: PermissionModeResult;
  PermissionOverview: PermissionOverview;
  PermissionPresetsResult: PermissionPresetsResult;
  PermissionRequest: PermissionRequest;
  PermissionRequestResult: PermissionRequestResult;
  PermissionResponseParams: PermissionResponseParams;
  PermissionRuleParams: PermissionRuleParams;
  PermissionRuleUpdateResult: PermissionRuleUpdateResult;
  PermissionSetModeParams: PermissionSetModeParams;
  PlanOverview: PlanOverview;
  PreUserInstructionsResult: PreUserInstructionsResult;
  ProvidersResult: ProvidersResult;
  SandboxExcludedCommandParams: SandboxExcludedCommandParams;
  SandboxExcludedCommandResult: SandboxExcludedCommandResult;
  SandboxLocalSettings: SandboxLocalSettings;
  SandboxSettingsUpdate: SandboxSettingsUpdate;
  SeedReadStateParams: SeedReadStateParams;
  SeedReadStateResult: SeedReadStateResult;
  SentResult: SentResult;
  SessionControlState: SessionControlState;
  SessionFindByTitleParams: SessionFindByTitleParams;
  SessionFindByTitleResult: SessionFindByTitleResult;
  SessionForkParams: SessionForkParams;
  SessionForkResult: SessionForkResult;
  SessionGoalClearResult: SessionGoalClearResult;
  SessionGoalContinueParams: SessionGoalContinueParams;
  SessionGoalContinueResult: SessionGoalContinueResult;
  SessionGoalGetResult: SessionGoalGetResult;
  SessionGoalSetParams: SessionGoalSetParams;
  SessionGoalSetResult: SessionGoalSetResult;
  SessionIdParams: SessionIdParams;
  SessionListResult: SessionListResult;
  SessionPermissionRuleParams: SessionPermissionRuleParams;
  SessionRecordMessageParams: SessionRecordMessageParams;
  SessionRenameParams: SessionRenameParams;
  SessionRewindParams: SessionRewindParams;
  SetModelParams: SetModelParams;
  SetModelResult: SetModelResult;
  SetSessionEffortParams: SetSessionEffortParams;
  SetSessionModelParams: SetSessionModelParams;
  SetSessionPermissionModeParams: SetSessionPermissionModeParams;
  SetSessionPermissionPresetParams: SetSessionPermissionPresetParams;
  SetThinkingBudgetParams: SetThinkingBudgetParams;
  SettingKeyParams: SettingKeyParams;
  SettingLockedResult: SettingLockedResult;
  SkillDefinitionsParams: SkillDefinitionsParams;
  SkillDefinitionsResult: SkillDefinitionsResult;
  StatsOverview: StatsOverview;
  StatusOverview: StatusOverview;
  StreamEventNotification: StreamEventNotification;
  StringPathParams: StringPathParams;
  TaskListParams: TaskListParams;
  TaskListResult: TaskListResult;
  ThemeParams: ThemeParams;
  ThemeResult: ThemeResult;
  ThinkingBudgetResult: ThinkingBudgetResult;
  ToolInvokeParams: ToolInvokeParams;
  ToolInvokeResult: ToolInvokeResult;
  ToolsListResult: ToolsListResult;
  TurnCancelResult: TurnCancelResult;
  TurnContext: TurnContext;
  TurnInterruptResult: TurnInterruptResult;
  TurnSubmitParams: TurnSubmitParams;
  TurnSubmitResult: TurnSubmitResult;
  UsageOverview: UsageOverview;
  ValidateDirectoryParams: ValidateDirectoryParams;
  WorkflowListResult: WorkflowListResult;
  WorkflowResumeParams: WorkflowResumeParams;
  WorkflowStartDynamicParams: WorkflowStartDynamicParams;
  WorkflowStartParams: WorkflowStartParams;
  WorkflowTaskResult: WorkflowTaskResult;
  WorkspaceDiff: WorkspaceDiff;
}

type Contracts = typeof METHOD_CONTRACTS;

/**
 * The params type of a client request method, from the method string alone.
 *
 * @example
 * ```ts
 * import type { ClientRequestParams } from "@app-server-protocol/types";
 *
 * const params: ClientRequestParams<"turn/submit"> = { session_id: "s1", prompt: "Run the tests" };
 * params.prompt; // => "Run the tests"
 * ```
 */
export type ClientRequestParams<M extends ClientMethod> = ContractTypes[Contracts[M]["params"]];

/**
 * The client methods whose params are `EmptyParams`. Their requests may leave
 * `params` out, as the reference client does; the server reads an absent
 * `params` as `{}`.
 *
 * @example
 * ```ts
 * import type { ParamlessClientMethod } from "@app-server-protocol/types";
 *
 * const method: ParamlessClientMethod = "session/list";
 * method; // => "session/list"
 * ```
 */
export type ParamlessClientMethod = { [M in ClientMethod]: Contracts[M]["params"] extends "EmptyParams" ? M : never }[ClientMethod];

/**
 * The type of the success `data` of a client request method's response
 * (`null` for the methods that return no payload).
 *
 * @example
 * ```ts
 * import type { ClientRequestResult } from "@app-server-protocol/types";
 *
 * function subscription(result: ClientRequestResult<"turn/submit">): string {
 *   return result.subscription_id;
 * }
 * subscription({ subscription_id: "sub-1" }); // => "sub-1"
 * ```
 */
export type ClientRequestResult<M extends ClientMethod> = ContractTypes[Contracts[M]["result"]];

/**
 * The params type of a server notification method.
 */
export type ServerNotificationParams<M extends ServerNotificationMethod> = ContractTypes[Contracts[M]["params"]];

/**
 * The params type of a server request method.
 *
 * @example
 * ```ts
 * import type { ServerRequestParams } from "@app-server-protocol/types";
 *
 * function onQuestion(params: ServerRequestParams<"ask_user/request">) {
 *   return params.request_id;
 * }
 * ```
 */
export type ServerRequestParams<M extends ServerRequestMethod> = ContractTypes[Contracts[M]["params"]];

/**
 * The type of the success `data` a client answers a server request with.
 *
 * @example
 * ```ts
 * import type { ServerRequestResult } from "@app-server-protocol/types";
 *
 * const answer: ServerRequestResult<"mcp_trust/request"> = "trust";
 * answer; // => "trust"
 * ```
 */
export type ServerRequestResult<M extends ServerRequestMethod> = ContractTypes[Contracts[M]["result"]];
