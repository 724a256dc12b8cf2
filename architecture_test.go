// Package ssztree_test holds the test of the repository's architecture,
// TestArchitecture. It sits at the module's root, a package of tests only
// that nothing imports: it is about the whole module, not one package,
// and run from here (go test runs a test in its package's folder) the
// paths it reads, docs/architecture.md and every package's folder, are
// those the document writes.
package ssztree_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// architectureDoc is the document whose layers and file tables the test
// checks, relative to the module's root.
const architectureDoc = "docs/architecture.md"

// tabledPackages are the packages whose every file architectureDoc lists,
// one a row, under a heading "### <package>/".
var tabledPackages = []string{"tree", "schema", "view"}

// TestArchitecture checks the module against the layers and the file
// tables of docs/architecture.md. It fails when the non-test files of a
// package import a package of the module of a higher rank (test files may
// import upward), when a package of the module or a module of the
// repository has no rank, when the layers name a package or module that is
// not there, and when a non-test .go file of tree/, schema/ or view/ is
// missing from its package's table or the table names a file that is not
// there. The imports are read from every non-test file, whatever its build
// constraints, so that a platform's or a tag's files are checked too.
func TestArchitecture(t *testing.T) {
	doc, err := os.ReadFile(architectureDoc)
	if err != nil {
		t.Fatal(err)
	}
	l, err := parseLayers(doc)
	if err != nil {
		t.Fatalf("%s: %v", architectureDoc, err)
	}
	pkgs, err := listPackages()
	if err != nil {
		t.Fatal(err)
	}
	modules, err := findModules(".")
	if err != nil {
		t.Fatal(err)
	}
	cached, err := inModuleCache()
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range checkLayers(l, pkgs, modules) {
		if cached && errors.Is(err, errNoModule) {
			// A copy in the module cache (go test all, in a module that
			// requires this one) has no nested modules: a module's zip
			// leaves them out.
			continue
		}
		t.Error(err)
	}
	for _, dir := range tabledPackages {
		files, err := goFiles(pkgs, dir)
		if err != nil {
			t.Error(err)
			continue
		}
		table, err := parseFileTable(doc, dir)
		if err != nil {
			t.Errorf("%s: %v", architectureDoc, err)
			continue
		}
		for _, err := range checkFileTable(dir, table, files) {
			t.Errorf("%s: %v", architectureDoc, err)
		}
	}
}

// layers is the layer diagram: the rank of each package and module it
// names, by folder relative to the module's root (without a trailing
// slash; a module's folder without its "/..."). A module's rank covers
// the modules in folders below it too (benchmarks/... holds
// benchmarks/dynssz).
type layers struct {
	packages map[string]int
	modules  map[string]int
}

// rankLine opens a rank: its number, then what the rank holds.
var rankLine = regexp.MustCompile(`^(\d+)\s`)

