// Package samples gives values of SSZ types for the tests of the fork
// packages: random values of any schema type, and the values of the
// ssz_static conformance cases of [Dir] (the subset the repository
// carries, or the folder named by SSZ_SPECTESTS), so that a property (a
// header has the root of its block) is checked on both. It is test
// support, not API (see package testutil).
package samples

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/golang/snappy"
	"github.com/ssztree/ssztree/schema"
)

// Random returns the serialization of a random valid value of type t,
// whose lists and bitlists hold at most maxLen elements (bytes, for
// bitlists), so that values of types with large limits stay small. A
// quarter of the unsigned integers are 0 or all ones, the edges.
func Random(r *rand.Rand, t schema.Type, maxLen int) ([]byte, error) {
	switch t := t.(type) {
	case *schema.Uint:
		b := make([]byte, t.FixedSize())
		fill(r, b)
		if r.IntN(4) == 0 {
			edge := byte(0xff * r.IntN(2))
			for i := range b {
				b[i] = edge
			}
		}
		return b, nil
	case *schema.Bool:
		return []byte{byte(r.IntN(2))}, nil
	case *schema.Bitvector:
		b := make([]byte, t.FixedSize())
		fill(r, b)
		if extra := t.Len() % 8; extra != 0 {
			b[len(b)-1] &= 1<<extra - 1 // the padding bits are zero
		}
		return b, nil
	case *schema.Bitlist:
		n := r.IntN(int(min(t.Limit(), uint64(8*maxLen))) + 1)
		b := make([]byte, n/8+1)
		for i := 0; i < n; i++ {
			b[i/8] |= byte(r.IntN(2)) << (i % 8)
		}
		b[n/8] |= 1 << (n % 8) // the delimiter
		return b, nil
	case *schema.Vector:
		return sequence(r, t.Elem(), int(t.Len()), maxLen)
	case *schema.List:
		return sequence(r, t.Elem(), r.IntN(int(min(t.Limit(), uint64(maxLen)))+1), maxLen)
	case *schema.ProgressiveBitlist:
		// The serialization of a bitlist, without a limit.
		n := r.IntN(8*maxLen + 1)
		b := make([]byte, n/8+1)
		for i := 0; i < n; i++ {
			b[i/8] |= byte(r.IntN(2)) << (i % 8)
		}
		b[n/8] |= 1 << (n % 8) // the delimiter
		return b, nil
	case *schema.ProgressiveList:
		return sequence(r, t.Elem(), r.IntN(maxLen+1), maxLen)
	case *schema.Container:
		return fields(r, t.NumFields(), func(i int) schema.Type { return t.Field(i).Type }, maxLen)
	case *schema.ProgressiveContainer:
		// Serialized as a container of its fields.
		return fields(r, t.NumFields(), func(i int) schema.Type { return t.Field(i).Type }, maxLen)
	case *schema.Union:
		sel := r.IntN(t.Options())
		if t.Option(sel) == nil {
			return []byte{0}, nil
		}
		b, err := Random(r, t.Option(sel), maxLen)
		if err != nil {
			return nil, err
		}
		return append([]byte{byte(sel)}, b...), nil
	}
	return nil, fmt.Errorf("samples: no random values of %s (%T)", t, t)
}

// fields returns the serialization of a container of n random fields, of
// the types field gives.
func fields(r *rand.Rand, n int, field func(i int) schema.Type, maxLen int) ([]byte, error) {
	parts := make([][]byte, n)
	fixed := make([]bool, n)
	for i := range parts {
		f := field(i)
		b, err := Random(r, f, maxLen)
		if err != nil {
			return nil, err
		}
		parts[i], fixed[i] = b, f.IsFixedSize()
	}
	return join(parts, fixed), nil
}

// sequence returns the serialization of n random values of type elem.
func sequence(r *rand.Rand, elem schema.Type, n, maxLen int) ([]byte, error) {
	parts := make([][]byte, n)
	fixed := make([]bool, n)
	for i := range parts {
		b, err := Random(r, elem, maxLen)
		if err != nil {
			return nil, err
		}
		parts[i], fixed[i] = b, elem.IsFixedSize()
	}
	return join(parts, fixed), nil
}

// join returns the serialization of a container or sequence of the parts:
// the fixed ones in place, the others after the fixed part, each replaced
// there by its 4-byte offset.
func join(parts [][]byte, fixed []bool) []byte {
	size := 0
	for i, p := range parts {
		if fixed[i] {
			size += len(p)
		} else {
			size += 4
		}
	}
	head := make([]byte, 0, size)
	var tail []byte
	for i, p := range parts {
		if fixed[i] {
			head = append(head, p...)
			continue
		}
		head = binary.LittleEndian.AppendUint32(head, uint32(size+len(tail)))
		tail = append(tail, p...)
	}
	return append(head, tail...)
}

func fill(r *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}

// A Case is one value of a type: of a conformance case, or random.
type Case struct {
	// Name says where the value comes from: the case folder, relative to
	// the type's (ssz_random/case_0), or random/<i>.
	Name string
	// SSZ is the value's serialization.
	SSZ []byte
}

// EnvDir names the environment variable that names a folder of
// conformance data in the layout of consensus-spec-tests (the folder
// holding tests/): a full release, or ../shared/spectests. When it is
// unset, the tests read the subset the repository carries, [Carried].
const EnvDir = "SSZ_SPECTESTS"

// Carried is the folder, relative to the repository's root, of the subset
// of the conformance data the repository carries: a case of every type of
// every fork and preset and of every ssz_generic handler (its README says
// how it was chosen). It is a module of its own, so that the library's
// module zip, what go get downloads, leaves it out.
const Carried = "testdata/spectests"

