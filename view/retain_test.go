package view

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"runtime"
	"testing"
	"weak"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// TestHashedValueRetains checks that a value changed and then hashed holds
// nothing but its tree and its view: neither the map of pages written
// before the commit, their source pages, nor the old data tree. A snapshot kept in a cache is never written
// again, so whatever its commit leaves behind it keeps for good.
//
// Each of many values, decoded separately (so that no other value shares
// its old tree), has one element changed and is hashed; then one twin of
// each, with the same tree, is made by pointing a new view at its root.
// The live heap the changed values hold must equal, to within a few bytes
// per value, the heap their twins hold.
func TestHashedValueRetains(t *testing.T) {
	if testing.Short() {
		t.Skip("measures the live heap of many values")
	}
	r := rand.New(rand.NewPCG(7, 7))
	cases := []struct {
		name   string
		data   []byte
		length int
		views  func(b []byte) View
	}{
		{"Uint64List", randomData(r, 8*4096), 4096, func(b []byte) View { return must(DecodeBasicList[uint64](uint64List, b)) }},
		{"ValidatorList", validatorBytes(r, 256), 256, func(b []byte) View { return must(DecodeCompactList(validatorList, b)) }},
	}
	const values = 200
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			changed := make([]View, values)
			for k := range changed {
				v := c.views(c.data)
				v.HashTreeRoot()
				i := (k * 37) % c.length
				writeOne(v, i, k)
				v.HashTreeRoot()
				changed[k] = v
			}
			heldChanged := liveHeap()
			twins := make([]View, values)
			for k, v := range changed {
				twins[k] = must(Of(v.Type(), v.Node()))
			}
			changed = nil
			heldTwins := liveHeap()
			// Each count holds one slice of values, of the same size.
			extra := (int64(heldChanged) - int64(heldTwins)) / values
			t.Logf("a changed, hashed value holds %d bytes more than a view of its tree", extra)
			if extra > 32 {
				t.Errorf("a changed, hashed value holds %d bytes more than a view of its tree, want at most 32", extra)
			}
			runtime.KeepAlive(twins)
		})
	}
}

// TestChangedValueKeepsNoHistory changes one element of a value at a time
// and hashes it, as a node changes and hashes its state slot after slot,
// and checks that the trees of the versions it went through are collected:
// of 3,000, at most the one a progressive list keeps until its next write.
// When a commit's path was one slab, every version stayed alive (a Fulu
// state grew by 1.7 kB with each balance changed and hashed).
func TestChangedValueKeepsNoHistory(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	progressive := schema.Must(schema.NewProgressiveList(schema.Uint64))
	cases := []struct {
		name   string
		length int
		value  View
	}{
		{"Uint64List", 4096, must(DecodeBasicList[uint64](uint64List, randomData(r, 8*4096)))},
		{"ValidatorList", 256, must(DecodeCompactList(validatorList, validatorBytes(r, 256)))},
		{"ProgressiveList", 4096, must(DecodeProgressiveBasicList[uint64](progressive, randomData(r, 8*4096)))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := c.value
			v.HashTreeRoot()
			const changes = 3000
			versions := make([]weak.Pointer[tree.Node], 0, changes)
			for k := range changes {
				versions = append(versions, weak.Make(v.Node()))
				writeOne(v, r.IntN(c.length), k)
				v.HashTreeRoot()
			}
			runtime.GC()
			alive := 0
			for _, w := range versions[1:] { // the first is the decoded tree
				if w.Value() != nil {
					alive++
				}
			}
			if alive > 1 {
				t.Errorf("%d of the %d versions replaced are still alive, want at most 1", alive, len(versions)-1)
			}
			runtime.KeepAlive(v)
		})
	}
}

// TestDecodedFieldIsCollected replaces a large field of a decoded
// container, hashes it, and checks that the field's decoded tree is
// collected. A container decoded with its branches in one slab kept it: the
// other fields' branches, still in the tree, kept the slab alive, and the
// slab's replaced branches kept the old field, for as long as the state
// lived (a Fulu state of 1,000,000 validators held its decoded validators
// and balances beside their changed pages: docs/performance.md#tried).
func TestDecodedFieldIsCollected(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 11))
	balances := randomData(r, 8*4096)
	cases := []struct {
		name  string
		value func() (containerOps, int) // a decoded container, its balances' field
		list  func() View                // a list of balances to set
	}{
		{"Container", func() (containerOps, int) {
			c := must(NewContainer(state))
			if err := c.Set(3, must(DecodeBasicList[uint64](uint64List, balances))); err != nil {
				t.Fatal(err)
			}
			return must(DecodeContainer(state, must(c.MarshalSSZ()))), 3
		}, func() View { return must(DecodeBasicList[uint64](uint64List, randomData(r, 8*4096))) }},
		{"ProgressiveContainer", func() (containerOps, int) {
			c := must(NewProgressiveContainer(progressiveState))
			if err := c.Set(3, must(DecodeProgressiveBasicList[uint64](progressiveUint64List, balances))); err != nil {
				t.Fatal(err)
			}
			return must(DecodeProgressiveContainer(progressiveState, must(c.MarshalSSZ()))), 3
		}, func() View {
			return must(DecodeProgressiveBasicList[uint64](progressiveUint64List, randomData(r, 8*4096)))
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, i := c.value()
			v.HashTreeRoot()
			old := weak.Make(v.Field(i).Node())
			if err := v.Set(i, c.list()); err != nil {
				t.Fatal(err)
			}
			v.HashTreeRoot()
			runtime.GC()
			if old.Value() != nil {
				t.Error("the decoded field's tree is alive after the field was replaced")
			}
			runtime.KeepAlive(v)
		})
	}
}

