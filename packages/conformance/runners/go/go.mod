module app-server-protocol.dev/conformance/runner

go 1.19

// The bindings, by version. Until they are published, point the requirement
// at a local copy with a workspace outside this package (see README.md).
require app-server-protocol.dev/go/protocol v1.0.0
