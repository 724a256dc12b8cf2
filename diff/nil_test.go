package diff

import (
	"errors"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/view"
)

// TestValuesNil checks that a nil view, untyped or a typed nil pointer in
// the interface (what a method returning *view.Container gives), is an
// error that says which side and its type, never a panic.
func TestValuesNil(t *testing.T) {
	typ := schema.Must(schema.NewContainer("Pair", schema.Field{Name: "a", Type: schema.Uint64}))
	c, err := view.NewContainer(typ)
	if err != nil {
		t.Fatal(err)
	}
	var typedNil *view.Container
	var progressiveNil *view.ProgressiveContainer
	for _, tc := range []struct {
		a, b view.View
		want string
	}{
		{nil, c, "a is nil"},
		{c, nil, "b is nil"},
		{typedNil, c, "a is a nil *view.Container"},
		{c, progressiveNil, "b is a nil *view.ProgressiveContainer"},
	} {
		res, err := Values(tc.a, tc.b, Options{})
		if res != nil || !errors.Is(err, ErrNilView) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Values: %v, %v; want ErrNilView and %q", res, err, tc.want)
		}
	}
}
