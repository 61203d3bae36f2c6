import { runScenarios } from "./scenarios.js";

// The page script: runs the scenarios in the browser and shows their results
// as JSON, which the test reads back. `data-status` says when they are there.
const output = document.getElementById("results");
if (output === null) throw new Error("the page has no #results element");
output.textContent = JSON.stringify(runScenarios(), null, 2);
output.dataset["status"] = "done";
