package view

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/holiman/uint256"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
)

// progressiveLengths are the lengths the model tests start from: the
// boundaries of the progressive tree's subtrees (1, 5, 21, 85, 341 leaves)
// and either side of them, in elements of leaves of perLeaf elements, and a
// large one.
func progressiveLengths(perLeaf int, large bool) []int {
	ls := []int{0, 1, 2, 4, 5, 20, 21, 85, 86, 341, 342, 1000}
	for _, b := range []int{1, 5, 21, 85, 341, 1365} {
		if b*perLeaf > 20_000 && !large {
			break
		}
		ls = append(ls, b*perLeaf-1, b*perLeaf, b*perLeaf+1)
	}
	if large {
		ls = append(ls, 5461*perLeaf+3, 100_000)
	}
	slices.Sort(ls)
	return slices.Compact(ls)
}

// progressiveKind adapts a progressive view to the model tests: elements
// as their serialization.
type progressiveKind struct {
	name    string
	typ     schema.Type
	perLeaf int // elements per leaf of the progressive tree
	// elem returns a random element's serialization.
	elem func(r *rand.Rand) []byte
	// encode returns the serialization of a list of elements.
	encode func(elems [][]byte) []byte
	// decode returns a view of the list serialized in b.
	decode func(b []byte) (progressiveOps, error)
}

// progressiveOps is what the model tests do to a view.
type progressiveOps interface {
	View
	Len() int
	get(i int) []byte
	set(i int, b []byte)
	append(b []byte) error
	pop() ([]byte, error)
	all() [][]byte
	copyOps() progressiveOps
}

func concat(elems [][]byte) []byte { return bytes.Join(elems, nil) }

func encodeBits(elems [][]byte) []byte {
	b := make([]byte, len(elems)/8+1)
	for i, e := range elems {
		b[i/8] |= e[0] << (i % 8)
	}
	b[len(elems)/8] |= 1 << (len(elems) % 8)
	return b
}

func encodeVariable(elems [][]byte) []byte {
	b := make([]byte, 4*len(elems))
	for i, e := range elems {
		putLE32(b[4*i:], len(b))
		b = append(b, e...)
	}
	return b
}

func putLE32(b []byte, v int) { b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24) }

func randomElem(n int) func(r *rand.Rand) []byte {
	return func(r *rand.Rand) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
}

// The adapters of each view type.
type (
	basicOps[T Unsigned] struct{ *ProgressiveBasicList[T] }
	bigOps               struct{ *ProgressiveUint256List }
	boolOps              struct{ *ProgressiveBoolList }
	compactOps           struct{ *ProgressiveCompactList }
	bitOps               struct{ *ProgressiveBitlist }
	subtreeOps           struct{ *ProgressiveList }
)

func (o basicOps[T]) get(i int) []byte      { return encodeLE(make([]byte, sizeOfT[T]()), o.Get(i)) }
func (o basicOps[T]) set(i int, b []byte)   { o.Set(i, decodeLE[T](b)) }
func (o basicOps[T]) append(b []byte) error { return o.Append(decodeLE[T](b)) }
func (o basicOps[T]) pop() ([]byte, error) {
	v, err := o.Pop()
	return encodeLE(make([]byte, sizeOfT[T]()), v), err
}
func (o basicOps[T]) all() (out [][]byte) {
	for _, v := range o.All() {
		out = append(out, encodeLE(make([]byte, sizeOfT[T]()), v))
	}
	return out
}
func (o basicOps[T]) copyOps() progressiveOps { return basicOps[T]{o.Copy()} }

func bigBytes(v uint256.Int, size int) []byte {
	b := v.Bytes32()
	slices.Reverse(b[:])
	return b[:size]
}
func bigOf(b []byte) *uint256.Int {
	be := slices.Clone(b)
	slices.Reverse(be)
	return new(uint256.Int).SetBytes(be)
}
func (o bigOps) get(i int) []byte { return bigBytes(o.Get(i), o.esize) }
func (o bigOps) set(i int, b []byte) {
	if err := o.Set(i, bigOf(b)); err != nil {
		panic(err)
	}
}
func (o bigOps) append(b []byte) error { return o.Append(bigOf(b)) }
func (o bigOps) pop() ([]byte, error) {
	v, err := o.Pop()
	return bigBytes(v, o.esize), err
}
func (o bigOps) all() (out [][]byte) {
	for i := range o.Len() {
		out = append(out, o.get(i))
	}
	return out
}
func (o bigOps) copyOps() progressiveOps { return bigOps{o.Copy()} }