// parseLayers reads the layer diagram of doc, the fenced block that
// opens with "```layers". A line of the block that starts with a number
// opens a rank; a line indented by three spaces names a package, or a
// module when it ends in "/..."; a line indented further continues a
// description. Any other line is an error, so that the diagram cannot
// drift into a form the test no longer reads.
func parseLayers(doc []byte) (*layers, error) {
	l := &layers{packages: map[string]int{}, modules: map[string]int{}}
	sc := bufio.NewScanner(bytes.NewReader(doc))
	in, found, rank, lineNo := false, false, -1, 0
	for sc.Scan() {
		lineNo++
		line := strings.TrimRight(sc.Text(), " \t")
		if !in {
			if line == "```layers" {
				if found {
					return nil, fmt.Errorf("line %d: a second layers block", lineNo)
				}
				in, found = true, true
			}
			continue
		}
		switch {
		case line == "```":
			in = false
		case line == "":
		case rankLine.MatchString(line):
			n, err := strconv.Atoi(rankLine.FindStringSubmatch(line)[1])
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", lineNo, err)
			}
			if rank >= 0 && n >= rank {
				return nil, fmt.Errorf("line %d: rank %d after rank %d: the ranks go down the page", lineNo, n, rank)
			}
			rank = n
		case strings.HasPrefix(line, "   ") && line[3] != ' ':
			if rank < 0 {
				return nil, fmt.Errorf("line %d: a package before the first rank", lineNo)
			}
			name := strings.Fields(line)[0]
			set := l.packages
			if m, ok := strings.CutSuffix(name, "/..."); ok {
				name, set = m, l.modules
			}
			name = strings.TrimSuffix(name, "/")
			if name == "" || path.Clean(name) != name || strings.HasPrefix(name, "../") {
				return nil, fmt.Errorf("line %d: %q is not a folder below the repository's root", lineNo, strings.Fields(line)[0])
			}
			if _, ok := l.packages[name]; ok {
				return nil, fmt.Errorf("line %d: %s ranked twice", lineNo, name)
			}
			if _, ok := l.modules[name]; ok {
				return nil, fmt.Errorf("line %d: %s ranked twice", lineNo, name)
			}
			set[name] = rank
		case strings.HasPrefix(line, "    "):
			if rank < 0 {
				return nil, fmt.Errorf("line %d: a description before the first rank", lineNo)
			}
		default:
			return nil, fmt.Errorf("line %d: %q is neither a rank, a package nor a description", lineNo, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	switch {
	case !found:
		return nil, errors.New("no layers block (a fenced block opening with ```layers)")
	case in:
		return nil, errors.New("the layers block is not closed")
	case len(l.packages) == 0:
		return nil, errors.New("the layers block names no package")
	}
	return l, nil
}

// pkg is what the test reads of a package of the module, from go list.
type pkg struct {
	ImportPath     string
	Dir            string
	GoFiles        []string
	CgoFiles       []string
	IgnoredGoFiles []string
	Error          *struct{ Err string }

	rel     string   // Dir relative to the module's root, with slashes
	imports []string // the module's packages its non-test files import
}

// nonTest returns the package's .go files that are not tests, whatever
// their build constraints.
func (p *pkg) nonTest() []string {
	var out []string
	for _, f := range slices.Concat(p.GoFiles, p.CgoFiles, p.IgnoredGoFiles) {
		if strings.HasSuffix(f, ".go") && !strings.HasSuffix(f, "_test.go") {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// listPackages returns the packages of the module, by folder relative to
// its root, with the imports of their non-test files read from the files
// themselves: go list reports those of the files that build here only.
func listPackages() (map[string]*pkg, error) {
	out, err := goCommand("list", "-m")
	if err != nil {
		return nil, err
	}
	module := strings.TrimSpace(string(out))
	out, err = goCommand("list", "-e", "-json", "./...")
	if err != nil {
		return nil, err
	}
	root, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	pkgs := map[string]*pkg{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		p := new(pkg)
		if err := dec.Decode(p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list: %v", err)
		}
		if p.Error != nil {
			return nil, fmt.Errorf("go list: %s: %s", p.ImportPath, p.Error.Err)
		}
		rel, err := filepath.Rel(root, p.Dir)
		if err != nil {
			return nil, err
		}
		p.rel = filepath.ToSlash(rel)
		fset := token.NewFileSet()
		for _, name := range p.nonTest() {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.ImportsOnly)
			if err != nil {
				return nil, err
			}
			for _, spec := range f.Imports {
				imp, err := strconv.Unquote(spec.Path.Value)
				if err != nil {
					return nil, err
				}
				if imp == module || strings.HasPrefix(imp, module+"/") {
					p.imports = append(p.imports, strings.TrimPrefix(strings.TrimPrefix(imp, module), "/"))
				}
			}
		}
		slices.Sort(p.imports)
		p.imports = slices.Compact(p.imports)
		pkgs[p.rel] = p
	}
	return pkgs, nil
}

// goCommand runs the go command (go test puts its own first on PATH) in
// the module's root and returns its standard output.
func goCommand(args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return out, nil
}

// findModules returns the folders below root, relative to it, that hold a
// go.mod of a module other than root's: the repository's other modules.
// Folders named .git or node_modules are not searched.
func findModules(root string) ([]string, error) {
	var mods []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() && d.Name() == "go.mod" && filepath.Dir(p) != filepath.Clean(root) {
			mods = append(mods, filepath.ToSlash(filepath.Dir(p)))
		}
		return nil
	})
	slices.Sort(mods)
	return mods, err
}

// checkLayers returns an error for every package of pkgs without a rank or
// importing one of a higher rank, and for every module without a rank,
// and for every package or module the layers name that is not there.
// Packages of tests only have no rank: nothing can import them.
func checkLayers(l *layers, pkgs map[string]*pkg, modules []string) []error {
	var errs []error
	for _, dir := range slices.Sorted(maps.Keys(pkgs)) {
		p := pkgs[dir]
		if len(p.nonTest()) == 0 {
			continue
		}
		rank, ok := l.packages[dir]
		if !ok {
			errs = append(errs, fmt.Errorf("package %s/ is missing from the layers of %s", dir, architectureDoc))
			continue
		}
		for _, imp := range p.imports {
			if r, ok := l.packages[imp]; ok && r > rank {
				errs = append(errs, fmt.Errorf("package %s/ (rank %d) imports %s/, a package of a higher rank (%d)", dir, rank, imp, r))
			}
		}
	}
	for _, dir := range slices.Sorted(maps.Keys(l.packages)) {
		if p, ok := pkgs[dir]; !ok || len(p.nonTest()) == 0 {
			errs = append(errs, fmt.Errorf("%s ranks %s/, which is not a package of the module", architectureDoc, dir))
		}
	}
	for _, m := range modules {
		covered := false
		for e := range l.modules {
			covered = covered || m == e || strings.HasPrefix(m, e+"/")
		}
		if !covered {
			errs = append(errs, fmt.Errorf("module %s/... is missing from the layers of %s", m, architectureDoc))
		}
	}
	for _, m := range slices.Sorted(maps.Keys(l.modules)) {
		if !slices.Contains(modules, m) {
			errs = append(errs, fmt.Errorf("%s ranks %s/...: %w", architectureDoc, m, errNoModule))
		}
	}
	return errs
}

// errNoModule says that the layers rank a module the repository does not
// have.
var errNoModule = errors.New("not a module of the repository (no go.mod there)")

// inModuleCache reports whether the module's root, the working directory,
// lies in the module cache.
func inModuleCache() (bool, error) {
	out, err := goCommand("env", "GOMODCACHE")
	if err != nil {
		return false, err
	}
	cache := strings.TrimSpace(string(out))
	wd, err := os.Getwd()
	if err != nil || cache == "" {
		return false, err
	}
	rel, err := filepath.Rel(cache, wd)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)), nil
}

