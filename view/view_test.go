package view

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

func field(name string, t schema.Type) schema.Field { return schema.Field{Name: name, Type: t} }

var (
	uint64List = schema.Must(schema.NewList(schema.Uint64, 1<<40))
	bytes32    = schema.Must(schema.NewByteVector(32))
	bytes48    = schema.Must(schema.NewByteVector(48))
	validator  = schema.Must(schema.NewContainer("Validator",
		field("pubkey", bytes48), field("withdrawal_credentials", bytes32),
		field("effective_balance", schema.Uint64), field("slashed", schema.Boolean),
		field("activation_eligibility_epoch", schema.Uint64), field("activation_epoch", schema.Uint64),
		field("exit_epoch", schema.Uint64), field("withdrawable_epoch", schema.Uint64)))
	validatorList = schema.Must(schema.NewList(validator, 1<<40))
	checkpoint    = schema.Must(schema.NewContainer("Checkpoint", field("epoch", schema.Uint64), field("root", bytes32)))
	varTestStruct = schema.Must(schema.NewContainer("VarTestStruct",
		field("A", schema.Uint16), field("B", schema.Must(schema.NewList(schema.Uint16, 1024))), field("C", schema.Uint8)))
	state = schema.Must(schema.NewContainer("State",
		field("slot", schema.Uint64),
		field("finalized", checkpoint),
		field("validators", validatorList),
		field("balances", uint64List),
		field("bits", schema.Must(schema.NewBitlist(2048))),
		field("roots", schema.Must(schema.NewVector(bytes32, 64))),
		field("structs", schema.Must(schema.NewList(varTestStruct, 16))),
		field("flag", schema.Boolean)))
)

// expectValue checks v against the value serialized in want: same bytes,
// same root as a fresh decode, same size.
func expectValue(t *testing.T, v View, want []byte) {
	t.Helper()
	got, err := v.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%v encodes as\n%x\nwant\n%x", v.Type(), got, want)
	}
	fresh, err := v.Type().Decode(want)
	if err != nil {
		t.Fatal(err)
	}
	if v.HashTreeRoot() != fresh.Root() {
		t.Fatalf("%v root differs from a fresh decode's", v.Type())
	}
	if v.SizeSSZ() != len(want) {
		t.Fatalf("SizeSSZ %d, want %d", v.SizeSSZ(), len(want))
	}
}

func encodeUint64s(vs []uint64) []byte {
	b := make([]byte, 8*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint64(b[8*i:], v)
	}
	return b
}

// TestBasicListModel applies random operations to a list view and to a
// plain slice, and compares them after each batch.
func TestBasicListModel(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	small := schema.Must(schema.NewList(schema.Uint64, 300))
	for _, typ := range []*schema.List{small, uint64List} {
		l, err := NewBasicList[uint64](typ)
		if err != nil {
			t.Fatal(err)
		}
		var model []uint64
		var snapshots []*BasicList[uint64]
		var snapModels [][]uint64
		for round := 0; round < 300; round++ {
			for op := r.IntN(20); op >= 0; op-- {
				switch k := r.IntN(10); {
				case k < 4 && len(model) > 0:
					i, v := r.IntN(len(model)), r.Uint64()
					l.Set(i, v)
					model[i] = v
				case k < 7:
					v := r.Uint64()
					err := l.Append(v)
					if uint64(len(model)) == typ.Limit() {
						if !errors.Is(err, ErrLimit) {
							t.Fatalf("Append to a full list: %v", err)
						}
						continue
					}
					if err != nil {
						t.Fatal(err)
					}
					model = append(model, v)
				case k < 9:
					v, err := l.Pop()
					if len(model) == 0 {
						if !errors.Is(err, ErrEmpty) {
							t.Fatalf("Pop of an empty list: %v", err)
						}
						continue
					}
					if err != nil || v != model[len(model)-1] {
						t.Fatalf("Pop = %d, %v; want %d", v, err, model[len(model)-1])
					}
					model = model[:len(model)-1]
				case k < 10 && r.IntN(2) == 0:
					l.Update(func(i int, v uint64) uint64 { return v*3 + uint64(i) })
					for i := range model {
						model[i] = model[i]*3 + uint64(i)
					}
				default:
					model = make([]uint64, r.IntN(200))
					for i := range model {
						model[i] = r.Uint64()
					}
					if err := l.SetAll(model); err != nil {
						t.Fatal(err)
					}
				}
				if r.IntN(3) == 0 {
					// Commit between operations, so that every kind of
					// change also follows a commit on its own.
					l.HashTreeRoot()
				}
			}
			if l.Len() != len(model) {
				t.Fatalf("Len %d, want %d", l.Len(), len(model))
			}
			for i, v := range l.All() {
				if v != model[i] {
					t.Fatalf("All: element %d is %d, want %d", i, v, model[i])
				}
			}
			if r.IntN(3) == 0 {
				expectValue(t, l, encodeUint64s(model))
			}
			if r.IntN(10) == 0 {
				snapshots = append(snapshots, l.Copy())
				snapModels = append(snapModels, append([]uint64(nil), model...))
			}
		}
		for i, s := range snapshots {
			expectValue(t, s, encodeUint64s(snapModels[i]))
		}
	}
}

