package view

import (
	"bytes"
	"encoding/binary"
	"errors"
	"iter"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// rawValidator is a Validator as its 121 bytes, with a switch that makes
// it fail to marshal.
type rawValidator struct {
	b   [121]byte
	bad bool
}

func (v *rawValidator) MarshalSSZTo(dst []byte) ([]byte, error) {
	if v.bad {
		return dst, errors.New("bad validator")
	}
	return append(dst, v.b[:]...), nil
}

func (v *rawValidator) UnmarshalSSZ(b []byte) error {
	if len(b) != len(v.b) {
		return schema.ErrSize
	}
	copy(v.b[:], b)
	return nil
}

func (v *rawValidator) effective() uint64 { return binary.LittleEndian.Uint64(v.b[80:]) }
func (v *rawValidator) setEffective(x uint64) {
	binary.LittleEndian.PutUint64(v.b[80:], x)
}

// valuesUnderTest is what the tests of UpdateAt use of a list of values.
type valuesUnderTest interface {
	View
	Get(i int) rawValidator
	Set(i int, v rawValidator)
	UpdateAt(indices []int, f func(i int, v rawValidator) rawValidator) error
	All() iter.Seq2[int, rawValidator]
}

// validatorLists returns the two kinds of list of validators, bounded and
// progressive, of n random validators, decoded and not yet hashed.
func validatorLists(t *testing.T, r *rand.Rand, n int) map[string]func() valuesUnderTest {
	var data []byte
	for range n {
		data = append(data, randomValidator(r)...)
	}
	return map[string]func() valuesUnderTest{
		"List": func() valuesUnderTest {
			return must(DecodeValueList[rawValidator](validatorList, data))
		},
		"ProgressiveList": func() valuesUnderTest {
			return must(DecodeProgressiveValueList[rawValidator](progressiveValidatorList, data))
		},
	}
}

// copyValues returns an independent copy of l.
func copyValues(l valuesUnderTest) valuesUnderTest {
	switch l := l.(type) {
	case *ValueList[rawValidator, *rawValidator]:
		return l.Copy()
	case *ProgressiveValueList[rawValidator, *rawValidator]:
		return l.Copy()
	}
	panic("copyValues")
}

// bump is the update of the tests: a new effective balance from the
// index, and the value unchanged for every seventh index.
func bump(i int, v rawValidator) rawValidator {
	if i%7 != 3 {
		v.setEffective(v.effective() + uint64(i) + 1)
	}
	return v
}

// TestUpdateAtMatchesSets updates lists, hashed or not, with or without
// writes pending, at random indices (repeated, out of order) and checks
// them against the same updates made one by one with Get and Set: the same
// bytes, the same root, a root equal to a fresh decode's, and no more
// memory held.
func TestUpdateAtMatchesSets(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for _, n := range []int{1, 5, 17, 300, 2000} {
		for name, newList := range validatorLists(t, r, n) {
			for _, hashed := range []bool{false, true} {
				for _, pending := range []bool{false, true} {
					a, b := newList(), newList()
					if hashed {
						a.HashTreeRoot()
						b.HashTreeRoot()
					}
					// A copy taken first (a copy commits what is pending).
					before, orig := copyValues(a), must(a.MarshalSSZ())
					if pending {
						// Writes not yet committed, one of them on a page
						// the update copies.
						for _, l := range []valuesUnderTest{a, b} {
							v := l.Get(n - 1)
							v.b[0] ^= 0xff
							l.Set(n-1, v)
						}
					}
					idx := make([]int, 0, 40)
					for range r.IntN(40) + 1 {
						idx = append(idx, r.IntN(n))
					}
					if len(idx) > 1 {
						idx = append(idx, idx[0]) // an index named twice
					}
					given := slices.Clone(idx)
					if err := a.UpdateAt(idx, bump); err != nil {
						t.Fatal(err)
					}
					if !slices.Equal(idx, given) {
						t.Fatalf("%s: UpdateAt changed its indices", name)
					}
					sorted := slices.Sorted(slices.Values(idx))
					for _, i := range sorted {
						b.Set(i, bump(i, b.Get(i)))
					}
					want := must(b.MarshalSSZ())
					expectValue(t, a, want)
					if a.HashTreeRoot() != b.HashTreeRoot() {
						t.Fatalf("%s of %d: root differs from the one-by-one update's", name, n)
					}
					// Where every element named changes, both touch the
					// same pages (one f leaves unchanged is a page Set
					// copies and UpdateAt keeps, perhaps in the slab of
					// the decode, which then stays).
					changesAll := !slices.ContainsFunc(idx, func(i int) bool { return i%7 == 3 })
					if ma, mb := tree.Size(a.Node()), tree.Size(b.Node()); changesAll && ma > mb {
						t.Fatalf("%s of %d (hashed %v, pending %v, %v): the update holds %d bytes, the sets %d", name, n, hashed, pending, idx, ma, mb)
					}
					// The copy taken before is unchanged, and independent.
					if got := must(before.MarshalSSZ()); !bytes.Equal(got, orig) {
						t.Fatalf("%s of %d: the copy changed with the list", name, n)
					}
					if err := before.UpdateAt([]int{0}, bump); err != nil {
						t.Fatal(err)
					}
					expectValue(t, a, want)
				}
			}
		}
	}
}

// TestUpdateAtThroughHandle updates a state's validators through the
// field's handle: the state's root is the one of the same change made with
// Set, and a copy of the state taken before keeps its root.
func TestUpdateAtThroughHandle(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	build := func() *Container {
		st := must(NewContainer(state))
		l := must(AsValueList[rawValidator](st.Field(2)))
		for range 100 {
			var v rawValidator
			copy(v.b[:], randomValidator(rand.New(rand.NewPCG(1, uint64(l.Len())))))
			if err := l.Append(v); err != nil {
				t.Fatal(err)
			}
		}
		st.HashTreeRoot()
		return st
	}
	a, b := build(), build()
	snap := a.Copy()
	root := a.HashTreeRoot()
	idx := []int{99, 3, 40, 41, 3}
	for range 20 {
		idx = append(idx, r.IntN(100))
	}
	if err := must(AsValueList[rawValidator](a.Field(2))).UpdateAt(idx, bump); err != nil {
		t.Fatal(err)
	}
	lb := must(AsValueList[rawValidator](b.Field(2)))
	for _, i := range slices.Sorted(slices.Values(idx)) {
		lb.Set(i, bump(i, lb.Get(i)))
	}
	if a.HashTreeRoot() != b.HashTreeRoot() {
		t.Fatal("state's root differs from the one-by-one update's")
	}
	if a.HashTreeRoot() == root || snap.HashTreeRoot() != root {
		t.Fatal("the update did not change the state, or changed its copy")
	}
}

// TestUpdateAtVector updates a vector of checkpoints.
func TestUpdateAtVector(t *testing.T) {
	cpVector := schema.Must(schema.NewVector(checkpoint, 5))
	a := must(NewValueVector[checkpointValue](cpVector))
	b := must(NewValueVector[checkpointValue](cpVector))
	f := func(i int, c checkpointValue) checkpointValue {
		c.Epoch += uint64(i) + 10
		c.Root[i%32] = byte(i)
		return c
	}
	idx := []int{int(cpVector.Len()) - 1, 0, 2}
	if err := a.UpdateAt(idx, f); err != nil {
		t.Fatal(err)
	}
	for _, i := range idx {
		b.Set(i, f(i, b.Get(i)))
	}
	expectValue(t, a, must(b.MarshalSSZ()))
}

// TestUpdateAtErrors gives UpdateAt indices out of range and a value that
// does not marshal: each returns an error, calls f for nothing or leaves
// what it did unseen, and leaves the list as it was, pending writes
// included.
func TestUpdateAtErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	for name, newList := range validatorLists(t, r, 40) {
		l := newList()
		l.HashTreeRoot()
		v := l.Get(5)
		v.b[1] ^= 1
		l.Set(5, v) // pending
		want := must(l.MarshalSSZ())
		for _, idx := range [][]int{{0, 40}, {-1}, {3, 2, math.MaxInt}} {
			called := false
			err := l.UpdateAt(idx, func(i int, v rawValidator) rawValidator { called = true; return bump(i, v) })
			if !errors.Is(err, ErrIndex) {
				t.Fatalf("%s: indices %v: error %v, want ErrIndex", name, idx, err)
			}
			if called {
				t.Fatalf("%s: indices %v: f was called", name, idx)
			}
			expectValue(t, l, want)
		}
		v = l.Get(5)
		v.b[1] ^= 1
		l.Set(5, v)
		want = must(l.MarshalSSZ())
		// Two of the three pages of 16 validators (page by page), and all
		// three (all the bytes at once, updateDense).
		for _, idx := range [][]int{{1, 2, 30, 31}, {1, 2, 20, 30, 31, 35}} {
			err := l.UpdateAt(idx, func(i int, v rawValidator) rawValidator {
				v = bump(i, v)
				v.bad = i == 30
				return v
			})
			if err == nil {
				t.Fatalf("%s: %v: a value that does not marshal gave no error", name, idx)
			}
			expectValue(t, l, want)
		}
		// A panic in f leaves the list as it was too.
		for _, idx := range [][]int{{1, 39}, {1, 20, 39}} {
			func() {
				defer func() { recover() }()
				l.UpdateAt(idx, func(i int, v rawValidator) rawValidator {
					if i == 39 {
						panic("f")
					}
					return bump(i, v)
				})
			}()
			expectValue(t, l, want)
		}
		if err := l.UpdateAt(nil, bump); err != nil {
			t.Fatal(err)
		}
		expectValue(t, l, want)
	}
}

