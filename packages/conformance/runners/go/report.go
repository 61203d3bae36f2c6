package main

import (
	"fmt"
	"io"
)

// report counts what the suites checked and keeps every failure.
type report struct {
	out      io.Writer
	failures int
	counts   map[string]int
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