func TestOutOfRangePanics(t *testing.T) {
	l, _ := NewBasicList[uint64](uint64List)
	l.Append(1)
	for name, f := range map[string]func(){
		"Get(1)":  func() { l.Get(1) },
		"Set(-1)": func() { l.Set(-1, 0) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", name)
				}
			}()
			f()
		}()
	}
}

func randomValidator(r *rand.Rand) []byte {
	b := make([]byte, validator.FixedSize())
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	b[88] &= 1 // slashed
	return b
}

func TestCompactListModel(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	l, err := Of(validatorList, validatorList.Default())
	if err != nil {
		t.Fatal(err)
	}
	vl := l.(*CompactList)
	var model [][]byte
	for round := 0; round < 200; round++ {
		for op := r.IntN(30); op >= 0; op-- {
			switch k := r.IntN(10); {
			case k < 5 && len(model) > 0:
				i, v := r.IntN(len(model)), randomValidator(r)
				if err := vl.Set(i, v); err != nil {
					t.Fatal(err)
				}
				model[i] = v
			case k < 8:
				v := randomValidator(r)
				if err := vl.Append(v); err != nil {
					t.Fatal(err)
				}
				model = append(model, v)
			case len(model) > 0:
				if _, err := vl.Pop(); err != nil {
					t.Fatal(err)
				}
				model = model[:len(model)-1]
			}
		}
		want := bytes.Join(model, nil)
		if r.IntN(2) == 0 {
			expectValue(t, vl, want)
		}
		for i, b := range vl.All() {
			if !bytes.Equal(b, model[i]) {
				t.Fatalf("All: element %d differs", i)
			}
		}
	}
	bad := randomValidator(r)
	bad[88] = 2
	if err := vl.Append(bad); !errors.Is(err, schema.ErrBoolean) {
		t.Fatalf("Append of an invalid validator: %v", err)
	}
	if len(model) > 0 {
		if err := vl.Set(0, bad); !errors.Is(err, schema.ErrBoolean) {
			t.Fatalf("Set of an invalid validator: %v", err)
		}
		expectValue(t, vl, bytes.Join(model, nil))
	}
}

func TestBitlistModel(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	typ := schema.Must(schema.NewBitlist(600))
	l := must(NewBitlist(typ))
	var model []bool
	for round := 0; round < 200; round++ {
		for op := r.IntN(40); op >= 0; op-- {
			switch k := r.IntN(10); {
			case k < 4 && len(model) > 0:
				i, v := r.IntN(len(model)), r.IntN(2) == 0
				l.Set(i, v)
				model[i] = v
			case k < 8 && len(model) < 600:
				v := r.IntN(2) == 0
				if err := l.Append(v); err != nil {
					t.Fatal(err)
				}
				model = append(model, v)
			case len(model) > 0:
				v, err := l.Pop()
				if err != nil || v != model[len(model)-1] {
					t.Fatalf("Pop = %v, %v", v, err)
				}
				model = model[:len(model)-1]
			}
		}
		want := make([]byte, len(model)/8+1)
		for i, v := range model {
			if v {
				want[i/8] |= 1 << (i % 8)
			}
		}
		want[len(model)/8] |= 1 << (len(model) % 8)
		expectValue(t, l, want)
	}
}