// TestUpdateAtAllocs counts the allocations of an update of one element in
// each of many pages of a hashed list: a few per page (its bytes, its
// node, its groups' roots) and the branches above, none per element.
func TestUpdateAtAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	r := rand.New(rand.NewPCG(27, 28))
	const n, pages = 16 * 1024, 64
	for name, newList := range validatorLists(t, r, n) {
		l := newList()
		l.HashTreeRoot()
		idx := make([]int, 0, 4*pages)
		for p := range pages {
			for k := range 4 {
				idx = append(idx, p*n/pages+k) // 4 elements of each page
			}
		}
		k := 0
		allocs := testing.AllocsPerRun(5, func() {
			k++
			if err := l.UpdateAt(idx, func(i int, v rawValidator) rawValidator {
				v.setEffective(uint64(k))
				return v
			}); err != nil {
				t.Fatal(err)
			}
			l.HashTreeRoot()
		})
		t.Logf("%s: %.0f allocations for %d elements in %d pages", name, allocs, len(idx), pages)
		if allocs > 3*pages+8*pages {
			t.Fatalf("%s: %.0f allocations for %d pages", name, allocs, pages)
		}
	}
}

// basicUnderTest is what the tests of UpdateAt use of a list or vector of
// integers.
type basicUnderTest[T Unsigned] interface {
	View
	Len() int
	Get(i int) T
	Set(i int, v T)
	UpdateAt(indices []int, f func(i int, v T) T) error
}

