import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";
import { projectConfig } from "../../vitest.shared.js";

// The test files that start peers run one after another, each run at most two peers at once: no more than two at a time on the machine.
export default mergeConfig(defineConfig(projectConfig("conform", fileURLToPath(new URL(".", import.meta.url)))), defineConfig({ test: { fileParallelism: false } }));
