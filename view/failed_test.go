package view

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/holiman/uint256"
	"github.com/ssztree/ssztree/schema"
)

// A failedOp is an operation that must fail on the value its build makes,
// and leave that value as it was: the same root and the same encoding as
// an identical value on which the operation was never tried.
type failedOp struct {
	name string
	// build makes the value (owner) and returns the failing operation on
	// it or on a handle taken from it. With pending, build leaves writes
	// not yet committed in the value before the operation runs. Each call
	// makes a new value in the same state.
	build func(pending bool) (owner View, op func() error)
	// panics says that op is a programming error (an index out of range),
	// which panics as a slice index does, rather than returning an error.
	panics bool
}

// TestFailedOpsLeaveValue tries every failing operation of every kind of
// view, with and without writes pending before it, and checks that the
// value keeps its root and encoding, that they agree with each other (a
// fresh decode of the encoding has the same root), and that the value
// still takes a change afterwards.
func TestFailedOpsLeaveValue(t *testing.T) {
	for _, c := range failedOps() {
		for _, pending := range []bool{false, true} {
			name := c.name
			if pending {
				name += "/pending"
			}
			t.Run(name, func(t *testing.T) {
				ref, _ := c.build(pending)
				wantRoot := ref.HashTreeRoot()
				wantSSZ, err := ref.MarshalSSZ()
				if err != nil {
					t.Fatal(err)
				}

				v, op := c.build(pending)
				err, panicked := tryOp(op)
				switch {
				case c.panics && !panicked:
					t.Fatalf("no panic (error %v)", err)
				case !c.panics && panicked:
					t.Fatalf("panicked: %v", err)
				case !c.panics && err == nil:
					t.Fatal("no error")
				}
				if got := v.HashTreeRoot(); got != wantRoot {
					t.Errorf("root %x after the failed operation, want %x", got, wantRoot)
				}
				got, err := v.MarshalSSZ()
				if err != nil || !bytes.Equal(got, wantSSZ) {
					t.Fatalf("encoding after the failed operation:\n%x, %v\nwant\n%x", got, err, wantSSZ)
				}
				expectValue(t, v, wantSSZ)
				// The value is still usable: replacing it works.
				if err := v.UnmarshalSSZ(wantSSZ); err != nil {
					t.Fatalf("UnmarshalSSZ of its own encoding after the failed operation: %v", err)
				}
				expectValue(t, v, wantSSZ)
			})
		}
	}
}

// tryOp runs op and reports its error, or the panic it raised.
func tryOp(op func() error) (err error, panicked bool) {
	defer func() {
		if r := recover(); r != nil {
			err, panicked = fmt.Errorf("%v", r), true
		}
	}()
	return op(), false
}

// Types of the failing operations: small limits, so that a test reaches
// them.
var (
	failCheckpoints = schema.Must(schema.NewList(checkpoint, 3))
	failValidators  = schema.Must(schema.NewList(validator, 3))
	failValVector   = schema.Must(schema.NewVector(validator, 2))
	failSmallStruct = schema.Must(schema.NewContainer("Small",
		field("a", schema.Uint16), field("b", schema.Must(schema.NewList(schema.Uint16, 2))), field("c", schema.Boolean)))
	failStructs   = schema.Must(schema.NewList(failSmallStruct, 3))
	failStructVec = schema.Must(schema.NewVector(failSmallStruct, 2))
	failBitlist   = schema.Must(schema.NewBitlist(10))
	failBitvector = schema.Must(schema.NewBitvector(10))
	failU128List  = schema.Must(schema.NewList(schema.Uint128, 3))
	failU256Vec   = schema.Must(schema.NewVector(schema.Uint256, 3))
	failU128Vec   = schema.Must(schema.NewVector(schema.Uint128, 3))
	failBoolList  = schema.Must(schema.NewList(schema.Boolean, 3))
	failBoolVec   = schema.Must(schema.NewVector(schema.Boolean, 3))
	failUnion     = schema.Must(schema.NewUnion(nil, failSmallStruct, schema.Uint16))
	// failParent holds a field of every kind, for writes through handles.
	failParent = schema.Must(schema.NewContainer("Parent",
		field("slot", schema.Uint64),
		field("balances", schema.Must(schema.NewList(schema.Uint64, 3))),
		field("flags", schema.Must(schema.NewList(schema.Uint8, 3))),
		field("roots", schema.Must(schema.NewVector(bytes32, 2))),
		field("checkpoints", failCheckpoints),
		field("validators", failValidators),
		field("structs", failStructs),
		field("bits", failBitlist),
		field("justification", failBitvector),
		field("bigs", failU128List),
		field("votes", failBoolList),
		field("small", failSmallStruct),
		field("union", failUnion)))
)

