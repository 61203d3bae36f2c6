// Names the reference's generated TypeScript uses for types this package
// names after their wire role. They are aliases, not wire types, so the
// schema generator skips this module and no schema carries these names.
import type { McpServerSourcePlugin } from "./mcp.js";
import type { SandboxFilesystemSettings, SandboxNetworkSettings } from "./settings.js";

/**
 * The reference's name for `McpServerSourcePlugin`.
 * @deprecated Use `McpServerSourcePlugin`; this alias eases migration from the reference's generated types.
 */
export type McpPluginSource = McpServerSourcePlugin;

/**
 * The reference's name for `SandboxFilesystemSettings`.
 * @deprecated Use `SandboxFilesystemSettings`; this alias eases migration from the reference's generated types.
 */
export type SandboxFilesystemLocalSettings = SandboxFilesystemSettings;

/**
 * The reference's name for `SandboxNetworkSettings`.
 * @deprecated Use `SandboxNetworkSettings`; this alias eases migration from the reference's generated types.
 */
export type SandboxNetworkLocalSettings = SandboxNetworkSettings;
