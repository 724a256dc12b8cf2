package sszjson

import (
	"encoding/binary"
	"math/rand/v2"
	"strconv"

	"github.com/ssztree/ssztree/schema"
)

// Types used across the tests.
var (
	bytes32    = schema.Must(schema.NewByteVector(32))
	checkpoint = schema.Must(schema.NewContainer("Checkpoint",
		schema.Field{Name: "epoch", Type: schema.Uint64},
		schema.Field{Name: "root", Type: bytes32},
	))
	// inner is a variable-size container.
	inner = schema.Must(schema.NewContainer("Inner",
		schema.Field{Name: "a", Type: schema.Uint16},
		schema.Field{Name: "b", Type: schema.Must(schema.NewList(schema.Uint64, 4))},
		schema.Field{Name: "c", Type: schema.Must(schema.NewBitlist(10))},
		schema.Field{Name: "d", Type: schema.Boolean},
	))
	unionType = schema.Must(schema.NewUnion(nil, schema.Uint32, inner))
	// outer is the variable-size container of the fuzz targets: a bit of
	// everything.
	outer = schema.Must(schema.NewContainer("Outer",
		schema.Field{Name: "x", Type: schema.Uint8},
		schema.Field{Name: "y", Type: schema.Must(schema.NewByteList(8))},
		schema.Field{Name: "z", Type: schema.Must(schema.NewList(inner, 3))},
		schema.Field{Name: "w", Type: schema.Must(schema.NewVector(schema.Boolean, 2))},
		schema.Field{Name: "u", Type: unionType},
		schema.Field{Name: "v", Type: schema.Must(schema.NewBitvector(9))},
		schema.Field{Name: "big", Type: schema.Uint256},
		schema.Field{Name: "bs", Type: schema.Must(schema.NewByteVector(4))},
		schema.Field{Name: "f", Type: schema.Must(schema.NewList(schema.Uint8, 5))},
		schema.Field{Name: "cp", Type: checkpoint},
		schema.Field{Name: "vl", Type: schema.Must(schema.NewVector(schema.Must(schema.NewList(schema.Uint16, 3)), 2))},
	))
)

// Progressive types: a progressive container with gaps in active_fields,
// two compatible ones (the specification's Square and Circle) and a
// compatible union of them.
var (
	progressive = schema.Must(schema.NewProgressiveContainer("Progressive", []bool{true, false, true, false, true},
		schema.Field{Name: "a", Type: schema.Byte},
		schema.Field{Name: "b", Type: schema.Must(schema.NewProgressiveList(schema.Uint16))},
		schema.Field{Name: "c", Type: schema.NewProgressiveBitlist()},
	))
	square = schema.Must(schema.NewProgressiveContainer("Square", []bool{true, false, true},
		schema.Field{Name: "side", Type: schema.Uint16},
		schema.Field{Name: "color", Type: schema.Uint8},
	))
	circle = schema.Must(schema.NewProgressiveContainer("Circle", []bool{false, true, true},
		schema.Field{Name: "radius", Type: schema.Uint16},
		schema.Field{Name: "color", Type: schema.Uint8},
	))
	shape = schema.Must(schema.NewCompatibleUnion(map[int]schema.Type{1: square, 2: circle}))
)

// wide is a container of more than 64 fields.
var wide = func() *schema.Container {
	fields := make([]schema.Field, 70)
	for i := range fields {
		fields[i] = schema.Field{Name: "f" + strconv.Itoa(i), Type: schema.Uint8}
	}
	fields[69].Type = schema.Must(schema.NewByteList(3))
	return schema.Must(schema.NewContainer("Wide", fields...))
}()

// zoo returns the types of the round-trip tests.
func zoo() []schema.Type {
	must := func(t schema.Type, err error) schema.Type { return schema.Must(t, err) }
	return []schema.Type{
		schema.Uint8, schema.Uint16, schema.Uint32, schema.Uint64, schema.Uint128, schema.Uint256,
		schema.Byte, schema.Boolean,
		must(schema.NewBitvector(1)), must(schema.NewBitvector(9)), must(schema.NewBitvector(512)),
		must(schema.NewBitlist(0)), must(schema.NewBitlist(1)), must(schema.NewBitlist(8)), must(schema.NewBitlist(2048)),
		must(schema.NewByteVector(1)), must(schema.NewByteVector(4)), bytes32, must(schema.NewByteVector(48)),
		must(schema.NewByteList(0)), must(schema.NewByteList(5)), must(schema.NewByteList(256)),
		must(schema.NewList(schema.Uint8, 10)), must(schema.NewVector(schema.Uint8, 3)),
		must(schema.NewList(schema.Uint16, 5)), must(schema.NewList(schema.Uint32, 5)),
		must(schema.NewList(schema.Uint64, 5)), must(schema.NewList(schema.Uint128, 5)),
		must(schema.NewList(schema.Uint256, 5)), must(schema.NewVector(schema.Uint256, 2)),
		must(schema.NewVector(schema.Boolean, 3)), must(schema.NewList(schema.Boolean, 7)),
		must(schema.NewVector(schema.Byte, 1)),
		checkpoint, inner, outer, wide,
		must(schema.NewList(checkpoint, 4)), must(schema.NewList(inner, 4)),
		must(schema.NewVector(inner, 2)),
		must(schema.NewVector(must(schema.NewList(schema.Uint64, 3)), 3)),
		must(schema.NewList(must(schema.NewByteList(4)), 3)),
		must(schema.NewList(must(schema.NewBitlist(5)), 3)),
		must(schema.NewList(must(schema.NewList(inner, 2)), 2)),
		must(schema.NewVector(bytes32, 3)),
		unionType,
		must(schema.NewUnion(schema.Uint16, must(schema.NewList(schema.Uint8, 3)))),
		must(schema.NewList(unionType, 3)),
		must(schema.NewProgressiveList(schema.Uint64)), must(schema.NewProgressiveByteList()),
		must(schema.NewProgressiveList(schema.Uint8)), must(schema.NewProgressiveList(schema.Boolean)),
		must(schema.NewProgressiveList(checkpoint)), must(schema.NewProgressiveList(inner)),
		must(schema.NewProgressiveList(must(schema.NewProgressiveByteList()))),
		schema.NewProgressiveBitlist(), progressive, square, shape,
		must(schema.NewProgressiveList(shape)),
		must(schema.NewCompatibleUnion(map[int]schema.Type{5: schema.Uint8, 127: schema.Byte})),
	}
}