func (o boolOps) get(i int) []byte      { return []byte{boolByte(o.Get(i))} }
func (o boolOps) set(i int, b []byte)   { o.Set(i, b[0] == 1) }
func (o boolOps) append(b []byte) error { return o.Append(b[0] == 1) }
func (o boolOps) pop() ([]byte, error) {
	v, err := o.Pop()
	return []byte{boolByte(v)}, err
}
func (o boolOps) all() (out [][]byte) {
	for _, v := range o.All() {
		out = append(out, []byte{boolByte(v)})
	}
	return out
}
func (o boolOps) copyOps() progressiveOps { return boolOps{o.Copy()} }

func (o compactOps) get(i int) []byte { return o.Get(i) }
func (o compactOps) set(i int, b []byte) {
	if err := o.Set(i, b); err != nil {
		panic(err)
	}
}
func (o compactOps) append(b []byte) error { return o.Append(b) }
func (o compactOps) pop() ([]byte, error)  { return o.Pop() }
func (o compactOps) all() (out [][]byte) {
	for _, b := range o.All() {
		out = append(out, slices.Clone(b))
	}
	return out
}
func (o compactOps) copyOps() progressiveOps { return compactOps{o.Copy()} }

func (o bitOps) get(i int) []byte      { return []byte{boolByte(o.Get(i))} }
func (o bitOps) set(i int, b []byte)   { o.Set(i, b[0] == 1) }
func (o bitOps) append(b []byte) error { return o.Append(b[0] == 1) }
func (o bitOps) pop() ([]byte, error) {
	v, err := o.Pop()
	return []byte{boolByte(v)}, err
}
func (o bitOps) all() (out [][]byte) {
	bits := o.Bits()
	for i := range o.Len() {
		out = append(out, []byte{bits[i/8] >> (i % 8) & 1})
	}
	return out
}
func (o bitOps) copyOps() progressiveOps { return bitOps{o.Copy()} }

func (o subtreeOps) get(i int) []byte { return must(o.Get(i).MarshalSSZ()) }
func (o subtreeOps) set(i int, b []byte) {
	if i%2 == 0 {
		// Through the handle, which writes through.
		if err := o.Get(i).UnmarshalSSZ(b); err != nil {
			panic(err)
		}
		return
	}
	if err := o.Set(i, must(Decode(o.elem, b))); err != nil {
		panic(err)
	}
}
func (o subtreeOps) append(b []byte) error { return o.Append(must(Decode(o.elem, b))) }
func (o subtreeOps) pop() ([]byte, error) {
	v, err := o.Pop()
	if err != nil {
		return nil, err
	}
	return v.MarshalSSZ()
}
func (o subtreeOps) all() (out [][]byte) {
	for _, v := range o.All() {
		out = append(out, must(v.MarshalSSZ()))
	}
	return out
}
func (o subtreeOps) copyOps() progressiveOps { return subtreeOps{o.Copy()} }

func progressiveListOf(elem schema.Type) *schema.ProgressiveList {
	return schema.Must(schema.NewProgressiveList(elem))
}

func basicKind[T Unsigned](elem schema.Type, name string) progressiveKind {
	t := progressiveListOf(elem)
	size := sizeOfT[T]()
	return progressiveKind{name: name, typ: t, perLeaf: 32 / size, elem: randomElem(size), encode: concat,
		decode: func(b []byte) (progressiveOps, error) {
			l, err := DecodeProgressiveBasicList[T](t, b)
			return basicOps[T]{l}, err
		}}
}

var (
	progressiveUint64List    = progressiveListOf(schema.Uint64)
	progressiveValidatorList = progressiveListOf(validator)
)

