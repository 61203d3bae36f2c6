// Writes the API report of every public package's entry points
// (packages/<package>/api/<entry>.api.md) from the built declarations. With
// --check it writes nothing and exits non-zero with a diff when a checked-in
// report differs. Needs the packages built (`npm run build`).
import { runApiReports } from "./api-reports/index.js";

process.exitCode = runApiReports(process.argv.includes("--check") ? "check" : "write");