// goFiles returns the non-test .go files of the package in folder dir.
func goFiles(pkgs map[string]*pkg, dir string) ([]string, error) {
	p, ok := pkgs[dir]
	if !ok {
		return nil, fmt.Errorf("no package %s/ in the module", dir)
	}
	return p.nonTest(), nil
}

// fileCell is the first cell of a row of a file table: one file name in
// backquotes.
var fileCell = regexp.MustCompile("^\\|\\s*`([^`/]+)`\\s*\\|")

// parseFileTable returns the files named by the table that follows the
// heading "### <dir>/" of doc, in its order: the first cell of each row
// after the header and the delimiter row.
func parseFileTable(doc []byte, dir string) ([]string, error) {
	heading := "### " + dir + "/"
	lines := strings.Split(string(doc), "\n")
	start := slices.Index(lines, heading)
	if start < 0 {
		return nil, fmt.Errorf("no heading %q", heading)
	}
	var files []string
	rows := 0
	for i := start + 1; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(line, "|") {
			if rows > 0 || strings.HasPrefix(line, "#") {
				break
			}
			continue
		}
		rows++
		if rows <= 2 { // the header and the delimiter row
			continue
		}
		m := fileCell.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("line %d, under %q: a row whose first cell is not one file in backquotes: %s", i+1, heading, line)
		}
		files = append(files, m[1])
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no table of files under %q", heading)
	}
	return files, nil
}

// checkFileTable returns an error for every file of files (the package's
// non-test .go files) that table does not name, and for every name of
// table that is named twice or is not a file of folder dir.
func checkFileTable(dir string, table, files []string) []error {
	var errs []error
	seen := map[string]bool{}
	for _, f := range table {
		if seen[f] {
			errs = append(errs, fmt.Errorf("the table of %s/ names %s twice", dir, f))
		}
		seen[f] = true
		if fi, err := os.Stat(filepath.Join(dir, f)); err != nil || fi.IsDir() {
			errs = append(errs, fmt.Errorf("the table of %s/ names %s, which is not a file there", dir, f))
		}
	}
	for _, f := range files {
		if !seen[f] {
			errs = append(errs, fmt.Errorf("%s/%s is missing from the table of %s/", dir, f, dir))
		}
	}
	return errs
}

