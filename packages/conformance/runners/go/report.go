package main

import (
	"encoding/json"
	"fmt"
	"io"
)

// report counts what the suites checked, keeps every failure, and writes
// the encodings when asked to.
type report struct {
	out       io.Writer
	failures  int
	counts    map[string]int
	encodings *json.Encoder
}

// encoding is one line of the -encodings file: what the bindings wrote for
// the value of one case.
type encoding struct {
	Suite   string          `json:"suite"`
	File    string          `json:"file"`
	Case    string          `json:"case"`
	Encoded json.RawMessage `json:"encoded"`
}

func newReport(out io.Writer) *report {
	return &report{out: out, counts: map[string]int{}}
}

func (r *report) fail(where, format string, args ...any) {
	r.failures++
	fmt.Fprintf(r.out, "FAIL %s: %s\n", where, fmt.Sprintf(format, args...))
}

func (r *report) count(what string) {
	r.counts[what]++
}

func (r *report) encoded(suite, file, name string, encoded []byte) {
	if r.encodings == nil {
		return
	}
	if err := r.encodings.Encode(encoding{Suite: suite, File: file, Case: name, Encoded: encoded}); err != nil {
		r.fail(fmt.Sprintf("%s/%s#%s", suite, file, name), "the encoding is not written: %v", err)
	}
}