func progressiveKinds() []progressiveKind {
	u128, u256 := progressiveListOf(schema.Uint128), progressiveListOf(schema.Uint256)
	bools := progressiveListOf(schema.Boolean)
	varElem := schema.Must(schema.NewList(schema.Uint16, 8))
	variable := progressiveListOf(varElem)
	bits := schema.NewProgressiveBitlist()
	kinds := []progressiveKind{
		basicKind[uint8](schema.Uint8, "uint8"),
		basicKind[uint16](schema.Uint16, "uint16"),
		basicKind[uint32](schema.Uint32, "uint32"),
		basicKind[uint64](schema.Uint64, "uint64"),
		{name: "uint128", typ: u128, perLeaf: 2, elem: randomElem(16), encode: concat,
			decode: func(b []byte) (progressiveOps, error) {
				l, err := DecodeProgressiveUint256List(u128, b)
				return bigOps{l}, err
			}},
		{name: "uint256", typ: u256, perLeaf: 1, elem: randomElem(32), encode: concat,
			decode: func(b []byte) (progressiveOps, error) {
				l, err := DecodeProgressiveUint256List(u256, b)
				return bigOps{l}, err
			}},
		{name: "bool", typ: bools, perLeaf: 32, elem: func(r *rand.Rand) []byte { return []byte{byte(r.IntN(2))} }, encode: concat,
			decode: func(b []byte) (progressiveOps, error) {
				l, err := DecodeProgressiveBoolList(bools, b)
				return boolOps{l}, err
			}},
		{name: "validator", typ: progressiveValidatorList, perLeaf: 1, encode: concat,
			elem: func(r *rand.Rand) []byte {
				b := randomElem(121)(r)
				b[88] &= 1 // slashed is a boolean
				return b
			},
			decode: func(b []byte) (progressiveOps, error) {
				l, err := DecodeProgressiveCompactList(progressiveValidatorList, b)
				return compactOps{l}, err
			}},
		{name: "checkpoint", typ: progressiveListOf(checkpoint), perLeaf: 1, elem: randomElem(40), encode: concat,
			decode: func(b []byte) (progressiveOps, error) {
				l, err := DecodeProgressiveCompactList(progressiveListOf(checkpoint), b)
				return compactOps{l}, err
			}},
		{name: "bitlist", typ: bits, perLeaf: 256, elem: func(r *rand.Rand) []byte { return []byte{byte(r.IntN(2))} }, encode: encodeBits,
			decode: func(b []byte) (progressiveOps, error) {
				l, err := DecodeProgressiveBitlist(bits, b)
				return bitOps{l}, err
			}},
		{name: "variable", typ: variable, perLeaf: 1, encode: encodeVariable,
			elem: func(r *rand.Rand) []byte { return randomElem(2 * r.IntN(9))(r) },
			decode: func(b []byte) (progressiveOps, error) {
				l, err := DecodeProgressiveList(variable, b)
				return subtreeOps{l}, err
			}},
	}
	return kinds
}

// checkModel compares the view v with the model elems: length, elements
// one by one and by the iterator, encoding, size and root (those of a
// fresh decode of the model's encoding, which package schema checks
// against a flat merkleize_progressive).
func checkModel(t *testing.T, k progressiveKind, v progressiveOps, elems [][]byte, what string) {
	t.Helper()
	if v.Len() != len(elems) {
		t.Fatalf("%s: %s: Len %d, want %d", k.name, what, v.Len(), len(elems))
	}
	step := 1
	if len(elems) > 5000 {
		step = 97 // the iterator below reads them all
	}
	for i := 0; i < len(elems); i += step {
		if got := v.get(i); !bytes.Equal(got, elems[i]) {
			t.Fatalf("%s: %s: element %d is %x, want %x", k.name, what, i, got, elems[i])
		}
	}
	if len(elems) > 0 {
		if i := len(elems) - 1; !bytes.Equal(v.get(i), elems[i]) {
			t.Fatalf("%s: %s: last element %d is %x, want %x", k.name, what, i, v.get(i), elems[i])
		}
	}
	all := v.all()
	if len(all) != len(elems) {
		t.Fatalf("%s: %s: All yields %d elements, want %d", k.name, what, len(all), len(elems))
	}
	for i := range all {
		if !bytes.Equal(all[i], elems[i]) {
			t.Fatalf("%s: %s: All's element %d is %x, want %x", k.name, what, i, all[i], elems[i])
		}
	}
	expectValue(t, v, k.encode(elems))
}

