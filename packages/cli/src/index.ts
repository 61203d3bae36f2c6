export { AppServerTranscript } from "./app-server/transcript.js";
export { checkedLine, type CheckerOptions, type TranscriptChecker } from "./checker.js";
export { CORRELATION_CODES, FINDING_CODES, severityOf, type CorrelationCode, type Finding, type FindingCode, type LineFinding, type Severity } from "./findings.js";
export { StreamJsonTranscript } from "./stream-json/transcript.js";
export { main } from "./main.js";
export type { ChunkSource, CommandIo } from "./io.js";
export type { ReportFormat, TextSink } from "./report/writers.js";
export type { Summary, ValidateReport } from "./report/summary.js";
export type { Framing } from "./framing.js";
