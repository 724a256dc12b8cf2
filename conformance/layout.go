package conformance

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// The runners of the tests/ folder that this package knows.
const (
	genericRunner = "ssz_generic"
	staticRunner  = "ssz_static"
)

// A caseRef locates the folder of one ssz_generic case,
// tests/<preset>/<fork>/ssz_generic/<handler>/<suite>/<name>/.
type caseRef struct {
	path    string
	fork    string
	handler string
	suite   string // valid or invalid, or a folder that should not be there
	name    string
}

// valid reports whether the case is in the valid suite.
func (r caseRef) valid() bool { return r.suite == "valid" }

// A staticRef locates the folder of one ssz_static case,
// tests/<preset>/<fork>/ssz_static/<type>/<handler>/<name>/.
type staticRef struct {
	path string
	typ  string // the type folder: a container's name
}

// A staticSuite is the ssz_static folder of one preset and fork.
type staticSuite struct {
	preset, fork string
	types        []string    // the type folders, sorted
	cases        []staticRef // sorted by type
}

// typeCases returns the cases of the type folder typ.
func (s *staticSuite) typeCases(typ string) []staticRef {
	i := sort.Search(len(s.cases), func(i int) bool { return s.cases[i].typ >= typ })
	j := i
	for j < len(s.cases) && s.cases[j].typ == typ {
		j++
	}
	return s.cases[i:j]
}

// A layout is the inventory of a tests/ folder.
type layout struct {
	generic []caseRef     // sorted by handler, stably
	static  []staticSuite // sorted by preset, then fork
	notRun  []RunnerCount
}

// scan lists the cases in dir/tests/, laid out as
// tests/<preset>/<fork>/<runner>/<handler>/<suite>/<case>/.
func scan(dir string) (*layout, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("conformance: %s is not a folder holding tests/", dir)
	}
	tests := filepath.Join(dir, "tests")
	if st, err := os.Stat(tests); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("conformance: %s holds no tests/ folder", dir)
	}
	l := new(layout)
	notRun := make(map[string]int)
	presets, err := subdirs(tests)
	if err != nil {
		return nil, err
	}
	for _, preset := range presets {
		forks, err := subdirs(filepath.Join(tests, preset))
		if err != nil {
			return nil, err
		}
		for _, fork := range forks {
			runners, err := subdirs(filepath.Join(tests, preset, fork))
			if err != nil {
				return nil, err
			}
			for _, runner := range runners {
				path := filepath.Join(tests, preset, fork, runner)
				switch runner {
				case genericRunner:
					if err := l.scanGeneric(path, fork); err != nil {
						return nil, err
					}
				case staticRunner:
					suite, err := scanStatic(path, preset, fork)
					if err != nil {
						return nil, err
					}
					l.static = append(l.static, suite)
				default:
					_, cases, err := countCases(path)
					if err != nil {
						return nil, err
					}
					notRun[runner] += cases
				}
			}
		}
	}
	sort.SliceStable(l.generic, func(i, j int) bool { return l.generic[i].handler < l.generic[j].handler })
	for runner, cases := range notRun {
		l.notRun = append(l.notRun, RunnerCount{Runner: runner, Cases: cases})
	}
	sort.Slice(l.notRun, func(i, j int) bool { return l.notRun[i].Runner < l.notRun[j].Runner })
	return l, nil
}

// scanGeneric adds the cases of the ssz_generic folder path.
func (l *layout) scanGeneric(path, fork string) error {
	handlers, err := subdirs(path)
	if err != nil {
		return err
	}
	for _, handler := range handlers {
		suites, err := subdirs(filepath.Join(path, handler))
		if err != nil {
			return err
		}
		for _, suite := range suites {
			names, err := subdirs(filepath.Join(path, handler, suite))
			if err != nil {
				return err
			}
			for _, name := range names {
				l.generic = append(l.generic, caseRef{
					path:    filepath.Join(path, handler, suite, name),
					fork:    fork,
					handler: handler,
					suite:   suite,
					name:    name,
				})
			}
		}
	}
	return nil
}

// scanStatic returns the cases of the ssz_static folder path.
func scanStatic(path, preset, fork string) (staticSuite, error) {
	s := staticSuite{preset: preset, fork: fork}
	types, err := subdirs(path)
	if err != nil {
		return s, err
	}
	s.types = types
	for _, typ := range types {
		handlers, err := subdirs(filepath.Join(path, typ))
		if err != nil {
			return s, err
		}
		for _, handler := range handlers {
			names, err := subdirs(filepath.Join(path, typ, handler))
			if err != nil {
				return s, err
			}
			for _, name := range names {
				s.cases = append(s.cases, staticRef{path: filepath.Join(path, typ, handler, name), typ: typ})
			}
		}
	}
	return s, nil
}

// handlers returns the ssz_generic handlers, in order.
func (l *layout) handlers() []string {
	var hs []string
	for _, r := range l.generic {
		if len(hs) == 0 || hs[len(hs)-1] != r.handler {
			hs = append(hs, r.handler)
		}
	}
	return hs
}

// cases returns the ssz_generic cases of the handler.
func (l *layout) cases(handler string) []caseRef {
	i := sort.Search(len(l.generic), func(i int) bool { return l.generic[i].handler >= handler })
	j := i
	for j < len(l.generic) && l.generic[j].handler == handler {
		j++
	}
	return l.generic[i:j]
}

// countCases counts the handlers of the runner folder path and the case
// folders, <handler>/<suite>/<case>, under them.
func countCases(path string) (handlers, cases int, err error) {
	hs, err := subdirs(path)
	if err != nil {
		return 0, 0, err
	}
	for _, h := range hs {
		suites, err := subdirs(filepath.Join(path, h))
		if err != nil {
			return 0, 0, err
		}
		for _, s := range suites {
			names, err := subdirs(filepath.Join(path, h, s))
			if err != nil {
				return 0, 0, err
			}
			cases += len(names)
		}
	}
	return len(hs), cases, nil
}

// subdirs returns the sorted names of the folders in dir, following
// symbolic links and leaving out hidden ones.
func subdirs(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("conformance: %v", err)
	}
	var names []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		isDir := e.IsDir()
		if e.Type()&fs.ModeSymlink != 0 {
			st, err := os.Stat(filepath.Join(dir, e.Name()))
			isDir = err == nil && st.IsDir()
		}
		if isDir {
			names = append(names, e.Name())
		}
	}
	return names, nil
}
