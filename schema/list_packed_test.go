package schema

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/ssztree/ssztree/tree"
)

// packedLists returns the serialization of a list of the given byte
// strings, each an element of a list of variable-size elements.
func packedLists(parts [][]byte) []byte {
	var b []byte
	at := 4 * len(parts)
	for _, p := range parts {
		b = binary.LittleEndian.AppendUint32(b, uint32(at))
		at += len(p)
	}
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

// TestDecodePackedLists checks lists of lists of basic values (a payload's
// transactions), which decode in bulk: roots as the reference computes
// them, the same bytes back, empty elements as the shared default, and
// each invalid element rejected with its path, whatever its neighbours.
func TestDecodePackedLists(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	txs := Must(NewList(Must(NewByteList(1<<30)), 1<<20))
	var parts [][]byte
	for i := range 200 {
		n := r.IntN(600)
		switch i % 50 {
		case 7:
			n = 0
		case 9:
			n = 4096 // one whole page of a byte list
		case 11:
			n = 3*4096 + 17
		}
		p := make([]byte, n)
		for j := range p {
			p[j] = byte(r.Uint32())
		}
		parts = append(parts, p)
	}
	b := packedLists(parts)
	n, err := txs.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := n.Root(), refRoot(txs, b); got != want {
		t.Errorf("root %x, want %x", got, want)
	}
	if out, err := txs.Encode(nil, n); err != nil || !bytes.Equal(out, b) {
		t.Errorf("encoding differs from the input (%v)", err)
	}
	empty, err := tree.Get(n, 1+txs.Depth(), 7) // the data tree's element 7
	if err != nil {
		t.Fatal(err)
	}
	if empty != txs.Elem().Default() {
		t.Error("an empty element is not the shared default")
	}

	short := Must(NewList(Must(NewList(Uint16, 4)), 8))
	bools := Must(NewList(Must(NewList(Boolean, 8)), 8))
	for _, c := range []struct {
		typ   Type
		parts [][]byte
		want  error
		path  string
	}{
		{short, [][]byte{{1, 0}, {1, 0, 2, 0, 3, 0, 4, 0, 5, 0}}, ErrLimit, "[1]"},
		{short, [][]byte{{1, 0}, {}, {1, 0, 2}}, ErrSize, "[2]"},
		{bools, [][]byte{{1, 0}, {1, 2}}, ErrBoolean, "[1][1]"},
	} {
		_, err := c.typ.Decode(packedLists(c.parts))
		var e *Error
		if !errors.Is(err, c.want) || !errors.As(err, &e) || e.Path != c.path {
			t.Errorf("%s of %v: error %v, want %v at %s", c.typ, c.parts, err, c.want, c.path)
		}
	}
}
