package def

import (
	"errors"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

// TestErrors checks that each kind of bad definition gives an error that
// wraps the sentinel saying what is wrong and whose message says "def: "
// once, at its start, and where the fault is.
func TestErrors(t *testing.T) {
	preset := &Preset{Name: "tiny", Values: map[string]uint64{"N": 6}}
	fork := func(fields ...Field) *Fork {
		return &Fork{Name: "f", Containers: []*Container{{Name: "C", Fields: fields}}}
	}
	resolve := func(f *Fork) error { _, err := f.Resolve(preset); return err }
	for _, tc := range []struct {
		name   string
		err    error
		want   error
		inText string
	}{
		{"unknown parameter", func() error { _, err := P("M").Resolve(preset); return err }(), ErrUnknown, "preset parameter M"},
		{"indivisible", func() error { _, err := P("N").Over(4).Resolve(preset); return err }(), ErrIndivisible, "N // 4"},
		{"unknown container", resolve(fork(Field{"a", Ref("Nope")})), ErrUnknown, "container C: field a"},
		{"unknown kind", resolve(fork(Field{"a", &Type{Kind: 99}})), ErrUnknownKind, "field a"},
		{"illegal type", resolve(fork(Field{"a", Vector(Basic(schema.Uint8), N(0))})), schema.ErrIllegalType, "field a"},
		{"parameter in a list", resolve(fork(Field{"a", List(Basic(schema.Uint8), P("M"))})), ErrUnknown, "fork f, container C: field a"},
	} {
		if !errors.Is(tc.err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, tc.err, tc.want)
			continue
		}
		msg := tc.err.Error()
		if !strings.HasPrefix(msg, "def: ") || strings.Count(msg, "def: ") != 1 || !strings.Contains(msg, tc.inText) {
			t.Errorf("%s: message %q, want \"def: \" once at the start, and %q", tc.name, msg, tc.inText)
		}
	}
	ts, err := fork(Field{"a", Basic(schema.Uint8)}).Resolve(preset)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ts.Resolve(Ref("Nope")); !errors.Is(err, ErrUnknown) || !strings.HasPrefix(err.Error(), "def: Nope: unknown name") {
		t.Errorf("Resolve(Ref(Nope)): %v", err)
	}
}