// TestProgressiveModel applies random operations to progressive views of
// every kind and to a slice of the elements' serializations, from
// lengths either side of the subtrees' boundaries, appending and popping
// across them, and compares the two after each batch; copies taken along
// the way must keep their value.
func TestProgressiveModel(t *testing.T) {
	for _, k := range progressiveKinds() {
		t.Run(k.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(7, uint64(len(k.name))))
			for _, n := range progressiveLengths(k.perLeaf, !testing.Short()) {
				elems := make([][]byte, n)
				for i := range elems {
					elems[i] = k.elem(r)
				}
				v, err := k.decode(k.encode(elems))
				if err != nil {
					t.Fatal(err)
				}
				checkModel(t, k, v, elems, fmt.Sprintf("decoded %d", n))
				type snapshot struct {
					v     progressiveOps
					elems [][]byte
				}
				var snaps []snapshot
				batches := 6
				if n > 20_000 {
					batches = 2 // each check reads every element
				}
				for batch := range batches {
					for range 1 + r.IntN(3*k.perLeaf+8) {
						switch op := r.IntN(10); {
						case op < 4 && len(elems) > 0:
							i := r.IntN(len(elems))
							e := k.elem(r)
							v.set(i, e)
							elems[i] = e
						case op < 7 || batch%2 == 0 && op < 9:
							e := k.elem(r)
							if err := v.append(e); err != nil {
								t.Fatal(err)
							}
							elems = append(elems, e)
						default:
							got, err := v.pop()
							if len(elems) == 0 {
								if !errors.Is(err, ErrEmpty) {
									t.Fatalf("Pop of an empty list: %v", err)
								}
								continue
							}
							if err != nil {
								t.Fatal(err)
							}
							if want := elems[len(elems)-1]; !bytes.Equal(got, want) {
								t.Fatalf("Pop returned %x, want %x", got, want)
							}
							elems = elems[:len(elems)-1]
						}
					}
					if batch%3 == 1 {
						// Compare before a commit too: reads of pending writes.
						checkModel(t, k, v.copyOps(), elems, "copy with pending writes")
					}
					checkModel(t, k, v, elems, fmt.Sprintf("from %d, batch %d", n, batch))
					snaps = append(snaps, snapshot{v.copyOps(), slices.Clone(elems)})
				}
				for i, s := range snaps {
					checkModel(t, k, s.v, s.elems, fmt.Sprintf("from %d, snapshot %d", n, i))
				}
			}
		})
	}
}

// TestProgressiveCrossing appends one element at a time across the first
// subtrees' boundaries, committing after each, then pops back to empty.
func TestProgressiveCrossing(t *testing.T) {
	for _, k := range progressiveKinds() {
		r := rand.New(rand.NewPCG(3, 4))
		v, err := k.decode(k.encode(nil))
		if err != nil {
			t.Fatal(err)
		}
		var elems [][]byte
		limit := 86 * k.perLeaf
		for len(elems) < limit {
			e := k.elem(r)
			if err := v.append(e); err != nil {
				t.Fatal(err)
			}
			elems = append(elems, e)
			if len(elems)%k.perLeaf == 0 || len(elems) < 8 {
				expectValue(t, v, k.encode(elems))
			}
		}
		checkModel(t, k, v, elems, "appended")
		for len(elems) > 0 {
			if _, err := v.pop(); err != nil {
				t.Fatal(err)
			}
			elems = elems[:len(elems)-1]
			if len(elems)%k.perLeaf == 0 || len(elems) < 8 {
				expectValue(t, v, k.encode(elems))
			}
		}
		checkModel(t, k, v, elems, "popped")
	}
}

