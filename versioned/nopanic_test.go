package versioned_test

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/cache"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/diff"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/sszjson"
	"github.com/ssztree/ssztree/testutil/samples"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/versioned"
	"github.com/ssztree/ssztree/view"
)

// The public entry points of versioned, diff, cache and the proof API
// (view's and tree's), by name, as a table test calls them; a test below
// checks that the table names every exported function of those packages.
var (
	versionedFuncs = map[string]any{
		"DecodeBlobSidecar":                   versioned.DecodeBlobSidecar,
		"DecodeBlobSidecarJSON":               versioned.DecodeBlobSidecarJSON,
		"DecodeDataColumnSidecar":             versioned.DecodeDataColumnSidecar,
		"DecodeDataColumnSidecarJSON":         versioned.DecodeDataColumnSidecarJSON,
		"MarshalBlobSidecarsEnvelope":         versioned.MarshalBlobSidecarsEnvelope,
		"MarshalBlockEnvelope":                versioned.MarshalBlockEnvelope,
		"MarshalDataColumnSidecarsEnvelope":   versioned.MarshalDataColumnSidecarsEnvelope,
		"MarshalSignedBlockEnvelope":          versioned.MarshalSignedBlockEnvelope,
		"MarshalStateEnvelope":                versioned.MarshalStateEnvelope,
		"ReadSignedBlindedBlock":              versioned.ReadSignedBlindedBlock,
		"ReadSignedBlock":                     versioned.ReadSignedBlock,
		"ReadState":                           versioned.ReadState,
		"ReadStateFrom":                       versioned.ReadStateFrom,
		"ReadStateFromMax":                    versioned.ReadStateFromMax,
		"UnmarshalBlobSidecarsEnvelope":       versioned.UnmarshalBlobSidecarsEnvelope,
		"UnmarshalDataColumnSidecarsEnvelope": versioned.UnmarshalDataColumnSidecarsEnvelope,
		"DecodeBlindedBlock":                  versioned.DecodeBlindedBlock,
		"DecodeBlindedBlockJSON":              versioned.DecodeBlindedBlockJSON,
		"DecodeBlock":                         versioned.DecodeBlock,
		"DecodeBlockJSON":                     versioned.DecodeBlockJSON,
		"UnmarshalBlockEnvelope":              versioned.UnmarshalBlockEnvelope,
		"DetectSignedBlindedBlock":            versioned.DetectSignedBlindedBlock,
		"DetectSignedBlock":                   versioned.DetectSignedBlock,
		"DetectState":                         versioned.DetectState,
		"DecodeSignedBlindedBlock":            versioned.DecodeSignedBlindedBlock,
		"DecodeSignedBlindedBlockJSON":        versioned.DecodeSignedBlindedBlockJSON,
		"DecodeSignedBlock":                   versioned.DecodeSignedBlock,
		"DecodeSignedBlockJSON":               versioned.DecodeSignedBlockJSON,
		"UnmarshalSignedBlindedBlockEnvelope": versioned.UnmarshalSignedBlindedBlockEnvelope,
		"UnmarshalSignedBlockEnvelope":        versioned.UnmarshalSignedBlockEnvelope,
		"DecodeState":                         versioned.DecodeState,
		"DecodeStateJSON":                     versioned.DecodeStateJSON,
		"UnmarshalStateEnvelope":              versioned.UnmarshalStateEnvelope,
	}
	diffFuncs = map[string]any{
		"Trees":  diff.Trees,
		"Values": diff.Values,
	}
	proofFuncs = map[string]any{
		"view.Prove":                 view.Prove,
		"view.ProveBranch":           view.ProveBranch,
		"view.ProveBranchPastLength": view.ProveBranchPastLength,
		"view.ProvePastLength":       view.ProvePastLength,
		"tree.CalculateRoot":         tree.CalculateRoot,
		"tree.Prove":                 tree.Prove,
		"tree.ProveMulti":            tree.ProveMulti,
		"tree.VerifyMultiproof":      tree.VerifyMultiproof,
		"tree.VerifyProof":           tree.VerifyProof,
		"tree.BranchIndices":         tree.BranchIndices,
	}
)

