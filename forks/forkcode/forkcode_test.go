package forkcode

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

func TestUnmarshalSSZ(t *testing.T) {
	var v [4]byte
	if err := UnmarshalSSZ(v[:], []byte{1, 2, 3, 4}, "phase0", "Version"); err != nil || v != [4]byte{1, 2, 3, 4} {
		t.Fatalf("UnmarshalSSZ of 4 bytes: %x, %v", v, err)
	}
	for _, b := range [][]byte{nil, {9, 9, 9}, {9, 9, 9, 9, 9}} {
		err := UnmarshalSSZ(v[:], b, "phase0", "Version")
		if !errors.Is(err, schema.ErrSize) || !strings.HasPrefix(err.Error(), "phase0: Version: ") {
			t.Errorf("UnmarshalSSZ of %d bytes: %v, want phase0: Version: and schema.ErrSize", len(b), err)
		}
		if v != [4]byte{1, 2, 3, 4} {
			t.Errorf("a failed UnmarshalSSZ changed v to %x", v)
		}
	}
}

// TestInvalid checks that Invalid returns the schema's error for invalid
// bytes, and an error of its own, not nil, for bytes the schema accepts.
func TestInvalid(t *testing.T) {
	pair := schema.Must(schema.NewContainer("Pair",
		schema.Field{Name: "a", Type: schema.Uint64}, schema.Field{Name: "b", Type: schema.Boolean}))
	if err := Invalid(pair, make([]byte, 8), "phase0"); !errors.Is(err, schema.ErrSize) {
		t.Errorf("Invalid of 8 bytes: %v, want schema.ErrSize", err)
	}
	bad := make([]byte, 9)
	bad[8] = 2
	if err := Invalid(pair, bad, "phase0"); err == nil || errors.Is(err, schema.ErrSize) {
		t.Errorf("Invalid of a boolean 2: %v, want the schema's error of the boolean", err)
	}
	if err := Invalid(pair, make([]byte, 9), "phase0"); err == nil || !strings.HasPrefix(err.Error(), "phase0: Pair: ") {
		t.Errorf("Invalid of valid bytes: %v, want an error beginning phase0: Pair:", err)
	}
}

// TestSizeError checks that SizeError says what schema.Validate says of
// bytes of the wrong size, and wraps a *schema.Error of schema.ErrSize.
func TestSizeError(t *testing.T) {
	pair := schema.Must(schema.NewContainer("Pair",
		schema.Field{Name: "a", Type: schema.Uint64}, schema.Field{Name: "b", Type: schema.Boolean}))
	for _, n := range []int{0, 8, 10} {
		var err error = SizeError{Type: pair, Size: n}
		want := schema.Validate(pair, make([]byte, n))
		var e *schema.Error
		if err.Error() != want.Error() || !errors.Is(err, schema.ErrSize) || !errors.As(err, &e) {
			t.Errorf("SizeError of %d bytes: %v, want %v, a *schema.Error of schema.ErrSize", n, err, want)
		}
	}
}

func TestText(t *testing.T) {
	v := [3]byte{0x0a, 0xbc, 0xff}
	if got := String(v[:]); got != "0x0abcff" {
		t.Errorf("String: %q", got)
	}
	if got := MarshalText(v[:]); string(got) != "0x0abcff" {
		t.Errorf("MarshalText: %q", got)
	}
	if got := MarshalText(nil); string(got) != "0x" {
		t.Errorf("MarshalText of no bytes: %q", got)
	}

	var w [3]byte
	for _, s := range []string{"0x0abcff", "0x0ABCFF", "0x0aBcFf"} {
		w = [3]byte{}
		if err := UnmarshalText(w[:], []byte(s), "phase0", "X"); err != nil || w != v {
			t.Errorf("UnmarshalText(%q): %x, %v", s, w, err)
		}
	}
	for _, s := range []string{"", "0x", "0x0abc", "0x0abcff00", "0X0abcff", "000abcff", "0x0abcfg", "0xg0abcf", "0x0abc f"} {
		w = [3]byte{1, 2, 3}
		err := UnmarshalText(w[:], []byte(s), "phase0", "X")
		if err == nil || !strings.HasPrefix(err.Error(), "phase0: X: ") {
			t.Errorf("UnmarshalText(%q): %v, want an error saying phase0: X", s, err)
		}
		if w != [3]byte{1, 2, 3} {
			t.Errorf("a failed UnmarshalText(%q) changed v to %x", s, w)
		}
	}

	long := append([]byte("0x"), bytes.Repeat([]byte("z"), 10_000)...)
	err := UnmarshalText(w[:], long, "phase0", "X")
	if err == nil {
		t.Error("UnmarshalText of 10,002 bytes: no error")
	} else if len(err.Error()) > 2*maxExcerpt {
		t.Errorf("UnmarshalText of 10,002 bytes: a message of %d bytes", len(err.Error()))
	}
}

func TestMust(t *testing.T) {
	if got := Must(7, nil); got != 7 {
		t.Errorf("Must(7, nil) = %d", got)
	}
	Check(nil)
	bad := errors.New("bad")
	for name, f := range map[string]func(){
		"Must":  func() { Must(7, bad) },
		"Check": func() { Check(bad) },
	} {
		func() {
			defer func() {
				if r := recover(); r != bad {
					t.Errorf("%s of an error: recovered %v, want the error", name, r)
				}
			}()
			f()
		}()
	}
}
