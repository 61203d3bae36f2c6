// The worker thread of the worker-thread tests, bundled by the test before it starts it.
import { serveBindings } from "@app-server-protocol/codegen/parallel";
import { ECHO_LANGUAGES } from "./echo-languages.js";

serveBindings(ECHO_LANGUAGES);