// TestEntryPointsListed checks that the tables above name every exported
// function of versioned and diff (cache's one, New, generic, is called by
// TestNoPanic itself), so that a new one is called too.
func TestEntryPointsListed(t *testing.T) {
	for dir, table := range map[string]map[string]any{".": versionedFuncs, "../diff": diffFuncs} {
		var missing []string
		for _, name := range exportedFuncs(t, dir) {
			if _, ok := table[name]; !ok {
				missing = append(missing, name)
			}
		}
		if len(missing) > 0 {
			t.Errorf("%s: exported functions not in the table of TestNoPanic: %v", dir, missing)
		}
	}
}

// exportedFuncs returns the names of the exported functions (not methods)
// of the package in dir, its test files left out.
func exportedFuncs(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.IsExported() {
				names = append(names, fd.Name.Name)
			}
		}
	}
	sort.Strings(names)
	return names
}

// values are what the calls of one fork and preset take.
type values struct {
	name    string
	fork    forks.Name
	preset  *def.Preset
	state   *versioned.State
	block   *versioned.Block
	signed  *versioned.SignedBlock
	blinded *versioned.SignedBlock // nil before Bellatrix and from Gloas on
	// bytes are inputs of every kind: the state's, the blocks' and their
	// JSON, an envelope, garbage, nothing.
	bytes [][]byte
}

// newValues makes the values of fork and preset: a state of a few
// validators, a random signed block, its message and its blinded block.
func newValues(t *testing.T, fork forks.Name, preset *def.Preset) *values {
	t.Helper()
	v := &values{name: preset.Name + "/" + fork.String(), fork: fork, preset: preset}
	ts, err := fork.Def().Resolve(preset)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(uint64(fork), 9))
	random := func(name string) []byte {
		b, err := samples.Random(r, ts.Type(name), 2)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if v.state, err = versioned.DecodeState(fork, preset, random("BeaconState")); err != nil {
		t.Fatalf("%s: %v", v.name, err)
	}
	if v.signed, err = versioned.DecodeSignedBlock(fork, preset, random("SignedBeaconBlock")); err != nil {
		t.Fatalf("%s: %v", v.name, err)
	}
	v.block = v.signed.Message()
	if ts.Type("SignedBlindedBeaconBlock") != nil {
		if v.blinded, err = versioned.DecodeSignedBlindedBlock(fork, preset, random("SignedBlindedBeaconBlock")); err != nil {
			t.Fatalf("%s: %v", v.name, err)
		}
	}
	stateSSZ, _ := v.state.MarshalSSZ()
	stateJSON, _ := v.state.MarshalJSON()
	signedSSZ, _ := v.signed.MarshalSSZ()
	signedJSON, _ := v.signed.MarshalJSON()
	blockSSZ, _ := v.block.MarshalSSZ()
	env, _ := versioned.MarshalStateEnvelope(v.state, sszjson.Envelope{})
	v.bytes = [][]byte{stateSSZ, stateJSON, signedSSZ, signedJSON, blockSSZ, env,
		stateSSZ[:len(stateSSZ)/2], []byte("{}"), []byte(`{"data":[],"version":"fulu"}`), {0xff, 0xff, 0xff, 0xff}, nil}
	return v
}

