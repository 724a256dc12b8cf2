package forkcode_test

import (
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/phase0"
)

// TestByteVectorFormat checks the fmt verbs on the byte-vector types of
// the fork packages: %x and %X print the bytes in hex as fmt does for a
// []byte (flags included), %s, %v and %q the 0x text of String, %#v Go
// syntax.
func TestByteVectorFormat(t *testing.T) {
	var root phase0.Root
	for i := range root {
		root[i] = byte(i * 7)
	}
	b := root[:]
	text := "0x" + hex.EncodeToString(b)
	for _, c := range []struct{ format, want string }{
		{"%x", hex.EncodeToString(b)},
		{"%X", strings.ToUpper(hex.EncodeToString(b))},
		{"% x", fmt.Sprintf("% x", b)},
		{"%#x", fmt.Sprintf("%#x", b)},
		{"%# X", fmt.Sprintf("%# X", b)},
		{"%.4x", fmt.Sprintf("%.4x", b)},
		{"%70x", fmt.Sprintf("%70x", b)},
		{"%s", text},
		{"%v", text},
		{"%+v", text},
		{"%q", `"` + text + `"`},
		{"%70s", fmt.Sprintf("%70s", text)},
		{"%-70v|", fmt.Sprintf("%-70v|", text)},
		{"%d", fmt.Sprint([32]byte(root))},
		{"%#v", "phase0.Root{" + goBytes(b) + "}"},
	} {
		if got := fmt.Sprintf(c.format, root); got != c.want {
			t.Errorf("Sprintf(%q, root) = %q, want %q", c.format, got, c.want)
		}
	}

	// Within a struct, by value and by pointer, and in other forks.
	cp := phase0.Checkpoint{Epoch: 3, Root: root}
	if got, want := fmt.Sprintf("%x", cp.Root), hex.EncodeToString(b); got != want {
		t.Errorf("%%x of a checkpoint's root = %q, want %q", got, want)
	}
	if got, want := fmt.Sprintf("%v", cp), "{3 "+text+"}"; got != want {
		t.Errorf("%%v of a checkpoint = %q, want %q", got, want)
	}
	if got, want := fmt.Sprintf("%x", &root), hex.EncodeToString(b); got != want {
		t.Errorf("%%x of a *Root = %q, want %q", got, want)
	}
	var fuluRoot fulu.Root = root // an alias of phase0.Root
	for _, c := range []struct {
		v    any
		want []byte
	}{
		{fuluRoot, b},
		{phase0.BLSPubkey{1, 2}, append([]byte{1, 2}, make([]byte, 46)...)},
		{phase0.Version{0xa, 0xb, 0xc, 0xd}, []byte{0xa, 0xb, 0xc, 0xd}},
		{bellatrix.ExecutionAddress{0xff}, append([]byte{0xff}, make([]byte, 19)...)},
		{deneb.KZGCommitment{0x12}, append([]byte{0x12}, make([]byte, 47)...)},
	} {
		if got, want := fmt.Sprintf("%x|%X|%s", c.v, c.v, c.v), fmt.Sprintf("%x|%X|0x%x", c.want, c.want, c.want); got != want {
			t.Errorf("%T: %q, want %q", c.v, got, want)
		}
	}
	if got, want := fmt.Sprintf("%#v", deneb.KZGProof{1}), "deneb.KZGProof{0x1,"; !strings.HasPrefix(got, want) {
		t.Errorf("%%#v of a KZGProof = %q, want it to begin with %q", got, want)
	}
}

// goBytes returns the elements of b as %#v writes those of a byte array.
func goBytes(b []byte) string {
	s := make([]string, len(b))
	for i, c := range b {
		s[i] = fmt.Sprintf("%#x", c)
	}
	return strings.Join(s, ", ")
}
