// The schema pipeline: the types package's sources to every checked-in
// artifact (schemas, declaration rollup, protocol reference), and the drift
// check that compares them with the files on disk.
export { buildArtifacts, type Artifacts, type BuildOptions, type DerivedArtifacts } from "./artifacts.js";
export { checkArtifacts, writeArtifacts, writeChangedFiles } from "./commands.js";
export { findDrift, formatDriftReport, type Drift } from "./drift.js";
export { GENERATED_DIRECTORIES, REGENERATE_COMMAND, REPO_ROOT, layout } from "./paths.js";
