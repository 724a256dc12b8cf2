package view

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

// asView returns v as a View, and nil on error rather than a typed nil.
func asView[V View](v V, err error) (View, error) {
	if err != nil {
		return nil, err
	}
	return v, nil
}

func asContainer(v View) *Container   { return v.(*Container) }
func containerView(c *Container) View { return c }

// constructors pairs each concrete view type's NewX and DecodeX with a type
// it holds.
func constructors() []struct {
	typ    schema.Type
	new    func() (View, error)
	decode func(b []byte) (View, error)
} {
	var (
		bytesList   = schema.Must(schema.NewList(schema.Uint8, 100))
		u64Vector   = schema.Must(schema.NewVector(schema.Uint64, 10))
		u256List    = schema.Must(schema.NewList(schema.Uint256, 100))
		u128Vector  = schema.Must(schema.NewVector(schema.Uint128, 3))
		boolList    = schema.Must(schema.NewList(schema.Boolean, 100))
		boolVector  = schema.Must(schema.NewVector(schema.Boolean, 10))
		cpList      = schema.Must(schema.NewList(checkpoint, 100))
		cpVector    = schema.Must(schema.NewVector(checkpoint, 5))
		structList  = schema.Must(schema.NewList(varTestStruct, 4))
		structVec   = schema.Must(schema.NewVector(varTestStruct, 2))
		bitlist     = schema.Must(schema.NewBitlist(600))
		bitvector   = schema.Must(schema.NewBitvector(300))
		union       = schema.Must(schema.NewUnion(nil, checkpoint, schema.Uint16))
		typedValues = func(t *schema.List) (*ValueList[checkpointValue, *checkpointValue], error) {
			return NewValueList[checkpointValue](t)
		}
	)
	return []struct {
		typ    schema.Type
		new    func() (View, error)
		decode func(b []byte) (View, error)
	}{
		{bytesList, func() (View, error) { return asView(NewBasicList[uint8](bytesList)) },
			func(b []byte) (View, error) { return asView(DecodeBasicList[uint8](bytesList, b)) }},
		{u64Vector, func() (View, error) { return asView(NewBasicVector[uint64](u64Vector)) },
			func(b []byte) (View, error) { return asView(DecodeBasicVector[uint64](u64Vector, b)) }},
		{u256List, func() (View, error) { return asView(NewUint256List(u256List)) },
			func(b []byte) (View, error) { return asView(DecodeUint256List(u256List, b)) }},
		{u128Vector, func() (View, error) { return asView(NewUint256Vector(u128Vector)) },
			func(b []byte) (View, error) { return asView(DecodeUint256Vector(u128Vector, b)) }},
		{boolList, func() (View, error) { return asView(NewBoolList(boolList)) },
			func(b []byte) (View, error) { return asView(DecodeBoolList(boolList, b)) }},
		{boolVector, func() (View, error) { return asView(NewBoolVector(boolVector)) },
			func(b []byte) (View, error) { return asView(DecodeBoolVector(boolVector, b)) }},
		{cpList, func() (View, error) { return asView(NewCompactList(cpList)) },
			func(b []byte) (View, error) { return asView(DecodeCompactList(cpList, b)) }},
		{cpVector, func() (View, error) { return asView(NewCompactVector(cpVector)) },
			func(b []byte) (View, error) { return asView(DecodeCompactVector(cpVector, b)) }},
		{structList, func() (View, error) { return asView(NewList(structList)) },
			func(b []byte) (View, error) { return asView(DecodeList(structList, b)) }},
		{structVec, func() (View, error) { return asView(NewVector(structVec)) },
			func(b []byte) (View, error) { return asView(DecodeVector(structVec, b)) }},
		{bitlist, func() (View, error) { return asView(NewBitlist(bitlist)) },
			func(b []byte) (View, error) { return asView(DecodeBitlist(bitlist, b)) }},
		{bitvector, func() (View, error) { return asView(NewBitvector(bitvector)) },
			func(b []byte) (View, error) { return asView(DecodeBitvector(bitvector, b)) }},
		{state, func() (View, error) { return asView(NewContainer(state)) },
			func(b []byte) (View, error) { return asView(DecodeContainer(state, b)) }},
		{union, func() (View, error) { return asView(NewUnion(union)) },
			func(b []byte) (View, error) { return asView(DecodeUnion(union, b)) }},
		{cpList, func() (View, error) { return asView(typedValues(cpList)) },
			func(b []byte) (View, error) {
				return asView(DecodeValueList[checkpointValue](cpList, b))
			}},
		{cpVector, func() (View, error) { return asView(NewValueVector[checkpointValue](cpVector)) },
			func(b []byte) (View, error) {
				return asView(DecodeValueVector[checkpointValue](cpVector, b))
			}},
		{structList, func() (View, error) {
			return asView(NewListOf(structList, asContainer, containerView))
		}, func(b []byte) (View, error) {
			return asView(DecodeListOf(structList, b, asContainer, containerView))
		}},
	}
}

