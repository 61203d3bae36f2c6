module app-server-protocol.dev/conformance/runner

go 1.19

require app-server-protocol.dev/go/protocol v0.0.0

// The bindings in this repository; point it elsewhere with
// `go mod edit -replace=app-server-protocol.dev/go/protocol=<dir>`.
replace app-server-protocol.dev/go/protocol => ../../../../generated/go