// checkBasicUpdateAt updates two copies of the value make returns, one with
// UpdateAt and one with Set, at random indices, hashed and not, with a
// write pending, and compares them; then gives an index out of range.
func checkBasicUpdateAt[T Unsigned](t *testing.T, name string, newValue func() basicUnderTest[T]) {
	r := rand.New(rand.NewPCG(29, uint64(len(name))))
	f := func(i int, v T) T {
		if i%5 == 2 {
			return v
		}
		return v + T(i) + 1
	}
	// A few indices update page by page, 3n of them nearly every page, so
	// all the bytes at once (updateDense).
	for _, c := range []struct {
		hashed bool
		many   bool
	}{{false, false}, {true, false}, {false, true}, {true, true}} {
		hashed := c.hashed
		a, b := newValue(), newValue()
		n := a.Len()
		if hashed {
			a.HashTreeRoot()
			b.HashTreeRoot()
		}
		a.Set(n-1, 9)
		b.Set(n-1, 9)
		var idx []int
		count := 1 + r.IntN(3)
		if c.many {
			count = 3 * n
		}
		for range count {
			idx = append(idx, r.IntN(n))
		}
		if err := a.UpdateAt(idx, f); err != nil {
			t.Fatal(err)
		}
		for _, i := range slices.Sorted(slices.Values(idx)) {
			b.Set(i, f(i, b.Get(i)))
		}
		want := must(b.MarshalSSZ())
		expectValue(t, a, want)
		if err := a.UpdateAt([]int{0, n}, f); !errors.Is(err, ErrIndex) {
			t.Fatalf("%s: index %d: error %v, want ErrIndex", name, n, err)
		}
		expectValue(t, a, want)
	}
}

