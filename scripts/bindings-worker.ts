// A worker thread of `npm run generate` and `npm run check`: generates the
// bindings of each language scripts/generate.ts hands it.
import { serveLanguages } from "@app-server-protocol/codegen";

serveLanguages();
