// Writes every generated artifact (schemas/, tests/generated/, docs/reference/,
// generated/) from the hand-written types in packages/types/src. With --check
// it writes nothing and exits non-zero with a diff when a checked-in artifact
// has drifted.
import { buildBindings } from "@app-server-protocol/codegen";
import { REPO_ROOT, buildArtifacts, checkArtifacts, writeArtifacts } from "@app-server-protocol/generator";

const artifacts = await buildArtifacts({ derived: buildBindings });
process.exitCode = process.argv.includes("--check") ? checkArtifacts(REPO_ROOT, artifacts) : writeArtifacts(REPO_ROOT, artifacts);