// NotCarried reports whether the tests read the carried subset
// (SSZ_SPECTESTS is unset) and it leaves out the ssz_static type typ of
// preset: the mainnet BeaconState and HistoricalBatch, which the minimal
// preset has with the same fields at a smaller size.
func NotCarried(preset, typ string) bool {
	return os.Getenv(EnvDir) == "" && preset == "mainnet" && (typ == "BeaconState" || typ == "HistoricalBatch")
}

// Dir returns the folder of conformance data the tests read: the one named
// by SSZ_SPECTESTS or, when it is unset, the subset the repository
// carries ([Carried]). A relative name is resolved against the root of
// module github.com/ssztree/ssztree, the first folder up from the working
// directory (a package folder, under go test) whose go.mod declares it, so
// that the tests of the modules in benchmarks/ and fuzzing/ find the same
// folder. A folder that does not hold tests/ is an error, so that no test
// passes for want of data; the one exception is a copy of the module in
// the module cache (a dependency's tests, run by go test all), which has
// no carried subset: Dir then returns "" and no error, and the tests that
// need the data skip.
func Dir() (string, error) {
	dir := os.Getenv(EnvDir)
	if dir == "" || !filepath.IsAbs(dir) {
		root, err := moduleRoot()
		if err != nil {
			return "", err
		}
		if dir == "" {
			if inModuleCache(root) {
				return "", nil
			}
			dir = filepath.Join(root, filepath.FromSlash(Carried))
		} else {
			dir = filepath.Join(root, dir)
		}
	}
	if fi, err := os.Stat(filepath.Join(dir, "tests")); err != nil || !fi.IsDir() {
		if os.Getenv(EnvDir) == "" {
			return "", fmt.Errorf("samples: the repository's conformance data, %s, has no tests/ folder: is the clone complete?", dir)
		}
		return "", fmt.Errorf("samples: %s=%s: %s is not a folder holding tests/ (the layout of consensus-spec-tests)", EnvDir, os.Getenv(EnvDir), dir)
	}
	return dir, nil
}

// moduleRoot returns the root of module modulePath: the first folder, up
// from the working directory, whose go.mod declares it.
func moduleRoot() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for root := wd; ; {
		if isModuleRoot(root) {
			return root, nil
		}
		up := filepath.Dir(root)
		if up == root {
			return "", fmt.Errorf("samples: no go.mod of %s above %s", modulePath, wd)
		}
		root = up
	}
}

// inModuleCache reports whether the module root dir is a copy in the
// module cache, whose folders are named path@version.
func inModuleCache(dir string) bool {
	return strings.Contains(filepath.Base(dir), "@")
}

// modulePath is the path of the module whose root Dir resolves against.
const modulePath = "github.com/ssztree/ssztree"

// isModuleRoot reports whether the folder dir holds the go.mod of module
// modulePath.
func isModuleRoot(dir string) bool {
	b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`) == modulePath
		}
	}
	return false
}

// Static returns the cases of type typ in the ssz_static suites of fork
// and preset (mainnet, minimal) under dir, a folder holding tests/, in the
// order of their names: none if dir holds no such type. The bytes are read
// from serialized.ssz_snappy (snappy block format) or, in releases before
// compression, serialized.ssz.
func Static(dir, preset, fork, typ string) ([]Case, error) {
	top := filepath.Join(dir, "tests", preset, fork, "ssz_static", typ)
	dirs, err := filepath.Glob(filepath.Join(top, "*", "*"))
	if err != nil {
		return nil, err
	}
	sort.Strings(dirs)
	cs := make([]Case, 0, len(dirs))
	for _, d := range dirs {
		b, err := serialized(d)
		if err != nil {
			return nil, err
		}
		rel, err := filepath.Rel(top, d)
		if err != nil {
			return nil, err
		}
		cs = append(cs, Case{Name: filepath.ToSlash(rel), SSZ: b})
	}
	return cs, nil
}

// serialized returns the bytes of the case in the folder dir.
func serialized(dir string) ([]byte, error) {
	src, err := os.ReadFile(filepath.Join(dir, "serialized.ssz_snappy"))
	if errors.Is(err, fs.ErrNotExist) {
		return os.ReadFile(filepath.Join(dir, "serialized.ssz"))
	}
	if err != nil {
		return nil, err
	}
	b, err := snappy.Decode(nil, src)
	if err != nil {
		return nil, fmt.Errorf("samples: %s: %v", dir, err)
	}
	return b, nil
}

// randomCount is the number of random values All gives: enough that each
// optional part (an empty or a full list, an edge integer) shows up, few
// enough that the tests of every fork and type take well under a second.
const randomCount = 16

// All returns the values of typ, of the given fork and preset, that a
// property is tested on: randomCount random ones, from a seed fixed so
// that a failure repeats, and those of the ssz_static cases of the type
// of [Dir]. It fails tb on an error.
func All(tb testing.TB, fork string, preset string, typ schema.Type) []Case {
	tb.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	cs := make([]Case, randomCount)
	for i := range cs {
		b, err := Random(r, typ, 4)
		if err != nil {
			tb.Fatal(err)
		}
		cs[i] = Case{Name: fmt.Sprintf("random/%d", i), SSZ: b}
	}
	dir, err := Dir()
	if err != nil {
		tb.Fatal(err)
	}
	if dir == "" {
		return cs
	}
	static, err := Static(dir, preset, fork, typ.String())
	if err != nil {
		tb.Fatal(err)
	}
	return append(cs, static...)
}
