package view

import (
	"errors"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

// TestErrorMessages checks that the errors of this package wrap the
// sentinel that says what went wrong and that their messages say "view: "
// once, at the start, including where view wraps a sentinel of package
// schema.
func TestErrorMessages(t *testing.T) {
	short := schema.Must(schema.NewList(schema.Uint64, 1))
	l, err := NewBasicList[uint64](short)
	if err != nil {
		t.Fatal(err)
	}
	_, popErr := l.Pop()
	appendErr := func() error { _ = l.Append(1); return l.Append(2) }()
	_, typeErr := NewBasicList[uint32](short)
	for _, tc := range []struct {
		name string
		err  error
		want error
	}{
		{"Pop of an empty list", popErr, ErrEmpty},
		{"Append past the limit", appendErr, ErrLimit},
		{"uint32 view of uint64s", typeErr, ErrWrongType},
		{"SetBytes of 3 bytes", l.SetBytes([]byte{1, 2, 3}), schema.ErrSize},
	} {
		if !errors.Is(tc.err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, tc.err, tc.want)
			continue
		}
		if msg := tc.err.Error(); !strings.HasPrefix(msg, "view: ") || strings.Count(msg, "view: ") != 1 {
			t.Errorf("%s: message %q, want \"view: \" once at the start", tc.name, msg)
		}
	}
}
