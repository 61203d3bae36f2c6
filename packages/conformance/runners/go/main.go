// Command runner checks the Go bindings (module
// app-server-protocol.dev/go/protocol) against the conformance vectors:
// `go run ./runners/go [-encodings file] [vectors-dir]` from the conformance
// package's directory. vectors-dir defaults to ../../vectors, the package's
// vectors when it runs from this directory. With -encodings, what the
// bindings wrote for each value they accepted goes to that file, a JSON
// object per line, for a comparison across languages.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
)

func main() {
	encodings := flag.String("encodings", "", "write each accepted value's encoding to this file, a JSON line each")
	flag.Parse()
	vectors := "../../vectors"
	if flag.NArg() > 0 {
		vectors = flag.Arg(0)
	}
	r := newReport(os.Stdout)
	if *encodings != "" {
		file, err := os.Create(*encodings)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		defer file.Close()
		r.encodings = json.NewEncoder(file)
	}
	for _, suite := range []func(string, *report) error{runTypes, runMessages, runSchemaEdges} {
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
