/** Bundles `entry` (a path to a `.ts` file) for the checkout at `root` into node_modules/.cache/run-bundled/; returns the bundle's path. */
export function bundleEntry(root: string, entry: string): Promise<string>;