// writeOne changes element i of v, a list of uint64 (bounded or
// progressive) or of validators.
func writeOne(v View, i, k int) {
	switch l := v.(type) {
	case *BasicList[uint64]:
		l.Set(i, l.Get(i)+uint64(k)+1)
	case *ProgressiveBasicList[uint64]:
		l.Set(i, l.Get(i)+uint64(k)+1)
	case *CompactList:
		var b [121]byte
		l.Load(i, b[:])
		b[80] += byte(k) + 1 // effective_balance
		if err := l.Set(i, b[:]); err != nil {
			panic(err)
		}
	}
}

func randomData(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func validatorBytes(r *rand.Rand, n int) []byte {
	var b []byte
	for range n {
		b = append(b, randomValidator(r)...)
	}
	return b
}

// TestSlabSurvivorsAreRehomed changes every page of a decoded list but one
// in 64, and checks that the survivors no longer hold the slabs the decode
// cut the pages from: the commit that replaces most of a slab's pages
// copies the rest (tree.Supersede), so that a node's state, whose changes
// replace most pages in time, does not keep its decoded lists beside the
// new pages. The values and the root stay those of a fresh decode.
func TestSlabSurvivorsAreRehomed(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 13))
	const n = 8192 // 512 pages of 16 validators; 64 pages of 128 balances
	c := must(NewContainer(state))
	if err := c.Set(2, must(DecodeCompactList(validatorList, validatorBytes(r, n)))); err != nil {
		t.Fatal(err)
	}
	if err := c.Set(3, must(DecodeBasicList[uint64](uint64List, randomData(r, 8*n)))); err != nil {
		t.Fatal(err)
	}
	for _, field := range []int{2, 3} {
		lt := state.Field(field).Type.(*schema.List)
		t.Run(state.Field(field).Name, func(t *testing.T) {
			v := must(DecodeContainer(state, must(c.MarshalSSZ())))
			v.HashTreeRoot()
			list := v.Field(field)
			data, _ := list.Node().Children()
			levels := lt.DataDepth() - lt.PageLayout().Depth()
			per := lt.PageLayout().PageSize() / lt.Elem().FixedSize()
			// The survivors' bytes, in their slabs.
			var kept []weak.Pointer[byte]
			for i := 0; i < n/per; i += 64 {
				b, _, _ := must(tree.Get(data, levels, uint64(i))).PageData()
				kept = append(kept, weak.Make(&b[0]))
			}
			for i := range n {
				if i/per%64 != 0 {
					writeOne(list, i, i)
				}
			}
			v.HashTreeRoot()
			runtime.GC()
			for k, w := range kept {
				if w.Value() != nil {
					t.Errorf("page %d, left of its slab, still holds the slab", 64*k)
				}
			}
			want := must(c.MarshalSSZ())
			fresh := must(DecodeContainer(state, must(v.MarshalSSZ())))
			if fresh.HashTreeRoot() != v.HashTreeRoot() {
				t.Error("the root differs from a fresh decode's")
			}
			// The survivors read as before.
			old := must(DecodeContainer(state, want)).Field(field)
			for i := 0; i < n; i += 64 * per {
				if !bytes.Equal(elemBytes(list, i), elemBytes(old, i)) {
					t.Errorf("element %d changed", i)
				}
			}
			runtime.KeepAlive(v)
		})
	}
}

// elemBytes returns the serialization of element i of v, a list of uint64
// or of validators.
func elemBytes(v View, i int) []byte {
	switch l := v.(type) {
	case *BasicList[uint64]:
		return binary.LittleEndian.AppendUint64(nil, l.Get(i))
	case *CompactList:
		return l.Get(i)
	}
	panic("elemBytes of " + v.Type().String())
}

// TestSlabLeftByACopy lets a short-lived copy replace most pages of a
// decoded list and drops it. The original, which still holds every page,
// must move its pages out of the slab at its own next replacement there
// once the copy is collected, not pin the slab for good because the copy
// tipped the slab's count.
func TestSlabLeftByACopy(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 17))
	const n = 8192
	c := must(NewContainer(state))
	if err := c.Set(3, must(DecodeBasicList[uint64](uint64List, randomData(r, 8*n)))); err != nil {
		t.Fatal(err)
	}
	v := must(DecodeContainer(state, must(c.MarshalSSZ())))
	v.HashTreeRoot()
	data, _ := v.Field(3).Node().Children()
	b, _, _ := must(tree.Get(data, uint64List.DataDepth()-uint64List.PageLayout().Depth(), 0)).PageData()
	slab := weak.Make(&b[0])
	cp := v.Copy()
	for i := range n {
		writeOne(cp.Field(3), i, i)
	}
	cp.HashTreeRoot()
	cp = nil
	runtime.GC() // the copy is no version that holds the slab any more
	writeOne(v.Field(3), 0, 1)
	v.HashTreeRoot()
	runtime.GC()
	if slab.Value() != nil {
		t.Error("the slab is alive after the value replaced a page of it")
	}
	runtime.KeepAlive(v)
}

