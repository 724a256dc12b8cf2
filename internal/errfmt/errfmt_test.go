package errfmt

import (
	"errors"
	"testing"
)

func TestFormat(t *testing.T) {
	bad := errors.New("bad")
	for _, tc := range []struct {
		top, path, typ string
		at             int
		detail         string
		want           string
	}{
		{"BeaconState", "validators[0].slashed", "boolean", 1234, "byte 0x02", "p: BeaconState.validators[0].slashed (boolean) at byte 1234: bad: byte 0x02"},
		{"List[uint8, 2]", "[1]", "uint8", -1, "", "p: List[uint8, 2][1] (uint8): bad"},
		{"Checkpoint", "", "Checkpoint", 0, "3 bytes", "p: Checkpoint at byte 0: bad: 3 bytes"},
		{"", "a.b", "uint8", 7, "", "p: a.b (uint8) at byte 7: bad"},
	} {
		if got := Format("p", tc.top, tc.path, tc.typ, tc.at, bad, tc.detail); got != tc.want {
			t.Errorf("Format(%q, %q, %q, %d, %q) = %q, want %q", tc.top, tc.path, tc.typ, tc.at, tc.detail, got, tc.want)
		}
	}
}