// TestConcurrentReadersOfProgressive reads progressive lists with writes
// not yet committed from several goroutines at once (run under -race).
func TestConcurrentReadersOfProgressive(t *testing.T) {
	build := func() (*ProgressiveUint64List, *ProgressiveCompactList, *ProgressiveBitlist) {
		bals := must(NewProgressiveBasicList[uint64](progressiveUint64List))
		vals := must(NewProgressiveCompactList(progressiveValidatorList))
		bits := must(NewProgressiveBitlist(schema.NewProgressiveBitlist()))
		for i := range 500 {
			v := make([]byte, validator.FixedSize())
			v[0] = byte(i)
			if err := vals.Append(v); err != nil {
				t.Fatal(err)
			}
			if err := bals.Append(uint64(i)); err != nil {
				t.Fatal(err)
			}
			if err := bits.Append(i%3 == 0); err != nil {
				t.Fatal(err)
			}
		}
		bals.HashTreeRoot()
		vals.HashTreeRoot()
		bits.HashTreeRoot()
		for i := 0; i < 500; i += 7 {
			bals.Set(i, 1000+uint64(i))
			v := vals.Get(i)
			v[1] = 1
			if err := vals.Set(i, v); err != nil {
				t.Fatal(err)
			}
			bits.Set(i, !bits.Get(i))
		}
		if err := bals.Append(9); err != nil {
			t.Fatal(err)
		}
		return bals, vals, bits
	}
	read := func(bals *ProgressiveUint64List, vals *ProgressiveCompactList, bits *ProgressiveBitlist) string {
		var w bytes.Buffer
		sum := uint64(0)
		for i := range bals.Len() {
			sum += bals.Get(i)
		}
		for _, v := range bals.All() {
			sum += v
		}
		fmt.Fprint(&w, sum, bals.Len(), len(bals.Bytes()), bals.HashTreeRoot(), bals.Copy().HashTreeRoot())
		for i, v := range vals.All() {
			if i%50 == 0 {
				fmt.Fprint(&w, v[:2])
			}
		}
		fmt.Fprint(&w, vals.Get(7), vals.SizeSSZ(), vals.HashTreeRoot(), bits.Count(), bits.Get(7), bits.HashTreeRoot())
		enc := must(bits.MarshalSSZ())
		_, leaf, _, err := ProveBranch(vals, "[343]")
		if err != nil {
			panic(err)
		}
		fmt.Fprint(&w, enc, leaf)
		return w.String()
	}
	want := read(build())
	bals, vals, bits := build()
	got := make([]string, 4)
	var wg sync.WaitGroup
	for r := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[r] = read(bals, vals, bits)
		}()
	}
	wg.Wait()
	for r, g := range got {
		if g != want {
			t.Errorf("reader %d saw another value", r)
		}
	}
}

// progressiveParts returns the subtrees and the spine's branches of the
// value tree n of a progressive list of length elements of perLeaf per
// leaf.
func progressiveParts(t *testing.T, n *tree.Node, leaves uint64) (subs, branches []*tree.Node) {
	t.Helper()
	data, _ := n.Children()
	var s spine
	if err := s.load(data, tree.ProgressiveSubtrees(leaves)); err != nil {
		t.Fatal(err)
	}
	return s.subs, s.branches
}

// TestProgressiveSharing checks what a change rebuilds: a Set, only its
// subtree and the spine above it (the branches below it shared, each an
// allocation of its own); an Append across a
// boundary, only the spine (every subtree before is shared); a copy,
// nothing.
func TestProgressiveSharing(t *testing.T) {
	const n = 4 * 341 // five full subtrees of chunks
	vs := make([]uint64, n)
	for i := range vs {
		vs[i] = uint64(i) * 3
	}
	l := must(DecodeProgressiveBasicList[uint64](progressiveUint64List, encodeUint64s(vs)))
	before := l.Node()
	l.HashTreeRoot()
	c := l.Copy()
	if c.Node() != before {
		t.Fatal("a copy does not share the tree")
	}
	l.Set(4*5+3, 7) // chunk 5: subtree 2
	subs0, br0 := progressiveParts(t, before, n/4)
	subs1, br1 := progressiveParts(t, l.Node(), n/4)
	for k := range subs0 {
		if shared := subs0[k] == subs1[k]; shared == (k == 2) {
			t.Errorf("after a Set in subtree 2, subtree %d shared: %v", k, shared)
		}
		if shared := br0[k] == br1[k]; shared != (k > 2) {
			t.Errorf("after a Set in subtree 2, spine branch %d shared: %v", k, shared)
		}
	}
	if c.Get(23) != 69 || l.Get(23) != 7 {
		t.Fatal("a copy saw the write, or the list lost it")
	}
	if err := l.Append(1); err != nil { // chunk 341: subtree 5
		t.Fatal(err)
	}
	subs2, _ := progressiveParts(t, l.Node(), n/4+1)
	if len(subs2) != 6 {
		t.Fatalf("%d subtrees after crossing the boundary, want 6", len(subs2))
	}
	for k := range subs1 {
		if subs1[k] != subs2[k] {
			t.Errorf("an Append across the boundary rebuilt subtree %d", k)
		}
	}
	expectValue(t, l, encodeUint64s(append(slices.Clone(vs[:23]), append([]uint64{7}, append(slices.Clone(vs[24:]), 1)...)...)))
}