// TestConstructors checks each NewX and DecodeX against New and Decode:
// the same value, and an error for bytes that are not a value.
func TestConstructors(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	invalid := bytes.Repeat([]byte{0xff}, 5000)
	for _, c := range constructors() {
		v, err := c.new()
		if err != nil {
			t.Fatalf("New of %v: %v", c.typ, err)
		}
		def, _ := c.typ.Encode(nil, c.typ.Default())
		expectValue(t, v, def)
		b := randomBytes(r, c.typ)
		d, err := c.decode(b)
		if err != nil {
			t.Fatalf("Decode of %v: %v", c.typ, err)
		}
		expectValue(t, d, b)
		if g, _ := Decode(c.typ, b); d.HashTreeRoot() != g.HashTreeRoot() {
			t.Fatalf("%v: DecodeX and Decode disagree", c.typ)
		}
		if _, err := c.decode(invalid); err == nil {
			t.Fatalf("Decode of %d bytes 0xff as %v: no error", len(invalid), c.typ)
		}
	}
}

// TestConstructorsRejectOtherTypes checks that a constructor given a type
// that another view type holds returns ErrWrongType.
func TestConstructorsRejectOtherTypes(t *testing.T) {
	var (
		boolList  = schema.Must(schema.NewList(schema.Boolean, 10))
		bytesList = schema.Must(schema.NewList(schema.Uint8, 10))
		cpList    = schema.Must(schema.NewList(checkpoint, 10))
		cpVector  = schema.Must(schema.NewVector(checkpoint, 5))
		structs   = schema.Must(schema.NewList(varTestStruct, 4))
		structVec = schema.Must(schema.NewVector(varTestStruct, 2))
	)
	for name, err := range map[string]error{
		"NewBasicList[uint8](List[boolean])":   second(NewBasicList[uint8](boolList)),
		"NewBasicList[uint64](List[uint8])":    second(NewBasicList[uint64](bytesList)),
		"NewBasicVector[uint8](Vector[Chk])":   second(NewBasicVector[uint8](cpVector)),
		"NewBoolList(List[uint8])":             second(NewBoolList(bytesList)),
		"NewUint256List(List[uint8])":          second(NewUint256List(bytesList)),
		"NewCompactList(List[uint8])":          second(NewCompactList(bytesList)),
		"NewCompactList(List[VarTestStruct])":  second(NewCompactList(structs)),
		"NewCompactVector(Vector[VarTest])":    second(NewCompactVector(structVec)),
		"NewList(List[Checkpoint])":            second(NewList(cpList)),
		"NewVector(Vector[Checkpoint])":        second(NewVector(cpVector)),
		"NewValueList(List[Validator])":        second(NewValueList[checkpointValue](validatorList)),
		"NewValueVector(Vector[VarTest])":      second(NewValueVector[checkpointValue](structVec)),
		"NewListOf(List[Checkpoint])":          second(NewListOf(cpList, asContainer, containerView)),
		"DecodeBoolList(List[uint8])":          second(DecodeBoolList(bytesList, []byte{1})),
		"DecodeBasicList[uint16](List[uint8])": second(DecodeBasicList[uint16](bytesList, []byte{1, 2})),
	} {
		if !errors.Is(err, ErrWrongType) {
			t.Errorf("%s: %v, want ErrWrongType", name, err)
		}
	}
}

func second[V any](_ V, err error) error { return err }

