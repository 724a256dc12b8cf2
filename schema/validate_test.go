package schema

import (
	"fmt"
	"testing"

	"github.com/ssztree/ssztree/tree"
)

// TestValidateAllocatesNothing checks that Validate builds nothing: a
// value of many variable-size parts (lists of byte lists, a bitlist, a
// union, progressive kinds) is checked without one allocation, and the
// same bytes, cut short, fail with Decode's error.
func TestValidateAllocatesNothing(t *testing.T) {
	txs := Must(NewList(Must(NewByteList(1<<10)), 1<<10))
	prog := Must(NewProgressiveList(Must(NewByteList(64))))
	typ := Must(NewContainer("Block",
		Field{Name: "slot", Type: Uint64},
		Field{Name: "transactions", Type: txs},
		Field{Name: "bits", Type: Must(NewBitlist(2048))},
		Field{Name: "choice", Type: Must(NewUnion(nil, Uint64, Must(NewByteList(8))))},
		Field{Name: "progressive", Type: prog},
		Field{Name: "flags", Type: Must(NewList(Boolean, 16))},
	))
	n := typ.Default()
	b := must(typ.Encode(nil, n))
	// A value with contents: 300 transactions of a few bytes each.
	var txBytes []byte
	for i := 0; i < 300; i++ {
		txBytes = fmt.Appendf(txBytes, "%04d", i)
	}
	v := must(txs.Decode(encodeByteLists(txBytes, 300, 4)))
	fields := must(typ.Fields(n))
	fields[1] = v
	full := must(typ.Encode(nil, must(tree.Build(typ.depth, fields, 0))))
	for _, in := range [][]byte{b, full} {
		if err := Validate(typ, in); err != nil {
			t.Fatalf("Validate of a valid value: %v", err)
		}
		if a := testing.AllocsPerRun(20, func() { _ = Validate(typ, in) }); a != 0 {
			t.Errorf("Validate of %d bytes allocates %v times, want 0", len(in), a)
		}
	}
	for cut := 1; cut < len(full); cut += 97 {
		in := full[:len(full)-cut]
		_, derr := typ.Decode(in)
		verr := Validate(typ, in)
		if fmt.Sprint(verr) != fmt.Sprint(derr) {
			t.Fatalf("%d bytes cut: Validate %v, Decode %v", cut, verr, derr)
		}
	}
}

// encodeByteLists returns the serialization of n byte lists of size bytes
// each, cut from data, as a list of them.
func encodeByteLists(data []byte, n, size int) []byte {
	out := make([]byte, 4*n, 4*n+len(data))
	for i := 0; i < n; i++ {
		off := 4*n + i*size
		out[4*i], out[4*i+1], out[4*i+2], out[4*i+3] = byte(off), byte(off>>8), byte(off>>16), byte(off>>24)
	}
	return append(out, data[:n*size]...)
}