// TestArchitectureChecks checks that the checks of TestArchitecture fail
// where they must, on a diagram and packages made up for it.
func TestArchitectureChecks(t *testing.T) {
	doc := "```layers\n" +
		"2  top\n" +
		"   cmd/tool/      a command\n" +
		"                  described on two lines\n" +
		"   other/...      a module\n" +
		"1  middle\n" +
		"   mid/\n" +
		"0  bottom\n" +
		"   low/\n" +
		"   gone/          not a package\n" +
		"```\n"
	l, err := parseLayers([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	want := &layers{
		packages: map[string]int{"cmd/tool": 2, "mid": 1, "low": 0, "gone": 0},
		modules:  map[string]int{"other": 2},
	}
	if !maps.Equal(l.packages, want.packages) || !maps.Equal(l.modules, want.modules) {
		t.Fatalf("parseLayers: %v %v, want %v %v", l.packages, l.modules, want.packages, want.modules)
	}
	pkgs := map[string]*pkg{
		"cmd/tool": {GoFiles: []string{"main.go"}, imports: []string{"mid", "low"}},
		"mid":      {GoFiles: []string{"mid.go"}, imports: []string{"low"}},
		"low":      {IgnoredGoFiles: []string{"low_other.go", "low_test.go"}, imports: []string{"mid"}},
		"new":      {GoFiles: []string{"new.go"}},
		"testonly": {GoFiles: nil, IgnoredGoFiles: []string{"x_test.go"}},
	}
	var got []string
	for _, err := range checkLayers(l, pkgs, []string{"other", "other/nested", "stray"}) {
		got = append(got, err.Error())
	}
	wantErrs := []string{
		"package low/ (rank 0) imports mid/, a package of a higher rank (1)",
		"package new/ is missing from the layers of " + architectureDoc,
		architectureDoc + " ranks gone/, which is not a package of the module",
		"module stray/... is missing from the layers of " + architectureDoc,
	}
	if !slices.Equal(got, wantErrs) {
		t.Errorf("checkLayers:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(wantErrs, "\n"))
	}

	for _, bad := range []string{
		"no block at all\n",
		"```layers\n```\n",
		"```layers\n1  a\n   x/\n",
		"```layers\n   x/\n```\n",
		"```layers\n0  a\n1  b\n   x/\n```\n",
		"```layers\n1  a\n   x/\n   x/\n```\n",
		"```layers\n1  a\n   ../x/\n```\n",
		"```layers\n1  a\n  x/\n```\n",
		"```layers\n1  a\n   x/\n```\n```layers\n0  b\n   y/\n```\n",
	} {
		if _, err := parseLayers([]byte(bad)); err == nil {
			t.Errorf("parseLayers(%q): no error", bad)
		}
	}

	table := "### pkg/\n\n| file | holds |\n| --- | --- |\n| `a.go` | a |\n| `b.go` | b |\n\nprose\n"
	files, err := parseFileTable([]byte(table), "pkg")
	if err != nil || !slices.Equal(files, []string{"a.go", "b.go"}) {
		t.Errorf("parseFileTable: %q, %v", files, err)
	}
	for _, bad := range []string{
		"### other/\n\n| file | holds |\n| --- | --- |\n| `a.go` | a |\n",
		"### pkg/\n\nno table\n\n### next/\n",
		"### pkg/\n\n| file | holds |\n| --- | --- |\n| `a.go`, `b.go` | two |\n",
	} {
		if _, err := parseFileTable([]byte(bad), "pkg"); err == nil {
			t.Errorf("parseFileTable(%q): no error", bad)
		}
	}
	got = nil
	for _, err := range checkFileTable("tree", []string{"node.go", "node.go", "gone.go"}, []string{"node.go", "zero.go"}) {
		got = append(got, err.Error())
	}
	wantErrs = []string{
		"the table of tree/ names node.go twice",
		"the table of tree/ names gone.go, which is not a file there",
		"tree/zero.go is missing from the table of tree/",
	}
	if !slices.Equal(got, wantErrs) {
		t.Errorf("checkFileTable:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(wantErrs, "\n"))
	}
}