// TestPopReturnsLast checks that Pop of every kind of list returns the last
// element, and that a popped handle no longer writes to its list.
func TestPopReturnsLast(t *testing.T) {
	structs := schema.Must(schema.NewList(varTestStruct, 4))
	l := must(NewListOf(structs, asContainer, containerView))
	for i := 0; i < 3; i++ {
		c := must(NewContainer(varTestStruct))
		c.SetUint(0, uint64(10+i))
		if err := l.Append(c); err != nil {
			t.Fatal(err)
		}
	}
	held := l.Get(2)
	popped, err := l.Pop()
	if err != nil || popped.Uint(0) != 12 || l.Len() != 2 {
		t.Fatalf("ListOf.Pop = %v, %v with %d left", popped, err, l.Len())
	}
	before := l.HashTreeRoot()
	held.SetUint(0, 99)
	if l.HashTreeRoot() != before || popped.Uint(0) != 99 {
		t.Fatal("a popped handle still writes to its list, or is not the view Pop returned")
	}
	// An element appended where one was popped gets a handle of its own,
	// not the popped one (which readers may have found without the lock).
	again := must(NewContainer(varTestStruct))
	again.SetUint(0, 13)
	if err := l.Append(again); err != nil {
		t.Fatal(err)
	}
	if h := l.Get(2); h.Uint(0) != 13 {
		t.Fatalf("Get after Pop and Append = %d, want the new element's 13", h.Uint(0))
	}
	if _, err := l.Pop(); err != nil {
		t.Fatal(err)
	}
	// Without a handle taken, Pop builds the element's view.
	v, err := l.List.Pop()
	if err != nil || v.(*Container).Uint(0) != 11 {
		t.Fatalf("List.Pop = %v, %v", v, err)
	}

	cps := schema.Must(schema.NewList(checkpoint, 4))
	cl := must(NewCompactList(cps))
	vl := must(AsValueList[checkpointValue](cl))
	for i := 0; i < 3; i++ {
		vl.Append(checkpointValue{Epoch: uint64(i), Root: [32]byte{byte(i)}})
	}
	cv, err := vl.Pop()
	if err != nil || cv.Epoch != 2 || cv.Root[0] != 2 {
		t.Fatalf("ValueList.Pop = %+v, %v", cv, err)
	}
	b, err := cl.Pop()
	want, _ := (&checkpointValue{Epoch: 1, Root: [32]byte{1}}).MarshalSSZTo(nil)
	if err != nil || !bytes.Equal(b, want) {
		t.Fatalf("CompactList.Pop = %x, %v", b, err)
	}
	cl.Pop()
	l.Pop()
	for name, pop := range map[string]func() error{
		"CompactList": func() error { return second(cl.Pop()) },
		"ValueList":   func() error { return second(vl.Pop()) },
		"List":        func() error { return second(l.List.Pop()) },
		"ListOf":      func() error { return second(l.Pop()) },
	} {
		if err := pop(); !errors.Is(err, ErrEmpty) {
			t.Errorf("%s.Pop of an empty list: %v", name, err)
		}
	}
}

// TestDecodeTo checks that DecodeContainerTo and
// DecodeProgressiveContainerTo decode in place what DecodeContainer and
// DecodeProgressiveContainer decode (a lazy container and a compact one),
// leave the destination unused on an error, and refuse a destination in
// use.
func TestDecodeTo(t *testing.T) {
	for _, ct := range []*schema.Container{state, checkpoint} {
		c := must(NewContainer(ct))
		c.SetUint(0, 7)
		b := must(c.MarshalSSZ())
		var dst Container
		if err := DecodeContainerTo(&dst, ct, b[:len(b)-1]); err == nil {
			t.Fatalf("%v: DecodeContainerTo of a short value: no error", ct)
		}
		if err := DecodeContainerTo(&dst, ct, b); err != nil {
			t.Fatalf("%v: DecodeContainerTo after an error: %v", ct, err)
		}
		if dst.Uint(0) != 7 || dst.HashTreeRoot() != c.HashTreeRoot() {
			t.Errorf("%v: DecodeContainerTo: field 0 %d, root %x; want 7, %x", ct, dst.Uint(0), dst.HashTreeRoot(), c.HashTreeRoot())
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%v: DecodeContainerTo a Container in use did not panic", ct)
				}
			}()
			_ = DecodeContainerTo(&dst, ct, b)
		}()
	}
	p := must(NewProgressiveContainer(progressiveState))
	b := must(p.MarshalSSZ())
	var pdst ProgressiveContainer
	if err := DecodeProgressiveContainerTo(&pdst, progressiveState, append(b, 0)); err == nil {
		t.Fatal("DecodeProgressiveContainerTo of a long value: no error")
	}
	if err := DecodeProgressiveContainerTo(&pdst, progressiveState, b); err != nil {
		t.Fatalf("DecodeProgressiveContainerTo after an error: %v", err)
	}
	if pdst.HashTreeRoot() != p.HashTreeRoot() {
		t.Error("DecodeProgressiveContainerTo: roots differ")
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("DecodeProgressiveContainerTo a ProgressiveContainer in use did not panic")
			}
		}()
		_ = DecodeProgressiveContainerTo(&pdst, progressiveState, b)
	}()
}