// TestHandlesWriteThrough checks that handles on composite fields and
// elements write to their parent, and only to it.
func TestHandlesWriteThrough(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	st := must(NewContainer(state))
	st.SetUint(0, 42)
	bal := st.Field(3).(*Uint64List)
	vals := st.Field(2).(*CompactList)
	for i := 0; i < 100; i++ {
		if err := bal.Append(32e9 + uint64(i)); err != nil {
			t.Fatal(err)
		}
		if err := vals.Append(randomValidator(r)); err != nil {
			t.Fatal(err)
		}
	}
	structs := st.Field(6).(*List)
	if err := structs.Append(must(NewContainer(varTestStruct))); err != nil {
		t.Fatal(err)
	}
	inner := structs.Get(0).(*Container)
	innerList := inner.Field(1).(*BasicList[uint16])
	innerList.Append(7)
	inner.SetUint(0, 9)

	before, err := st.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	expectValue(t, st, before)
	snap := st.Copy()
	snapRoot := snap.HashTreeRoot()

	// Writes through old handles after the copy go to st only.
	bal.Set(5, 1)
	innerList.Append(8)
	vals.Pop()
	st.Field(4).(*Bitlist).Append(true)
	cp := st.Field(1).(*Container)
	cp.SetUint(0, 77)

	if snap.HashTreeRoot() != snapRoot {
		t.Fatal("the copy changed with its original")
	}
	expectValue(t, snap, before)
	after, _ := st.MarshalSSZ()
	if bytes.Equal(after, before) {
		t.Fatal("writes through handles did not reach the parent")
	}
	expectValue(t, st, after)
	// Read the writes back through a fresh decode.
	fresh, err := DecodeContainer(state, after)
	if err != nil {
		t.Fatal(err)
	}
	if got := fresh.Field(3).(*Uint64List).Get(5); got != 1 {
		t.Fatalf("balance 5 is %d", got)
	}
	if got := fresh.Field(6).(*List).Get(0).(*Container).Field(1).(*BasicList[uint16]).Len(); got != 2 {
		t.Fatalf("inner list has %d elements", got)
	}
	if got := fresh.Field(1).(*Container).Uint(0); got != 77 {
		t.Fatalf("finalized epoch %d", got)
	}

	// Replacing a field moves its handle to the new value.
	empty, _ := NewBasicList[uint64](uint64List)
	if err := st.Set(3, empty); err != nil {
		t.Fatal(err)
	}
	if bal.Len() != 0 {
		t.Fatalf("handle on a replaced field has %d elements", bal.Len())
	}
	bal.Append(3)
	if got := st.Field(3).(*Uint64List).Len(); got != 1 {
		t.Fatalf("write through the moved handle: length %d", got)
	}
	b, _ := st.MarshalSSZ()
	expectValue(t, st, b)
}

func TestUnmarshalLeavesValueOnError(t *testing.T) {
	l, _ := NewBasicList[uint64](schema.Must(schema.NewList(schema.Uint64, 2)))
	l.Append(5)
	if err := l.UnmarshalSSZ(make([]byte, 24)); !errors.Is(err, schema.ErrLimit) {
		t.Fatalf("UnmarshalSSZ of 3 elements into List[uint64, 2]: %v", err)
	}
	expectValue(t, l, encodeUint64s([]uint64{5}))
}

func TestOfEveryKind(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, typ := range []schema.Type{
		schema.Must(schema.NewList(schema.Uint8, 100)), schema.Must(schema.NewList(schema.Uint16, 100)),
		schema.Must(schema.NewList(schema.Uint32, 100)), schema.Must(schema.NewList(schema.Uint128, 100)),
		schema.Must(schema.NewList(schema.Uint256, 100)), schema.Must(schema.NewList(schema.Boolean, 100)),
		schema.Must(schema.NewVector(schema.Uint64, 10)), schema.Must(schema.NewVector(schema.Boolean, 10)),
		schema.Must(schema.NewVector(schema.Uint256, 3)), bytes32, bytes48,
		schema.Must(schema.NewVector(checkpoint, 5)), schema.Must(schema.NewVector(varTestStruct, 2)),
		schema.Must(schema.NewBitvector(300)), schema.Must(schema.NewUnion(nil, checkpoint, schema.Uint16)),
		state, validator, checkpoint,
	} {
		v, err := New(typ)
		if err != nil {
			t.Fatalf("New(%v): %v", typ, err)
		}
		def, _ := typ.Encode(nil, typ.Default())
		expectValue(t, v, def)
		// Round trip a random value through UnmarshalSSZ.
		b := randomBytes(r, typ)
		if err := v.UnmarshalSSZ(b); err != nil {
			t.Fatalf("%v: %v", typ, err)
		}
		expectValue(t, v, b)
	}
}

// randomBytes returns a random valid serialization of t, by decoding random
// bytes of the right size for fixed-size types, and a fixed sample otherwise.
func randomBytes(r *rand.Rand, t schema.Type) []byte {
	if t.IsFixedSize() {
		for {
			b := make([]byte, t.FixedSize())
			for i := range b {
				b[i] = byte(r.IntN(2)) // valid for booleans too
			}
			if schema.Validate(t, b) == nil {
				return b
			}
		}
	}
	v, _ := New(t)
	switch v := v.(type) {
	case *BasicList[uint8]:
		v.SetBytes([]byte{1, 2, 3})
	case *Union:
		v.Select(2, []byte{7, 0})
	}
	b, _ := v.MarshalSSZ()
	return b
}

