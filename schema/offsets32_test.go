package schema

import (
	"strings"
	"testing"
)

// TestOffsetsBeyondInt32 decodes offsets of 2^31 and more, which a 32-bit
// int would read as negative numbers: each is an error that names the
// offset as the input has it (CI runs this on 386 too).
func TestOffsetsBeyondInt32(t *testing.T) {
	inner := Must(NewByteList(4))
	list := Must(NewList(inner, 8))
	prog := Must(NewProgressiveList(inner))
	c := Must(NewContainer("C", field("a", inner), field("b", inner)))
	for _, tc := range []struct {
		typ  Type
		in   []byte
		want string
	}{
		{list, []byte{0xfc, 0xff, 0xff, 0xff, 0, 0, 0, 0}, "4294967292"},
		{list, []byte{0, 0, 0, 0x80, 0, 0, 0, 0}, "2147483648"},
		{prog, []byte{0xfc, 0xff, 0xff, 0xff, 0, 0, 0, 0}, "4294967292"},
		{list, []byte{8, 0, 0, 0, 0xf0, 0xff, 0xff, 0xff}, "4294967280"},
		{c, []byte{8, 0, 0, 0, 0xf0, 0xff, 0xff, 0xff}, "4294967280"},
		{c, []byte{0xf0, 0xff, 0xff, 0xff, 8, 0, 0, 0}, "4294967280"},
	} {
		_, err := tc.typ.Decode(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: Decode(%x): %v, want an error naming offset %s", tc.typ, tc.in, err, tc.want)
		}
	}
}