// randSSZ returns the serialization of a random value of type t, favouring
// edge values (zero, all ones, empty and full lists).
func randSSZ(r *rand.Rand, t schema.Type) []byte {
	switch t := t.(type) {
	case *schema.Uint:
		b := make([]byte, t.FixedSize())
		switch r.IntN(4) {
		case 0: // zero
		case 1:
			for i := range b {
				b[i] = 0xff
			}
		case 2:
			b[0] = byte(r.IntN(10))
		default:
			for i := range b {
				b[i] = byte(r.Uint32())
			}
		}
		return b
	case *schema.Bool:
		return []byte{byte(r.IntN(2))}
	case *schema.Bitvector:
		b := make([]byte, t.FixedSize())
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		if extra := t.Len() % 8; extra != 0 {
			b[len(b)-1] &= 1<<extra - 1
		}
		return b
	case *schema.Bitlist:
		n := randLen(r, t.Limit(), 40)
		b := make([]byte, n/8+1)
		for i := uint64(0); i < n; i++ {
			b[i/8] |= byte(r.IntN(2)) << (i % 8)
		}
		b[n/8] |= 1 << (n % 8)
		return b
	case *schema.Vector:
		return randElems(r, t.Elem(), t.Len())
	case *schema.List:
		return randElems(r, t.Elem(), randLen(r, t.Limit(), 5))
	case *schema.Container:
		parts := make([][]byte, t.NumFields())
		for i := range parts {
			parts[i] = randSSZ(r, t.Field(i).Type)
		}
		return joinParts(parts, func(i int) bool { return t.Field(i).Type.IsFixedSize() })
	case *schema.Union:
		sel := r.IntN(t.Options())
		if t.Option(sel) == nil {
			return []byte{0}
		}
		return append([]byte{byte(sel)}, randSSZ(r, t.Option(sel))...)
	case *schema.ProgressiveList:
		// Past 1, 4 and 16 chunks of bytes at times, not only elements.
		return randElems(r, t.Elem(), randLen(r, 1<<30, 25)*uint64(1+r.IntN(5)))
	case *schema.ProgressiveBitlist:
		return randSSZ(r, schema.Must(schema.NewBitlist(600)))
	case *schema.ProgressiveContainer:
		parts := make([][]byte, t.NumFields())
		for i := range parts {
			parts[i] = randSSZ(r, t.Field(i).Type)
		}
		return joinParts(parts, func(i int) bool { return t.Field(i).Type.IsFixedSize() })
	case *schema.CompatibleUnion:
		sels := t.Selectors()
		sel := sels[r.IntN(len(sels))]
		return append([]byte{byte(sel)}, randSSZ(r, t.Option(sel))...)
	}
	panic("unknown type " + t.String())
}

// randLen returns a random length up to limit, and at most max unless it
// picks the limit itself.
func randLen(r *rand.Rand, limit, max uint64) uint64 {
	switch r.IntN(5) {
	case 0:
		return 0
	case 1:
		if limit <= 300 {
			return limit
		}
	}
	return r.Uint64N(min(limit, max) + 1)
}

func randElems(r *rand.Rand, elem schema.Type, n uint64) []byte {
	parts := make([][]byte, n)
	for i := range parts {
		parts[i] = randSSZ(r, elem)
	}
	return joinParts(parts, func(int) bool { return elem.IsFixedSize() })
}

// joinParts serializes parts as SSZ does: fixed parts in place, offsets
// for variable ones, then the variable parts.
func joinParts(parts [][]byte, fixed func(i int) bool) []byte {
	size := 0
	for i, p := range parts {
		if fixed(i) {
			size += len(p)
		} else {
			size += 4
		}
	}
	var head, tail []byte
	for i, p := range parts {
		if fixed(i) {
			head = append(head, p...)
		} else {
			head = binary.LittleEndian.AppendUint32(head, uint32(size+len(tail)))
			tail = append(tail, p...)
		}
	}
	return append(head, tail...)
}

// checkValid reports whether b is a valid serialization of a value of type
// t: one that t.Decode accepts. It also asks schema.Validate, except for
// the top-level variable-size containers and vectors that Validate
// wrongly rejects (its validate of those types handles only fixed-size
// ones).
func checkValid(t schema.Type, b []byte) error {
	if _, err := t.Decode(b); err != nil {
		return err
	}
	switch t.(type) {
	case *schema.Container, *schema.Vector:
		if !t.IsFixedSize() {
			return nil
		}
	}
	return schema.Validate(t, b)
}