type gwei uint64

// checkpointValue is a Go value of the Checkpoint type, for ValueList.
type checkpointValue struct {
	Epoch uint64
	Root  [32]byte
}

func (c *checkpointValue) MarshalSSZTo(dst []byte) ([]byte, error) {
	dst = binary.LittleEndian.AppendUint64(dst, c.Epoch)
	return append(dst, c.Root[:]...), nil
}

func (c *checkpointValue) UnmarshalSSZ(b []byte) error {
	if len(b) != 40 {
		return schema.ErrSize
	}
	c.Epoch = binary.LittleEndian.Uint64(b)
	copy(c.Root[:], b[8:])
	return nil
}

func TestTypedWrappersShareState(t *testing.T) {
	st := must(NewContainer(state))
	plain := st.Field(3).(*Uint64List)
	typed, err := AsBasicList[gwei](st.Field(3))
	if err != nil {
		t.Fatal(err)
	}
	typed.Append(5)
	plain.Append(6)
	if typed.Len() != 2 || plain.Get(0) != 5 || typed.Get(1) != 6 {
		t.Fatalf("wrappers disagree: %d %d", typed.Len(), plain.Len())
	}
	if _, err := AsBasicList[uint32](st.Field(3)); !errors.Is(err, ErrWrongType) {
		t.Fatalf("AsBasicList of the wrong width: %v", err)
	}

	cps := schema.Must(schema.NewList(checkpoint, 100))
	raw, _ := New(cps)
	l, err := AsValueList[checkpointValue](raw)
	if err != nil {
		t.Fatal(err)
	}
	var want []byte
	for i := 0; i < 40; i++ {
		v := checkpointValue{Epoch: uint64(i), Root: [32]byte{byte(i)}}
		if err := l.Append(v); err != nil {
			t.Fatal(err)
		}
		want, _ = v.MarshalSSZTo(want)
	}
	l.Set(3, checkpointValue{Epoch: 99})
	want[3*40] = 99
	want[3*40+8] = 0
	expectValue(t, raw, want)
	if got := l.Get(3); got.Epoch != 99 || got.Root != ([32]byte{}) {
		t.Fatalf("Get(3) = %+v", got)
	}
	n := 0
	for i, v := range l.All() {
		if v != l.Get(i) {
			t.Fatalf("All: element %d differs", i)
		}
		n++
	}
	if n != 40 {
		t.Fatalf("All yielded %d elements", n)
	}
	if _, err := AsValueList[checkpointValue](st.Field(3)); !errors.Is(err, ErrWrongType) {
		t.Fatalf("AsValueList of a list of integers: %v", err)
	}
}

// TestReplaceAfterCommit replaces every element, keeping the length, right
// after a commit: the new values must reach the root (a handle whose data
// tree was replaced once kept its old root).
func TestReplaceAfterCommit(t *testing.T) {
	st := must(NewContainer(state))
	bal := st.Field(3).(*Uint64List)
	for i := 0; i < 100; i++ {
		bal.Append(uint64(i))
	}
	st.HashTreeRoot()
	bal.Update(func(i int, v uint64) uint64 { return v + 7 })
	b, _ := st.MarshalSSZ()
	expectValue(t, st, b)
	if got := decodeState(t, b).Field(3).(*Uint64List).Get(5); got != 12 {
		t.Fatalf("balance 5 after Update is %d", got)
	}
	st.HashTreeRoot()
	vals := slices.Collect(bal.Values())
	for i := range vals {
		vals[i] = 1
	}
	bal.SetAll(vals)
	b, _ = st.MarshalSSZ()
	expectValue(t, st, b)
	if got := decodeState(t, b).Field(3).(*Uint64List).Get(5); got != 1 {
		t.Fatalf("balance 5 after SetAll is %d", got)
	}
}

func decodeState(t *testing.T, b []byte) *Container {
	c, err := DecodeContainer(state, b)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestValues checks that Values yields the elements in order and stops
// when the loop does.
func TestValues(t *testing.T) {
	l := must(NewBasicList[uint16](schema.Must(schema.NewList(schema.Uint16, 1000))))
	var want []uint16
	for i := 0; i < 600; i++ { // across pages
		l.Append(uint16(3 * i))
		want = append(want, uint16(3*i))
	}
	if got := slices.Collect(l.Values()); !slices.Equal(got, want) {
		t.Fatalf("Values = %v, want %v", got, want)
	}
	n := 0
	for range l.Values() {
		if n++; n == 5 {
			break
		}
	}
	if n != 5 {
		t.Fatalf("Values went on after break: %d", n)
	}
}