// Values of the failing operations' elements.
var (
	cp1       = mustBytes(checkpoint, func(b []byte) { b[0], b[8] = 1, 0xaa })
	cp2       = mustBytes(checkpoint, func(b []byte) { b[0], b[8] = 2, 0xbb })
	val1      = mustBytes(validator, func(b []byte) { b[0], b[80] = 1, 1 })
	val2      = mustBytes(validator, func(b []byte) { b[0], b[88] = 2, 1 })
	badVal    = mustBytes(validator, func(b []byte) { b[88] = 2 }) // slashed is 2: not a boolean
	small1    = []byte{1, 0, 7, 0, 0, 0, 1, 5, 0}                  // a=1, c=true, b=[5]
	small2    = []byte{2, 0, 7, 0, 0, 0, 0, 5, 0, 6, 0}            // a=2, c=false, b=[5, 6]
	badSmalls = [][]byte{
		{1, 0, 7, 0, 0, 0, 2},                   // c is 2: not a boolean
		{1, 0, 8, 0, 0, 0, 1},                   // offset past the end
		{1, 0, 6, 0, 0, 0, 1},                   // offset into the fixed part
		{1, 0, 7, 0, 0, 0, 1, 5},                // b of an odd length
		{1, 0, 7, 0, 0, 0, 1, 1, 0, 2, 0, 3, 0}, // b past its limit
		{1, 0, 7},                               // short
	}
	big1 = uint256.NewInt(1)
	// tooBig is beyond uint128.
	tooBig = new(uint256.Int).Lsh(uint256.NewInt(1), 130)
)

// mustBytes returns the default serialization of the fixed-size type t,
// changed by f.
func mustBytes(t schema.Type, f func(b []byte)) []byte {
	b := make([]byte, t.FixedSize())
	f(b)
	return b
}

// badEncodings returns serializations that are not values of t.
func badEncodings(t schema.Type) [][]byte {
	bad := [][]byte{make([]byte, 1<<12+1), bytes.Repeat([]byte{0xff}, 99)}
	if t.IsFixedSize() {
		bad = append(bad, make([]byte, t.FixedSize()-1), make([]byte, t.FixedSize()+1))
	} else {
		bad = append(bad, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}) // an offset past the end, or a partial element
	}
	return bad
}

