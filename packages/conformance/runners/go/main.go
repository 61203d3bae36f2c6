// Command runner checks the Go bindings (module
// app-server-protocol.dev/go/protocol) against the conformance vectors:
// `go run ./runners/go [vectors-dir]` from the conformance package's
// directory. vectors-dir defaults to ../../vectors, the package's vectors
// when it runs from this directory.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
)

func main() {
	vectors := "../../vectors"
	if len(os.Args) > 1 {
		vectors = os.Args[1]
	}
	r := newReport(os.Stdout)
	for _, suite := range []func(string, *report) error{runTypes, runMessages} {
		if err := suite(vectors, r); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	printSummary(r)
	if r.failures > 0 {
		os.Exit(1)
	}
}

func printSummary(r *report) {
	keys := make([]string, 0, len(r.counts))
	for key := range r.counts {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		fmt.Printf("%-26s %d\n", key, r.counts[key])
	}
	fmt.Printf("%d failures\n", r.failures)
	summary, err := json.Marshal(map[string]any{"counts": r.counts, "failures": r.failures})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fmt.Printf("summary %s\n", summary)
}