func TestBasicUpdateAt(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	values := func(n int) []uint64 {
		vs := make([]uint64, n)
		for i := range vs {
			vs[i] = r.Uint64()
		}
		return vs
	}
	for _, n := range []int{1, 3, 100, 5000} {
		vs := values(n)
		flags := make([]uint8, n)
		for i := range flags {
			flags[i] = uint8(vs[i])
		}
		checkBasicUpdateAt(t, "List[uint64]", func() basicUnderTest[uint64] {
			l := must(NewBasicList[uint64](uint64List))
			if err := l.SetAll(vs); err != nil {
				t.Fatal(err)
			}
			return l
		})
		checkBasicUpdateAt(t, "List[uint8]", func() basicUnderTest[uint8] {
			l := must(NewBasicList[uint8](schema.Must(schema.NewList(schema.Uint8, 1<<40))))
			if err := l.SetAll(flags); err != nil {
				t.Fatal(err)
			}
			return l
		})
		checkBasicUpdateAt(t, "ProgressiveList[uint64]", func() basicUnderTest[uint64] {
			l := must(NewProgressiveBasicList[uint64](progressiveUint64List))
			if err := l.SetAll(vs); err != nil {
				t.Fatal(err)
			}
			return l
		})
		checkBasicUpdateAt(t, "Vector[uint64]", func() basicUnderTest[uint64] {
			v := must(NewBasicVector[uint64](schema.Must(schema.NewVector(schema.Uint64, uint64(n)))))
			if err := v.SetAll(vs); err != nil {
				t.Fatal(err)
			}
			return v
		})
	}
}

// TestRadixSorted compares radixSorted with a comparison sort on random
// indices of lists of many lengths, repeats and one-digit lists included,
// and checks that the caller's slice is left as it was.
func TestRadixSorted(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for _, n := range []int{1, 2, 2047, 2048, 2049, 1 << 22, 1<<22 + 1, 1 << 30, math.MaxInt} {
		for _, k := range []int{radixMin, 3000, 31250} {
			in := make([]int, k)
			for j := range in {
				in[j] = r.IntN(n)
			}
			if k == 3000 {
				in[7], in[9] = in[1], in[1] // repeats
			}
			orig := slices.Clone(in)
			want := slices.Clone(in)
			slices.Sort(want)
			got := radixSorted(in, n)
			if !slices.Equal(got, want) {
				t.Fatalf("n %d, k %d: radixSorted is not the sorted indices", n, k)
			}
			if !slices.Equal(in, orig) {
				t.Fatalf("n %d, k %d: radixSorted changed its input", n, k)
			}
		}
	}
}

// TestAllAllocs iterates over lists of validators, bounded and
// progressive, checks each element against Get, and that a whole
// iteration allocates a few times, not once per element: one value is
// decoded into for all of them.
func TestAllAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	r := rand.New(rand.NewPCG(33, 34))
	const n = 4096
	for name, newList := range validatorLists(t, r, n) {
		l := newList()
		l.HashTreeRoot()
		count := 0
		for i, v := range l.All() {
			if v != l.Get(i) || i != count {
				t.Fatalf("%s: element %d of All is not Get(%d)", name, count, i)
			}
			count++
		}
		if count != n {
			t.Fatalf("%s: All gave %d elements, want %d", name, count, n)
		}
		allocs := testing.AllocsPerRun(5, func() {
			for _, v := range l.All() {
				count += int(v.b[0])
			}
		})
		if allocs > 8 {
			t.Fatalf("%s: %.0f allocations for an iteration over %d elements", name, allocs, n)
		}
	}
}
