package conformance

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Prefix starts every line of [Summary.Lines], so that CI can pick the
// summary out of the test output.
const Prefix = "conformance: "

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
	// Static counts the ssz_static cases by preset and fork, in the order
	// of their folders.
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
	// Types counts the type folders, Cases the case folders.
	Types, Cases int
	// Unsupported says why the cases were not run (an unknown fork or
	// preset), or is empty if they were.
	Unsupported string
	// ByType counts the outcomes by type folder, in order, if the cases
	// were run.
	ByType []TypeCount
}

// Passed returns the number of cases that passed.
func (c *StaticCount) Passed() int {
	n := 0
	for _, t := range c.ByType {
		n += t.Passed
	}
	return n
}

// Failed returns the number of cases that failed.
func (c *StaticCount) Failed() int {
	n := 0
	for _, t := range c.ByType {
		n += t.Failed
	}
	return n
}

// A TypeCount counts the outcomes of the ssz_static cases of one type
// folder.
type TypeCount struct {
	Type           string
	Passed, Failed int
}

// A RunnerCount counts the cases of one runner that was not run, over all
// presets and forks.
type RunnerCount struct {
	Runner string
	Cases  int
}

func newSummary(dir string, l *layout, static []*staticRun) *Summary {
	s := &Summary{
		Dir:      dir,
		Handlers: make(map[string]*HandlerCount),
		NotRun:   l.notRun,
	}
	for _, run := range static {
		c := StaticCount{
			Preset:      run.suite.preset,
			Fork:        run.suite.fork,
			Types:       len(run.suite.types),
			Cases:       len(run.suite.cases),
			Unsupported: run.unsupported,
		}
		if c.Unsupported == "" {
			for _, typ := range run.suite.types {
				c.ByType = append(c.ByType, TypeCount{Type: typ})
			}
		}
		s.Static = append(s.Static, c)
	}
	return s
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

// recordStatic records the outcome of the case in the folder path, of the
// j-th type of the i-th ssz_static suite: passed if err is nil, failed
// otherwise.
func (s *Summary) recordStatic(i, j int, path string, err error) {
	t := &s.Static[i].ByType[j]
	if err == nil {
		t.Passed++
		return
	}
	t.Failed++
	s.Failures = append(s.Failures, Failure{Path: path, Err: err})
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

// StaticTotal returns the numbers of ssz_static cases that passed, failed
// and were not run, over all presets and forks.
func (s *Summary) StaticTotal() (passed, failed, unsupported int) {
	for i := range s.Static {
		c := &s.Static[i]
		if c.Unsupported != "" {
			unsupported += c.Cases
		}
		passed += c.Passed()
		failed += c.Failed()
	}
	return passed, failed, unsupported
}

// Total returns the counts of the ssz_generic cases summed over the
// handlers.
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

// Lines returns the summary as tables and lists, one line per row, each
// line starting with [Prefix]: the ssz_generic cases by handler; the
// ssz_static cases by preset and fork, and by type, with a column per
// preset and fork that gives the number of cases that passed, or
// passed/run if some failed; the cases not run; the failures; and the
// outcome.
func (s *Summary) Lines() []string {
	var lines []string
	add := func(format string, args ...any) {
		lines = append(lines, Prefix+fmt.Sprintf(format, args...))
	}
	s.genericLines(add)
	s.staticLines(add)

	for _, u := range s.Unsupported {
		what := "ssz_generic/" + u.Handler
		if u.Container != "" {
			what += " " + u.Container
		}
		add("unsupported: %s (%s): %d valid and %d invalid cases not run", what, u.Missing, u.Valid, u.Invalid)
	}
	for _, st := range s.Static {
		if st.Unsupported != "" {
			add("unsupported: ssz_static %s/%s (%s): %s of %s not run",
				st.Preset, st.Fork, st.Unsupported, plural(st.Cases, "case"), plural(st.Types, "type"))
		}
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
	passed, failed, unsupported := s.StaticTotal()
	if failed += t.Failed; failed > 0 {
		add("FAIL: %d of %d cases failed", failed, t.Valid+t.Invalid+passed+failed)
	} else {
		add("PASS: %d valid and %d invalid ssz_generic cases and %d ssz_static cases passed, %d not supported yet",
			t.Valid, t.Invalid, passed, t.Unsupported+unsupported)
	}
	return lines
}

// genericLines adds the table of the ssz_generic cases by handler.
func (s *Summary) genericLines(add func(format string, args ...any)) {
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
}

// staticLines adds the tables of the ssz_static cases that were run: by
// preset and fork, and by type.
func (s *Summary) staticLines(add func(format string, args ...any)) {
	var run []*StaticCount
	for i := range s.Static {
		if s.Static[i].Unsupported == "" {
			run = append(run, &s.Static[i])
		}
	}
	if len(run) == 0 {
		return
	}
	add("ssz_static cases in %s", s.Dir)
	add("%-16s %5s %7s %7s %7s", "preset/fork", "types", "cases", "passed", "failed")
	for _, c := range run {
		add("%-16s %5d %7d %7d %7d", c.Preset+"/"+c.Fork, c.Types, c.Cases, c.Passed(), c.Failed())
	}

	// One row per type, one column per preset and fork.
	cols := make([]string, len(run))
	widths := make([]int, len(run))
	cells := make(map[string][]string)
	var types []string
	for i, c := range run {
		cols[i] = c.Preset + "/" + c.Fork
		widths[i] = len(cols[i])
		for _, t := range c.ByType {
			if cells[t.Type] == nil {
				cells[t.Type] = make([]string, len(run))
				types = append(types, t.Type)
			}
			cell := fmt.Sprint(t.Passed)
			if t.Failed > 0 {
				cell = fmt.Sprintf("%d/%d", t.Passed, t.Passed+t.Failed)
			}
			cells[t.Type][i] = cell
			widths[i] = max(widths[i], len(cell))
		}
	}
	sort.Strings(types)
	width := len("type")
	for _, typ := range types {
		width = max(width, len(typ))
	}
	row := func(name string, cells []string) {
		line := fmt.Sprintf("%-*s", width, name)
		for i, cell := range cells {
			if cell == "" {
				cell = "-" // no folder of the type in this preset and fork
			}
			line += fmt.Sprintf(" %*s", widths[i], cell)
		}
		add("%s", line)
	}
	row("type", cols)
	for _, typ := range types {
		row(typ, cells[typ])
	}
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