// variants returns the arguments of type typ that calls are tried with: the
// values of v, and those of bad input (nil, garbage, an unknown fork, a
// path past a list's end).
func (v *values) variants(typ reflect.Type) []reflect.Value {
	var out []any
	switch typ {
	case reflect.TypeFor[forks.Name]():
		out = []any{v.fork, forks.Name(99)}
	case reflect.TypeFor[*def.Preset]():
		out = []any{v.preset, (*def.Preset)(nil), &def.Preset{Name: "empty"}}
	case reflect.TypeFor[[]byte]():
		for _, b := range v.bytes {
			out = append(out, b)
		}
	case reflect.TypeFor[string]():
		out = []any{"slot", "balances[0]", "validators.__len__", "balances[999999999]", "", "validators[", "no_such_field", "body.attestations[0]"}
	case reflect.TypeFor[[]string]():
		out = []any{[]string(nil), []string{"slot", "balances[0]"}, []string{"nope"}, []string{"slot", "slot"}}
	case reflect.TypeFor[[]*forks.Schedule]():
		out = []any{[]*forks.Schedule(nil), []*forks.Schedule{forks.MainnetSchedule}, []*forks.Schedule{nil}, []*forks.Schedule{forks.MinimalSchedule, forks.GnosisSchedule}}
	case reflect.TypeFor[io.Reader]():
		out = []any{bytes.NewReader(v.bytes[0]), bytes.NewReader(v.bytes[len(v.bytes)-2]), errReader{}}
	case reflect.TypeFor[int64]():
		out = []any{int64(len(v.bytes[0])), int64(-1), int64(0), int64(1) << 62}
	case reflect.TypeFor[int]():
		out = []any{0, 1}
	case reflect.TypeFor[sszjson.Envelope]():
		out = []any{sszjson.Envelope{}, sszjson.Envelope{Version: "bogus"}, sszjson.Envelope{Version: v.fork.String()}}
	case reflect.TypeFor[*versioned.State]():
		out = []any{v.state, (*versioned.State)(nil)}
	case reflect.TypeFor[*versioned.Block]():
		out = []any{v.block, (*versioned.Block)(nil)}
	case reflect.TypeFor[*versioned.SignedBlock]():
		out = []any{v.signed, (*versioned.SignedBlock)(nil)}
		if v.blinded != nil {
			out = append(out, v.blinded)
		}
	case reflect.TypeFor[[]*deneb.BlobSidecar]():
		out = []any{[]*deneb.BlobSidecar(nil), []*deneb.BlobSidecar{nil}}
		if spec, err := deneb.NewSpec(v.preset); err == nil {
			out = append(out, []*deneb.BlobSidecar{deneb.NewBlobSidecar(spec)})
		}
	case reflect.TypeFor[[]*fulu.DataColumnSidecar]():
		out = []any{[]*fulu.DataColumnSidecar(nil), []*fulu.DataColumnSidecar{nil}}
		if spec, err := fulu.NewSpec(v.preset); err == nil {
			out = append(out, []*fulu.DataColumnSidecar{fulu.NewDataColumnSidecar(spec)})
		}
	case reflect.TypeFor[view.View]():
		out = []any{v.state.Untyped(), v.state.View(), view.View(nil), (*view.Container)(nil), (*view.ProgressiveContainer)(nil)}
		if bv, ok := blockView(v.block); ok {
			out = append(out, bv)
		}
	case reflect.TypeFor[diff.Options]():
		out = []any{diff.Options{}, diff.Options{Limit: 1}, diff.Options{Limit: -1}}
	case reflect.TypeFor[schema.Type]():
		out = []any{v.state.Untyped().Type(), schema.Type(nil), schema.Uint64}
	case reflect.TypeFor[*tree.Node]():
		out = []any{v.state.Untyped().Node(), (*tree.Node)(nil), tree.NewLeafBytes([]byte{1})}
	case reflect.TypeFor[tree.Gindex]():
		out = []any{tree.Gindex(1), tree.Gindex(0), tree.Gindex(105), tree.Gindex(1) << 62}
	case reflect.TypeFor[[]tree.Gindex]():
		out = []any{[]tree.Gindex(nil), []tree.Gindex{105, 3}, []tree.Gindex{0}, []tree.Gindex{2, 2}, []tree.Gindex{1, 2}}
	case reflect.TypeFor[[32]byte]():
		out = []any{v.state.HashTreeRoot(), [32]byte{}}
	case reflect.TypeFor[[][32]byte]():
		out = []any{[][32]byte(nil), make([][32]byte, 3), make([][32]byte, 70)}
	default:
		if typ.Kind() == reflect.Func {
			return []reflect.Value{reflect.MakeFunc(typ, func(args []reflect.Value) []reflect.Value {
				res := make([]reflect.Value, typ.NumOut())
				for i := range res {
					res[i] = reflect.Zero(typ.Out(i))
				}
				return res
			})}
		}
		return []reflect.Value{reflect.Zero(typ)}
	}
	vals := make([]reflect.Value, len(out))
	for i, o := range out {
		vals[i] = reflect.ValueOf(o)
		if !vals[i].IsValid() || vals[i].Type() != typ {
			vals[i] = reflect.New(typ).Elem()
			if o != nil {
				vals[i].Set(reflect.ValueOf(o))
			}
		}
	}
	return vals
}

