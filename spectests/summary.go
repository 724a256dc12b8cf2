package spectests

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Prefix starts every line of [Summary.Lines], so that CI can pick the
// summary out of the test output.
const Prefix = "spectests: "

// A Summary is the outcome of a run over a tests/ folder.
type Summary struct {
	// Dir is the folder holding tests/.
	Dir string
	// Handlers counts the ssz_generic cases by handler.
	Handlers map[string]*HandlerCount
	// Failures are the cases that failed, in the order they ran.
	Failures []Failure
	// Unsupported counts the ssz_generic cases that were not run because
	// the schema package does not support their types yet, by handler and
	// test container.
	Unsupported []UnsupportedCount
	// Static counts the ssz_static cases, not supported yet, by preset and
	// fork.
	Static []StaticCount
	// NotRun counts the cases of the runners that are not SSZ suites.
	NotRun []RunnerCount
}

// A HandlerCount counts the ssz_generic cases of one handler.
type HandlerCount struct {
	// Valid and Invalid count the cases that passed, by suite.
	Valid, Invalid int
	// Failed counts the cases that failed, Unsupported those not run.
	Failed, Unsupported int
}

// A Failure is a case that failed.
type Failure struct {
	// Path is the case folder.
	Path string
	// Err says what went wrong; it names the case folder too.
	Err error
}

// An UnsupportedCount counts the cases of one handler, or of one test
// container of the containers handler, whose types are not supported yet.
type UnsupportedCount struct {
	Handler   string
	Container string // empty for a whole handler
	Missing   string // the missing SSZ types
	// Valid and Invalid count the cases by suite.
	Valid, Invalid int
}

// A StaticCount counts the ssz_static cases of one preset and fork.
type StaticCount struct {
	Preset, Fork string
	// Types counts the types (handler folders), Cases the case folders.
	Types, Cases int
}

// A RunnerCount counts the cases of one runner that was not run, over all
// presets and forks.
type RunnerCount struct {
	Runner string
	Cases  int
}

func newSummary(dir string, l *layout) *Summary {
	return &Summary{
		Dir:      dir,
		Handlers: make(map[string]*HandlerCount),
		Static:   l.static,
		NotRun:   l.notRun,
	}
}

// handler returns the counts of the handler, adding them if needed.
func (s *Summary) handler(name string) *HandlerCount {
	h := s.Handlers[name]
	if h == nil {
		h = new(HandlerCount)
		s.Handlers[name] = h
	}
	return h
}

// record records the outcome of the case in the folder r: passed if err is
// nil, not run if err is an [*UnsupportedError], failed otherwise.
func (s *Summary) record(r caseRef, err error) {
	h := s.handler(r.handler)
	var u *UnsupportedError
	switch {
	case err == nil && r.valid():
		h.Valid++
	case err == nil:
		h.Invalid++
	case errors.As(err, &u):
		h.Unsupported++
		s.unsupported(u, r.valid())
	default:
		h.Failed++
		s.Failures = append(s.Failures, Failure{Path: r.path, Err: err})
	}
}

// unsupported counts a case of the unsupported type u.
func (s *Summary) unsupported(u *UnsupportedError, valid bool) {
	i := 0
	for i < len(s.Unsupported) && (s.Unsupported[i].Handler != u.Handler || s.Unsupported[i].Container != u.Container) {
		i++
	}
	if i == len(s.Unsupported) {
		s.Unsupported = append(s.Unsupported, UnsupportedCount{Handler: u.Handler, Container: u.Container, Missing: u.Missing})
	}
	if valid {
		s.Unsupported[i].Valid++
	} else {
		s.Unsupported[i].Invalid++
	}
}

// Total returns the counts summed over the handlers.
func (s *Summary) Total() HandlerCount {
	var t HandlerCount
	for _, h := range s.Handlers {
		t.Valid += h.Valid
		t.Invalid += h.Invalid
		t.Failed += h.Failed
		t.Unsupported += h.Unsupported
	}
	return t
}

// maxFailureLines bounds the failures listed by Lines.
const maxFailureLines = 50

// Lines returns the summary as a table and lists, one line per row, each
// line starting with [Prefix].
func (s *Summary) Lines() []string {
	var lines []string
	add := func(format string, args ...any) {
		lines = append(lines, Prefix+fmt.Sprintf(format, args...))
	}
	add("ssz_generic cases in %s", s.Dir)
	names := make([]string, 0, len(s.Handlers))
	width := len("handler")
	for name := range s.Handlers {
		names = append(names, name)
		width = max(width, len(name))
	}
	sort.Strings(names)
	row := func(name string, h HandlerCount) {
		add("%-*s %7d %7d %7d %11d", width, name, h.Valid, h.Invalid, h.Failed, h.Unsupported)
	}
	add("%-*s %7s %7s %7s %11s", width, "handler", "valid", "invalid", "failed", "unsupported")
	for _, name := range names {
		row(name, *s.Handlers[name])
	}
	row("total", s.Total())

	for _, u := range s.Unsupported {
		what := "ssz_generic/" + u.Handler
		if u.Container != "" {
			what += " " + u.Container
		}
		add("unsupported: %s (%s): %d valid and %d invalid cases not run", what, u.Missing, u.Valid, u.Invalid)
	}
	for _, st := range s.Static {
		add("unsupported: ssz_static %s/%s: %s of %d types not run", st.Preset, st.Fork, plural(st.Cases, "case"), st.Types)
	}
	for _, r := range s.NotRun {
		add("not an SSZ suite, not run: %s: %s", r.Runner, plural(r.Cases, "case"))
	}

	for i, f := range s.Failures {
		if i == maxFailureLines {
			add("FAIL ... and %d more failures", len(s.Failures)-i)
			break
		}
		msg, _, _ := strings.Cut(f.Err.Error(), "\n")
		add("FAIL %s", msg)
	}
	t := s.Total()
	if t.Failed > 0 {
		add("FAIL: %d of %d cases failed", t.Failed, t.Valid+t.Invalid+t.Failed)
	} else {
		add("PASS: %d valid and %d invalid cases passed, %d not supported yet", t.Valid, t.Invalid, t.Unsupported)
	}
	return lines
}

// String returns the lines of the summary.
func (s *Summary) String() string { return strings.Join(s.Lines(), "\n") }

// plural returns n and the noun, in the plural unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