// TestSlabWaitsForAnOlderVersion changes half the pages of each of two
// slabs of a decoded list in a copy, one slab a commit, while the value it
// was copied from, which holds the slabs, is alive: the copy must keep its
// survivors in the slabs (moving them would copy what the older version
// keeps alive anyway, as a node's snapshots do), at that commit and at a
// later one. Once the older version is collected, the copy's next commit
// of the list moves the survivors, whatever a copy made after the slabs'
// last replacement or a copy of an unrelated value still holds, and the
// slabs are freed with the last of those. Past three in four pages
// replaced, the survivors move whoever holds the slab.
func TestSlabWaitsForAnOlderVersion(t *testing.T) {
	per := uint64List.PageLayout().PageSize() / 8 // balances a page
	levels := uint64List.DataDepth() - uint64List.PageLayout().Depth()
	pageOf := func(v *Container, i int) *tree.Node {
		data, _ := v.Field(3).Node().Children()
		return must(tree.Get(data, levels, uint64(i)))
	}
	bytesOf := func(v *Container, i int) *byte {
		b, _, _ := pageOf(v, i).PageData()
		return &b[0]
	}
	decode := func(n int) *Container {
		c := must(NewContainer(state))
		if err := c.Set(3, must(DecodeBasicList[uint64](uint64List, randomData(rand.New(rand.NewPCG(19, 19)), 8*n)))); err != nil {
			t.Fatal(err)
		}
		v := must(DecodeContainer(state, must(c.MarshalSSZ())))
		v.Field(3).Node() // the tree built, and its slabs
		v.HashTreeRoot()
		return v
	}
	// The slabs of a list this long hold slab pages each; the list has two.
	_, slab := tree.SlabReplaced(pageOf(decode(1<<16), 0))
	if slab < 8 {
		t.Fatalf("slabs of %d pages", slab)
	}
	n := 2 * slab * per
	// changed makes a copy of a fresh decode change, in a commit a slab,
	// pages 1 to share-1 of each slab of the list.
	changed := func(share int) (v, cp *Container) {
		v = decode(n)
		cp = v.Copy()
		for s := range 2 {
			for i := (s*slab + 1) * per; i < (s*slab+share)*per; i++ {
				writeOne(cp.Field(3), i, i)
			}
			cp.HashTreeRoot()
		}
		return v, cp
	}
	kept := func(cp, v *Container, when string) {
		t.Helper()
		for s := range 2 {
			if bytesOf(cp, s*slab) != bytesOf(v, s*slab) {
				t.Errorf("slab %d half replaced, %s: the copy moved its survivors out of a slab the value it was copied from holds", s, when)
			}
		}
	}

	unrelated := decode(n).Copy() // a version of another value, made before the changes
	v, cp := changed(slab / 2)
	kept(cp, v, "at the commit")
	writeOne(cp.Field(3), per, 5) // a page the copy made: no slab's count changes
	cp.HashTreeRoot()
	kept(cp, v, "at a later commit")
	var slabs []weak.Pointer[byte]
	for s := range 2 {
		slabs = append(slabs, weak.Make(bytesOf(v, s*slab)))
	}
	survivor := elemBytes(cp.Field(3), 0)
	v = nil
	runtime.GC()
	later := cp.Copy() // holds the survivors, not what was replaced
	writeOne(cp.Field(3), per, 7)
	cp.HashTreeRoot()
	for s := range 2 {
		if bytesOf(cp, s*slab) == bytesOf(later, s*slab) {
			t.Errorf("slab %d: the copy kept its survivors after the older version was collected", s)
		}
	}
	later = nil
	runtime.GC()
	for s, w := range slabs {
		if w.Value() != nil {
			t.Errorf("slab %d is alive after the older version and the later copy were collected", s)
		}
	}
	if !bytes.Equal(elemBytes(cp.Field(3), 0), survivor) {
		t.Error("the survivor's bytes changed")
	}
	fresh := must(DecodeContainer(state, must(cp.MarshalSSZ())))
	if fresh.HashTreeRoot() != cp.HashTreeRoot() {
		t.Error("the root differs from a fresh decode's")
	}
	runtime.KeepAlive(unrelated)

	v, cp = changed(slab - slab/8)
	if bytesOf(cp, 0) == bytesOf(v, 0) {
		t.Error("seven in eight replaced: the copy kept its survivors in the slab")
	}
	if !bytes.Equal(elemBytes(cp.Field(3), 0), elemBytes(v.Field(3), 0)) {
		t.Error("the survivor's bytes changed")
	}
	runtime.KeepAlive(v)
}