// blockView returns the untyped view of a block's fork view, if it has one.
func blockView(b *versioned.Block) (view.View, bool) {
	m := reflect.ValueOf(b.Any()).MethodByName("View")
	if !m.IsValid() || m.Type().NumIn() != 0 || m.Type().NumOut() != 1 {
		return nil, false
	}
	vv, ok := m.Call(nil)[0].Interface().(view.View)
	return vv, ok && !reflect.ValueOf(vv).IsNil()
}

// errReader fails every read.
type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("read failed") }

// call calls fn with each argument in turn taking each of its variants, the
// others their first; a panic fails t. It returns the results of the call
// with every argument's first variant.
func call(t *testing.T, v *values, name string, fn reflect.Value) []reflect.Value {
	t.Helper()
	typ := fn.Type()
	n := typ.NumIn()
	variants := make([][]reflect.Value, n)
	for i := range n {
		variants[i] = v.variants(typ.In(i))
	}
	base := make([]reflect.Value, n)
	for i := range n {
		base[i] = variants[i][0]
	}
	first := try(t, v, name, fn, base)
	for i := range n {
		for _, alt := range variants[i][1:] {
			args := slices.Clone(base)
			args[i] = alt
			try(t, v, name, fn, args)
		}
	}
	return first
}

// try calls fn with args, and fails t if it panics.
func try(t *testing.T, v *values, name string, fn reflect.Value, args []reflect.Value) (out []reflect.Value) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s: %s(%s) panicked: %v\n%s", v.name, name, describe(args), r, debug.Stack())
		}
	}()
	if fn.Type().IsVariadic() {
		return fn.CallSlice(args)
	}
	return fn.Call(args)
}

// describe says what the arguments are, briefly.
func describe(args []reflect.Value) string {
	parts := make([]string, len(args))
	for i, a := range args {
		switch x := a.Interface().(type) {
		case []byte:
			parts[i] = fmt.Sprintf("%d bytes", len(x))
		case string:
			parts[i] = fmt.Sprintf("%q", x)
		default:
			s := fmt.Sprintf("%T", x)
			if a.Kind() == reflect.Pointer && a.IsNil() || a.Kind() == reflect.Interface && a.IsNil() {
				s = "nil " + s
			}
			parts[i] = s
		}
	}
	return strings.Join(parts, ", ")
}

// callMethods calls every exported method of x, and those of the lists and
// values they return (the handles of validators and balances), in the
// order of their names: setters and Append/Pop last, on a copy.
func callMethods(t *testing.T, v *values, what string, x reflect.Value) {
	t.Helper()
	for i := range x.NumMethod() {
		m := x.Type().Method(i)
		results := call(t, v, what+"."+m.Name, x.Method(i))
		for _, r := range results {
			if r.Kind() == reflect.Interface && !r.IsNil() && strings.HasPrefix(r.Type().String(), "versioned.") {
				callList(t, v, what+"."+m.Name+"()", r.Elem())
			}
		}
	}
}

// callList calls the methods of a list handle (ValueList, BasicList), in
// the order of their names, an index argument 0: Get and Set only while
// the list has an element (an index outside [0, Len) panics, as a
// slice's does).
func callList(t *testing.T, v *values, what string, l reflect.Value) {
	t.Helper()
	for i := range l.NumMethod() {
		name, m := l.Type().Method(i).Name, l.Method(i).Type()
		n := int(l.MethodByName("Len").Call(nil)[0].Int())
		if m.NumIn() > 0 && m.In(0).Kind() == reflect.Int {
			if n == 0 {
				continue
			}
			args := []reflect.Value{reflect.ValueOf(0)}
			if m.NumIn() == 2 {
				args = append(args, reflect.Zero(m.In(1)))
			}
			try(t, v, what+"."+name, l.Method(i), args)
			continue
		}
		call(t, v, what+"."+name, l.Method(i))
	}
}