// failedOps returns the failing operations of every kind of view.
func failedOps() []failedOp {
	var ops []failedOp
	add := func(name string, panics bool, build func(pending bool) (View, func() error)) {
		ops = append(ops, failedOp{name, build, panics})
	}
	// unmarshalOps adds a failed UnmarshalSSZ of every bad encoding of the
	// value's type to a value that mk makes.
	unmarshalOps := func(name string, typ schema.Type, mk func(pending bool) View, extra ...[]byte) {
		for i, b := range append(badEncodings(typ), extra...) {
			add(fmt.Sprintf("%s/UnmarshalSSZ#%d", name, i), false, func(pending bool) (View, func() error) {
				v := mk(pending)
				return v, func() error { return v.UnmarshalSSZ(b) }
			})
		}
	}

	basicListOps[uint8](&ops, unmarshalOps)
	basicListOps[uint16](&ops, unmarshalOps)
	basicListOps[uint32](&ops, unmarshalOps)
	basicListOps[uint64](&ops, unmarshalOps)
	basicVectorOps[uint8](&ops, unmarshalOps)
	basicVectorOps[uint16](&ops, unmarshalOps)
	basicVectorOps[uint32](&ops, unmarshalOps)
	basicVectorOps[uint64](&ops, unmarshalOps)

	// Uint256List and Uint256Vector.
	u128List := func(pending bool) *Uint256List {
		l := must(NewUint256List(failU128List))
		for i := range 3 {
			if err := l.Append(uint256.NewInt(uint64(i + 1))); err != nil {
				panic(err)
			}
		}
		if pending {
			_ = l.Set(1, uint256.NewInt(9))
		} else {
			l.HashTreeRoot()
		}
		return l
	}
	add("Uint256List/Append past the limit", false, func(p bool) (View, func() error) {
		l := u128List(p)
		return l, func() error { return l.Append(big1) }
	})
	add("Uint256List/Append beyond uint128", false, func(p bool) (View, func() error) {
		l := u128List(p)
		_, _ = l.Pop()
		return l, func() error { return l.Append(tooBig) }
	})
	add("Uint256List/Set beyond uint128", false, func(p bool) (View, func() error) {
		l := u128List(p)
		return l, func() error { return l.Set(0, tooBig) }
	})
	add("Uint256List/Set out of range", true, func(p bool) (View, func() error) {
		l := u128List(p)
		return l, func() error { return l.Set(3, big1) }
	})
	add("Uint256List/Pop of an empty list", false, func(p bool) (View, func() error) {
		l := must(NewUint256List(failU128List))
		if p {
			_ = l.Append(big1)
			_, _ = l.Pop()
		}
		return l, func() error { _, err := l.Pop(); return err }
	})
	unmarshalOps("Uint256List", failU128List, func(p bool) View { return u128List(p) }, make([]byte, 16*4))
	for _, vt := range []*schema.Vector{failU256Vec, failU128Vec} {
		mk := func(pending bool) *Uint256Vector {
			v := must(NewUint256Vector(vt))
			_ = v.Set(0, uint256.NewInt(5))
			if pending {
				_ = v.Set(2, uint256.NewInt(6))
			} else {
				v.HashTreeRoot()
			}
			return v
		}
		name := "Uint256Vector/" + vt.String()
		add(name+"/Set out of range", true, func(p bool) (View, func() error) {
			v := mk(p)
			return v, func() error { return v.Set(-1, big1) }
		})
		if vt == failU128Vec {
			add(name+"/Set beyond uint128", false, func(p bool) (View, func() error) {
				v := mk(p)
				return v, func() error { return v.Set(1, tooBig) }
			})
		}
		unmarshalOps(name, vt, func(p bool) View { return mk(p) })
	}

	// BoolList and BoolVector.
	boolList := func(pending bool) *BoolList {
		l := must(NewBoolList(failBoolList))
		_ = l.Append(true)
		_ = l.Append(false)
		_ = l.Append(true)
		if pending {
			l.Set(1, true)
		} else {
			l.HashTreeRoot()
		}
		return l
	}
	add("BoolList/Append past the limit", false, func(p bool) (View, func() error) {
		l := boolList(p)
		return l, func() error { return l.Append(true) }
	})
	add("BoolList/Set out of range", true, func(p bool) (View, func() error) {
		l := boolList(p)
		return l, func() error { l.Set(3, false); return nil }
	})
	add("BoolList/Pop of an empty list", false, func(p bool) (View, func() error) {
		l := must(NewBoolList(failBoolList))
		if p {
			_ = l.Append(true)
			_, _ = l.Pop()
		}
		return l, func() error { _, err := l.Pop(); return err }
	})
	unmarshalOps("BoolList", failBoolList, func(p bool) View { return boolList(p) }, []byte{1, 2}, []byte{1, 1, 1, 1})
	boolVec := func(pending bool) *BoolVector {
		v := must(NewBoolVector(failBoolVec))
		v.Set(0, true)
		if pending {
			v.Set(2, true)
		} else {
			v.HashTreeRoot()
		}
		return v
	}
	add("BoolVector/Set out of range", true, func(p bool) (View, func() error) {
		v := boolVec(p)
		return v, func() error { v.Set(3, true); return nil }
	})
	unmarshalOps("BoolVector", failBoolVec, func(p bool) View { return boolVec(p) }, []byte{1, 0, 2})

	// CompactList and CompactVector, and the typed ValueList over one.
	for _, lt := range []*schema.List{failCheckpoints, failValidators} {
		e1, e2 := cp1, cp2
		if lt == failValidators {
			e1, e2 = val1, val2
		}
		mk := func(pending bool) *CompactList {
			l := must(NewCompactList(lt))
			_ = l.Append(e1)
			_ = l.Append(e2)
			_ = l.Append(e1)
			if pending {
				_ = l.Set(1, e1)
			} else {
				l.HashTreeRoot()
			}
			return l
		}
		name := "CompactList/" + lt.String()
		add(name+"/Append past the limit", false, func(p bool) (View, func() error) {
			l := mk(p)
			return l, func() error { return l.Append(e2) }
		})
		add(name+"/Append of a short element", false, func(p bool) (View, func() error) {
			l := mk(p)
			_, _ = l.Pop()
			return l, func() error { return l.Append(e2[1:]) }
		})
		add(name+"/Set of a long element", false, func(p bool) (View, func() error) {
			l := mk(p)
			return l, func() error { return l.Set(0, append(e2, 0)) }
		})
		add(name+"/Set out of range", true, func(p bool) (View, func() error) {
			l := mk(p)
			return l, func() error { return l.Set(3, e2) }
		})
		add(name+"/SetBytes past the limit", false, func(p bool) (View, func() error) {
			l := mk(p)
			return l, func() error { return l.SetBytes(bytes.Repeat(e2, 4)) }
		})
		add(name+"/SetBytes of a partial element", false, func(p bool) (View, func() error) {
			l := mk(p)
			return l, func() error { return l.SetBytes(append(e2, 1)) }
		})
		add(name+"/Pop of an empty list", false, func(p bool) (View, func() error) {
			l := must(NewCompactList(lt))
			if p {
				_ = l.Append(e1)
				_, _ = l.Pop()
			}
			return l, func() error { _, err := l.Pop(); return err }
		})
		unmarshalOps(name, lt, func(p bool) View { return mk(p) }, bytes.Repeat(e1, 4), append(e1, 0))
		if lt == failValidators {
			add(name+"/Append of an invalid element", false, func(p bool) (View, func() error) {
				l := mk(p)
				_, _ = l.Pop()
				return l, func() error { return l.Append(badVal) }
			})
			add(name+"/Set of an invalid element", false, func(p bool) (View, func() error) {
				l := mk(p)
				return l, func() error { return l.Set(2, badVal) }
			})
			add(name+"/SetBytes with an invalid element", false, func(p bool) (View, func() error) {
				l := mk(p)
				return l, func() error { return l.SetBytes(append(append([]byte{}, val2...), badVal...)) }
			})
			unmarshalOps(name, lt, func(p bool) View { return mk(p) }, append(append([]byte{}, val2...), badVal...))
		}
	}
	valueList := func(pending bool) *ValueList[checkpointValue, *checkpointValue] {
		l := must(NewValueList[checkpointValue](failCheckpoints))
		for i := range 3 {
			_ = l.Append(checkpointValue{Epoch: uint64(i)})
		}
		if pending {
			l.Set(0, checkpointValue{Epoch: 7})
		} else {
			l.HashTreeRoot()
		}
		return l
	}
	add("ValueList/Append past the limit", false, func(p bool) (View, func() error) {
		l := valueList(p)
		return l, func() error { return l.Append(checkpointValue{Epoch: 9}) }
	})
	add("ValueList/SetAll past the limit", false, func(p bool) (View, func() error) {
		l := valueList(p)
		return l, func() error { return l.SetAll(make([]checkpointValue, 4)) }
	})
	add("ValueList/Set out of range", true, func(p bool) (View, func() error) {
		l := valueList(p)
		return l, func() error { l.Set(-1, checkpointValue{}); return nil }
	})
	compactVec := func(pending bool) *CompactVector {
		v := must(NewCompactVector(failValVector))
		_ = v.Set(0, val1)
		if pending {
			_ = v.Set(1, val2)
		} else {
			v.HashTreeRoot()
		}
		return v
	}
	add("CompactVector/Set of an invalid element", false, func(p bool) (View, func() error) {
		v := compactVec(p)
		return v, func() error { return v.Set(1, badVal) }
	})
	add("CompactVector/Set of a short element", false, func(p bool) (View, func() error) {
		v := compactVec(p)
		return v, func() error { return v.Set(1, val2[:10]) }
	})
	add("CompactVector/Set out of range", true, func(p bool) (View, func() error) {
		v := compactVec(p)
		return v, func() error { return v.Set(2, val2) }
	})
	add("CompactVector/SetBytes of the wrong length", false, func(p bool) (View, func() error) {
		v := compactVec(p)
		return v, func() error { return v.SetBytes(val2) }
	})
	add("CompactVector/SetBytes with an invalid element", false, func(p bool) (View, func() error) {
		v := compactVec(p)
		return v, func() error { return v.SetBytes(append(append([]byte{}, val2...), badVal...)) }
	})
	unmarshalOps("CompactVector", failValVector, func(p bool) View { return compactVec(p) }, append(append([]byte{}, val2...), badVal...))
	valueVec := func(pending bool) *ValueVector[checkpointValue, *checkpointValue] {
		v := must(NewValueVector[checkpointValue](schema.Must(schema.NewVector(checkpoint, 3))))
		v.Set(0, checkpointValue{Epoch: 3})
		if pending {
			v.Set(2, checkpointValue{Epoch: 4})
		} else {
			v.HashTreeRoot()
		}
		return v
	}
	add("ValueVector/SetAll too short", false, func(p bool) (View, func() error) {
		v := valueVec(p)
		return v, func() error { return v.SetAll(make([]checkpointValue, 2)) }
	})
	add("ValueVector/SetAll too long", false, func(p bool) (View, func() error) {
		v := valueVec(p)
		return v, func() error { return v.SetAll(make([]checkpointValue, 4)) }
	})

	// List and Vector of variable-size elements, and ListOf.
	smallOf := func(b []byte) *Container { return must(DecodeContainer(failSmallStruct, b)) }
	structList := func(pending bool) *List {
		l := must(NewList(failStructs))
		for _, b := range [][]byte{small1, small2, small1} {
			_ = l.Append(smallOf(b))
		}
		if pending {
			l.Get(1).(*Container).SetUint(0, 77)
			_ = l.Set(2, smallOf(small2))
		} else {
			l.HashTreeRoot()
		}
		return l
	}
	add("List/Append past the limit", false, func(p bool) (View, func() error) {
		l := structList(p)
		return l, func() error { return l.Append(smallOf(small2)) }
	})
	add("List/Append of a view of another type", false, func(p bool) (View, func() error) {
		l := structList(p)
		_, _ = l.Pop()
		return l, func() error { return l.Append(must(NewContainer(checkpoint))) }
	})
	add("List/Set of a view of another type", false, func(p bool) (View, func() error) {
		l := structList(p)
		return l, func() error { return l.Set(0, must(NewContainer(checkpoint))) }
	})
	add("List/Set out of range", true, func(p bool) (View, func() error) {
		l := structList(p)
		return l, func() error { return l.Set(3, smallOf(small1)) }
	})
	add("List/Pop of an empty list", false, func(p bool) (View, func() error) {
		l := must(NewList(failStructs))
		if p {
			_ = l.Append(smallOf(small1))
			_, _ = l.Pop()
		}
		return l, func() error { _, err := l.Pop(); return err }
	})
	add("List/element handle/Append past the limit", false, func(p bool) (View, func() error) {
		l := structList(p)
		b := l.Get(1).(*Container).Field(1).(*BasicList[uint16]) // [5, 6]: full
		return l, func() error { return b.Append(9) }
	})
	add("List/element handle/UnmarshalSSZ", false, func(p bool) (View, func() error) {
		l := structList(p)
		e := l.Get(0).(*Container)
		return l, func() error { return e.UnmarshalSSZ(badSmalls[0]) }
	})
	structListBad := [][]byte{
		{4, 0, 0, 0, 3, 0, 0, 0},             // offsets decreasing
		{8, 0, 0, 0, 8, 0, 0, 0, 1},          // an element too short
		{4, 0, 0, 0, 1, 0, 7, 0, 0, 0, 2},    // an invalid boolean in an element
		{5, 0, 0, 0},                         // a first offset not a multiple of 4
		{0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, // four elements claimed: past the limit
	}
	for _, b := range badSmalls {
		structListBad = append(structListBad, append([]byte{4, 0, 0, 0}, b...))
	}
	unmarshalOps("List", failStructs, func(p bool) View { return structList(p) }, structListBad...)
	listOf := func(pending bool) *ListOf[*Container] {
		return must(AsListOf(structList(pending), asContainer, containerView))
	}
	add("ListOf/Append past the limit", false, func(p bool) (View, func() error) {
		l := listOf(p)
		return l, func() error { return l.Append(smallOf(small1)) }
	})
	structVec := func(pending bool) *Vector {
		v := must(NewVector(failStructVec))
		_ = v.Set(0, smallOf(small2))
		if pending {
			v.Get(1).(*Container).SetBool(2, true)
		} else {
			v.HashTreeRoot()
		}
		return v
	}
	add("Vector/Set of a view of another type", false, func(p bool) (View, func() error) {
		v := structVec(p)
		return v, func() error { return v.Set(1, must(NewContainer(checkpoint))) }
	})
	add("Vector/Set out of range", true, func(p bool) (View, func() error) {
		v := structVec(p)
		return v, func() error { return v.Set(2, smallOf(small1)) }
	})
	unmarshalOps("Vector", failStructVec, func(p bool) View { return structVec(p) },
		[]byte{8, 0, 0, 0, 7, 0, 0, 0}, append([]byte{8, 0, 0, 0, 8, 0, 0, 0}, badSmalls[0]...))

	// Bitlist and Bitvector.
	bitlist := func(pending bool) *Bitlist {
		l := must(NewBitlist(failBitlist))
		for i := range 10 {
			_ = l.Append(i%3 == 0)
		}
		if pending {
			l.Set(1, true)
		} else {
			l.HashTreeRoot()
		}
		return l
	}
	add("Bitlist/Append past the limit", false, func(p bool) (View, func() error) {
		l := bitlist(p)
		return l, func() error { return l.Append(true) }
	})
	add("Bitlist/Set out of range", true, func(p bool) (View, func() error) {
		l := bitlist(p)
		return l, func() error { l.Set(10, true); return nil }
	})
	add("Bitlist/Pop of an empty list", false, func(p bool) (View, func() error) {
		l := must(NewBitlist(failBitlist))
		if p {
			_ = l.Append(true)
			_, _ = l.Pop()
		}
		return l, func() error { _, err := l.Pop(); return err }
	})
	unmarshalOps("Bitlist", failBitlist, func(p bool) View { return bitlist(p) },
		[]byte{}, []byte{1, 0}, []byte{0xff, 0xff}, []byte{0, 0, 1})
	bitvector := func(pending bool) *Bitvector {
		v := must(NewBitvector(failBitvector))
		v.Set(9, true)
		if pending {
			v.Set(0, true)
		} else {
			v.HashTreeRoot()
		}
		return v
	}
	add("Bitvector/Set out of range", true, func(p bool) (View, func() error) {
		v := bitvector(p)
		return v, func() error { v.Set(10, true); return nil }
	})
	unmarshalOps("Bitvector", failBitvector, func(p bool) View { return bitvector(p) }, []byte{0, 4}, []byte{0xff, 0xff})

	// Container and Union.
	small := func(pending bool) *Container {
		c := smallOf(small2)
		if pending {
			c.SetUint(0, 3)
			_, _ = c.Field(1).(*BasicList[uint16]).Pop()
		} else {
			c.HashTreeRoot()
		}
		return c
	}
	add("Container/Set of a view of another type", false, func(p bool) (View, func() error) {
		c := must(NewContainer(failParent))
		if p {
			c.SetUint(0, 5)
		}
		return c, func() error { return c.Set(11, must(NewContainer(checkpoint))) }
	})
	add("Container/SetBytes of the wrong length", false, func(p bool) (View, func() error) {
		c := must(NewContainer(failParent))
		if p {
			c.SetUint(0, 5)
		}
		return c, func() error { return c.SetBytes(3, make([]byte, 31)) }
	})
	add("Container/Set out of range", true, func(p bool) (View, func() error) {
		c := small(p)
		return c, func() error { return c.Set(3, small(false)) }
	})
	unmarshalOps("Container", failSmallStruct, func(p bool) View { return small(p) }, badSmalls...)
	union := func(pending bool) *Union {
		u := must(NewUnion(failUnion))
		_ = u.Select(1, small1)
		if pending {
			u.Value().(*Container).SetUint(0, 8)
		} else {
			u.HashTreeRoot()
		}
		return u
	}
	add("Union/Select of no option", false, func(p bool) (View, func() error) {
		u := union(p)
		return u, func() error { return u.Select(3, nil) }
	})
	add("Union/Select of a negative option", false, func(p bool) (View, func() error) {
		u := union(p)
		return u, func() error { return u.Select(-1, nil) }
	})
	for i, b := range append(badSmalls, []byte{1}) {
		add(fmt.Sprintf("Union/Select of an invalid value#%d", i), false, func(p bool) (View, func() error) {
			u := union(p)
			return u, func() error { return u.Select(1, b) }
		})
	}
	add("Union/Select of None with a value", false, func(p bool) (View, func() error) {
		u := union(p)
		return u, func() error { return u.Select(0, []byte{1}) }
	})
	unionBad := [][]byte{{}, {3}, {0, 1}, {2, 1}, {2, 1, 2, 3}}
	for _, b := range badSmalls {
		unionBad = append(unionBad, append([]byte{1}, b...))
	}
	unmarshalOps("Union", failUnion, func(p bool) View { return union(p) }, unionBad...)

	handleOps(add)
	return ops
}

// basicListOps adds the failing operations of a BasicList[T].
func basicListOps[T Unsigned](ops *[]failedOp, unmarshalOps func(string, schema.Type, func(bool) View, ...[]byte)) {
	size := sizeOfT[T]()
	lt := schema.Must(schema.NewList(uintType(size), 3))
	name := fmt.Sprintf("BasicList[uint%d]", 8*size)
	mk := func(pending bool) *BasicList[T] {
		l := must(NewBasicList[T](lt))
		_ = l.SetAll([]T{1, 2, 3})
		if pending {
			l.Set(1, 5)
		} else {
			l.HashTreeRoot()
		}
		return l
	}
	add := func(what string, panics bool, build func(pending bool) (View, func() error)) {
		*ops = append(*ops, failedOp{name + "/" + what, build, panics})
	}
	add("Append past the limit", false, func(p bool) (View, func() error) {
		l := mk(p)
		return l, func() error { return l.Append(4) }
	})
	add("SetAll past the limit", false, func(p bool) (View, func() error) {
		l := mk(p)
		return l, func() error { return l.SetAll([]T{1, 2, 3, 4}) }
	})
	add("SetBytes past the limit", false, func(p bool) (View, func() error) {
		l := mk(p)
		return l, func() error { return l.SetBytes(make([]byte, 4*size)) }
	})
	if size > 1 {
		add("SetBytes of a partial element", false, func(p bool) (View, func() error) {
			l := mk(p)
			return l, func() error { return l.SetBytes(make([]byte, size+1)) }
		})
	}
	add("Set out of range", true, func(p bool) (View, func() error) {
		l := mk(p)
		return l, func() error { l.Set(3, 1); return nil }
	})
	add("Pop of an empty list", false, func(p bool) (View, func() error) {
		l := must(NewBasicList[T](lt))
		if p {
			_ = l.Append(1)
			_, _ = l.Pop()
		}
		return l, func() error { _, err := l.Pop(); return err }
	})
	extra := [][]byte{make([]byte, 4*size)}
	if size > 1 {
		extra = append(extra, make([]byte, 2*size-1))
	}
	unmarshalOps(name, lt, func(p bool) View { return mk(p) }, extra...)
}

// basicVectorOps adds the failing operations of a BasicVector[T].
func basicVectorOps[T Unsigned](ops *[]failedOp, unmarshalOps func(string, schema.Type, func(bool) View, ...[]byte)) {
	size := sizeOfT[T]()
	vt := schema.Must(schema.NewVector(uintType(size), 5))
	name := fmt.Sprintf("BasicVector[uint%d]", 8*size)
	mk := func(pending bool) *BasicVector[T] {
		v := must(NewBasicVector[T](vt))
		v.Set(4, 9)
		if pending {
			v.Set(0, 5)
		} else {
			v.HashTreeRoot()
		}
		return v
	}
	add := func(what string, panics bool, build func(pending bool) (View, func() error)) {
		*ops = append(*ops, failedOp{name + "/" + what, build, panics})
	}
	add("SetAll too short", false, func(p bool) (View, func() error) {
		v := mk(p)
		return v, func() error { return v.SetAll([]T{1, 2, 3, 4}) }
	})
	add("SetAll too long", false, func(p bool) (View, func() error) {
		v := mk(p)
		return v, func() error { return v.SetAll([]T{1, 2, 3, 4, 5, 6}) }
	})
	add("SetBytes of the wrong length", false, func(p bool) (View, func() error) {
		v := mk(p)
		return v, func() error { return v.SetBytes(make([]byte, 5*size-1)) }
	})
	add("Set out of range", true, func(p bool) (View, func() error) {
		v := mk(p)
		return v, func() error { v.Set(5, 1); return nil }
	})
	unmarshalOps(name, vt, func(p bool) View { return mk(p) })
}

// handleOps adds failing operations through handles of a parent: each
// must leave the parent's root and encoding as they were.
func handleOps(add func(string, bool, func(bool) (View, func() error))) {
	parent := func(pending bool) *Container {
		c := must(NewContainer(failParent))
		c.SetUint(0, 11)
		_ = c.Field(1).(*BasicList[uint64]).SetAll([]uint64{1, 2, 3})
		_ = c.Field(2).(*BasicList[uint8]).SetBytes([]byte{4, 5, 6})
		_ = c.Field(3).(*CompactVector).Set(1, bytes.Repeat([]byte{7}, 32))
		_ = c.Field(4).(*CompactList).SetBytes(append(append(append([]byte{}, cp1...), cp2...), cp1...))
		_ = c.Field(5).(*CompactList).SetBytes(append(append(append([]byte{}, val1...), val2...), val1...))
		structs := c.Field(6).(*List)
		for _, b := range [][]byte{small1, small2, small2} {
			_ = structs.Append(must(DecodeContainer(failSmallStruct, b)))
		}
		bits := c.Field(7).(*Bitlist)
		for i := range 10 {
			_ = bits.Append(i%2 == 0)
		}
		c.Field(8).(*Bitvector).Set(3, true)
		bigs := c.Field(9).(*Uint256List)
		for range 3 {
			_ = bigs.Append(big1)
		}
		votes := c.Field(10).(*BoolList)
		for range 3 {
			_ = votes.Append(true)
		}
		_ = c.Field(11).UnmarshalSSZ(small2)
		_ = c.Field(12).(*Union).Select(1, small1)
		if pending {
			c.SetUint(0, 12)
			c.Field(1).(*BasicList[uint64]).Set(0, 40)
			structs.Get(2).(*Container).Field(1).(*BasicList[uint16]).Set(0, 41)
			c.Field(5).(*CompactList).Set(1, val1)
			c.Field(12).(*Union).Value().(*Container).SetUint(0, 42)
		} else {
			c.HashTreeRoot()
		}
		return c
	}
	type handleOp struct {
		name   string
		panics bool
		op     func(c *Container) error
	}
	for _, h := range []handleOp{
		{"BasicList[uint64]/Append past the limit", false, func(c *Container) error { return c.Field(1).(*BasicList[uint64]).Append(1) }},
		{"BasicList[uint64]/SetAll past the limit", false, func(c *Container) error {
			return c.Field(1).(*BasicList[uint64]).SetAll(make([]uint64, 4))
		}},
		{"BasicList[uint64]/UnmarshalSSZ", false, func(c *Container) error { return c.Field(1).UnmarshalSSZ(make([]byte, 9)) }},
		{"BasicList[uint8]/SetBytes past the limit", false, func(c *Container) error {
			return c.Field(2).(*BasicList[uint8]).SetBytes(make([]byte, 4))
		}},
		{"BasicList[uint8]/Set out of range", true, func(c *Container) error { c.Field(2).(*BasicList[uint8]).Set(3, 1); return nil }},
		{"CompactVector/Set of a short element", false, func(c *Container) error {
			return c.Field(3).(*CompactVector).Set(0, make([]byte, 31))
		}},
		{"CompactVector/UnmarshalSSZ", false, func(c *Container) error { return c.Field(3).UnmarshalSSZ(make([]byte, 65)) }},
		{"CompactList/Append past the limit", false, func(c *Container) error { return c.Field(4).(*CompactList).Append(cp2) }},
		{"CompactList/Set of an invalid element", false, func(c *Container) error { return c.Field(5).(*CompactList).Set(0, badVal) }},
		{"CompactList/SetBytes with an invalid element", false, func(c *Container) error {
			return c.Field(5).(*CompactList).SetBytes(append(append([]byte{}, val1...), badVal...))
		}},
		{"CompactList/UnmarshalSSZ", false, func(c *Container) error { return c.Field(5).UnmarshalSSZ(badVal) }},
		{"List/Append past the limit", false, func(c *Container) error {
			return c.Field(6).(*List).Append(must(DecodeContainer(failSmallStruct, small1)))
		}},
		{"List/UnmarshalSSZ", false, func(c *Container) error { return c.Field(6).UnmarshalSSZ([]byte{4, 0, 0, 0, 1}) }},
		{"List/element/UnmarshalSSZ", false, func(c *Container) error {
			return c.Field(6).(*List).Get(1).UnmarshalSSZ(badSmalls[3])
		}},
		{"List/element/field/Append past the limit", false, func(c *Container) error {
			return c.Field(6).(*List).Get(2).(*Container).Field(1).(*BasicList[uint16]).Append(1)
		}},
		{"List/element/Set of another type", false, func(c *Container) error {
			return c.Field(6).(*List).Get(2).(*Container).Set(1, must(NewContainer(checkpoint)))
		}},
		{"Bitlist/Append past the limit", false, func(c *Container) error { return c.Field(7).(*Bitlist).Append(true) }},
		{"Bitlist/UnmarshalSSZ", false, func(c *Container) error { return c.Field(7).UnmarshalSSZ([]byte{0, 0}) }},
		{"Bitvector/UnmarshalSSZ", false, func(c *Container) error { return c.Field(8).UnmarshalSSZ([]byte{0, 0xff}) }},
		{"Uint256List/Append past the limit", false, func(c *Container) error { return c.Field(9).(*Uint256List).Append(big1) }},
		{"Uint256List/Set beyond uint128", false, func(c *Container) error { return c.Field(9).(*Uint256List).Set(1, tooBig) }},
		{"BoolList/Append past the limit", false, func(c *Container) error { return c.Field(10).(*BoolList).Append(false) }},
		{"BoolList/UnmarshalSSZ", false, func(c *Container) error { return c.Field(10).UnmarshalSSZ([]byte{1, 3}) }},
		{"Container/UnmarshalSSZ", false, func(c *Container) error { return c.Field(11).UnmarshalSSZ(badSmalls[0]) }},
		{"Container/field/Pop then Append past the limit", false, func(c *Container) error {
			b := c.Field(11).(*Container).Field(1).(*BasicList[uint16])
			_, _ = b.Pop()
			_ = b.Append(6) // back to the same value
			return b.Append(2)
		}},
		{"Union/Select", false, func(c *Container) error { return c.Field(12).(*Union).Select(2, []byte{1}) }},
		{"Union/UnmarshalSSZ", false, func(c *Container) error { return c.Field(12).UnmarshalSSZ([]byte{1, 1, 0, 7, 0, 0, 0, 2}) }},
		{"Union/value/UnmarshalSSZ", false, func(c *Container) error {
			return c.Field(12).(*Union).Value().UnmarshalSSZ(badSmalls[1])
		}},
	} {
		add("handle/"+h.name, h.panics, func(p bool) (View, func() error) {
			c := parent(p)
			return c, func() error { return h.op(c) }
		})
	}
}

// TestFailedOpsCover checks that the table of failing operations reaches
// every concrete view type that Of returns.
func TestFailedOpsCover(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range failedOps() {
		v, _ := c.build(false)
		seen[fmt.Sprintf("%T", v)] = true
	}
	for _, want := range []any{
		&BasicList[uint8]{}, &BasicList[uint16]{}, &BasicList[uint32]{}, &BasicList[uint64]{},
		&BasicVector[uint8]{}, &BasicVector[uint16]{}, &BasicVector[uint32]{}, &BasicVector[uint64]{},
		&Uint256List{}, &Uint256Vector{}, &BoolList{}, &BoolVector{}, &CompactList{}, &CompactVector{},
		&List{}, &Vector{}, &Bitlist{}, &Bitvector{}, &Container{}, &Union{},
	} {
		if name := fmt.Sprintf("%T", want); !seen[name] {
			t.Errorf("no failing operation of a %s", name)
		}
	}
}

// uintType returns the unsigned integer type of size bytes.
func uintType(size int) schema.Type {
	return map[int]schema.Type{1: schema.Uint8, 2: schema.Uint16, 4: schema.Uint32, 8: schema.Uint64}[size]
}