// TestNoPanic calls every exported function and method of versioned, diff,
// cache and the proof API on a state and a block of every fork in both
// presets, with good arguments and bad ones (nil values, garbage bytes,
// unknown forks, bad paths, indices past a list's end): none panics. An
// index outside a list handle's [0, Len) is the one documented panic.
func TestNoPanic(t *testing.T) {
	for _, preset := range []*def.Preset{forks.Mainnet, forks.Minimal} {
		for _, fork := range forks.Names() {
			v := newValues(t, fork, preset)
			for name, fn := range versionedFuncs {
				call(t, v, name, reflect.ValueOf(fn))
			}
			for name, fn := range diffFuncs {
				call(t, v, "diff."+name, reflect.ValueOf(fn))
			}
			for name, fn := range proofFuncs {
				call(t, v, name, reflect.ValueOf(fn))
			}
			callMethods(t, v, "State", reflect.ValueOf(v.state.Copy()))
			callMethods(t, v, "Block", reflect.ValueOf(v.block.Copy()))
			callMethods(t, v, "SignedBlock", reflect.ValueOf(v.signed.Copy()))
			if v.blinded != nil {
				callMethods(t, v, "SignedBlindedBlock", reflect.ValueOf(v.blinded.Copy()))
			}
			d, err := versioned.DetectState(v.bytes[0])
			if err == nil {
				callMethods(t, v, "Detection", reflect.ValueOf(d))
			}
			callCache(t, v)
			switch st := v.state.Any().(type) {
			case *phase0.BeaconState:
				callTypedCache(t, v, st)
			case *altair.BeaconState:
				callTypedCache(t, v, st)
			case *bellatrix.BeaconState:
				callTypedCache(t, v, st)
			case *capella.BeaconState:
				callTypedCache(t, v, st)
			case *deneb.BeaconState:
				callTypedCache(t, v, st)
			case *electra.BeaconState:
				callTypedCache(t, v, st)
			case *fulu.BeaconState:
				callTypedCache(t, v, st)
			case *gloas.BeaconState:
				callTypedCache(t, v, st)
			default:
				t.Errorf("%s: a state of %T", v.name, st)
			}
		}
	}
}

// callTypedCache runs a cache of a fork package's states through every
// method, as callCache does one of versioned states.
func callTypedCache[S cache.State[S]](t *testing.T, v *values, st S) {
	t.Helper()
	var c *cache.Cache[S]
	try(t, v, fmt.Sprintf("cache.New[%T]", st), reflect.ValueOf(func() { c = cache.New[S](1 << 30) }), nil)
	if c == nil {
		return
	}
	call(t, v, fmt.Sprintf("cache.Cache[%T].Put", st), reflect.ValueOf(func() { c.Put(st, cache.Info{Slot: 1}) }))
	m := reflect.ValueOf(c)
	for i := range m.NumMethod() {
		if name := m.Type().Method(i).Name; name != "Put" {
			call(t, v, fmt.Sprintf("cache.Cache[%T].%s", st, name), m.Method(i))
		}
	}
}

// callCache runs a cache of versioned states through every method, the
// state of v put, found, pinned, pruned and evicted.
func callCache(t *testing.T, v *values) {
	t.Helper()
	c := cache.New[*versioned.State](1 << 30)
	info := cache.Info{Slot: uint64(v.state.Slot()), BlockRoot: [32]byte{1}, ParentRoot: [32]byte{2}}
	m := reflect.ValueOf(c)
	call(t, v, "cache.Put", reflect.ValueOf(func() { c.Put(v.state, info) }))
	for i := range m.NumMethod() {
		name := m.Type().Method(i).Name
		if name == "Put" {
			continue // a nil state is no state: called above with the state
		}
		call(t, v, "cache."+name, m.Method(i))
	}
	if _, ok := c.Get(v.state.HashTreeRoot()); !ok && c.Stats().Entries > 0 {
		t.Errorf("%s: the cache lost the state", v.name)
	}
}
