package sszjson

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

// Bounds of what Unmarshal allocates and of the stack it grows.
const (
	// rejectedEarlyBytes bounds what Unmarshal allocates for an input it
	// must reject before reading it in proportion (a string or a number
	// longer than any value of its type, an array past its limit),
	// whatever the input's length: the error and an output buffer no
	// larger than the type's MaxSize. A type of a large MaxSize may also
	// allocate its output buffer, half the input, at the start (which
	// saves growing it for a valid input); a nesting deeper than the
	// type is rejected where the type ends, without a deep recursion.
	rejectedEarlyBytes = 8 << 10
	// jsonBytesPerByte bounds what Unmarshal allocates per byte of any
	// input. The worst case is a list of uint256 of one digit: "0" and a
	// comma, 4 bytes of text, are 32 bytes of serialization, in a buffer
	// that starts at half the text and doubles until it holds 8 times the
	// text, then up to twice that: about 40 bytes per byte in all.
	jsonBytesPerByte = 48
	// deepStackBytes bounds the stack that Unmarshal grows on a nesting of
	// a million arrays: the recursion follows the type, and skipping
	// stops at maxSkipDepth.
	deepStackBytes = 4 << 20
)

// bytesAllocated returns the bytes f allocates, the least of a few runs.
func bytesAllocated(f func()) uint64 {
	best := ^uint64(0)
	var before, after runtime.MemStats
	for range 3 {
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		best = min(best, after.TotalAlloc-before.TotalAlloc)
	}
	return best
}

// stackGrown returns the stack in use just after f ran in a goroutine of
// its own, less that of a goroutine that ran nothing: a stack grows when a
// call needs it and shrinks only at a garbage collection.
func stackGrown(f func()) uint64 {
	run := func(f func()) uint64 {
		var m runtime.MemStats
		done := make(chan struct{})
		go func() {
			f()
			runtime.ReadMemStats(&m)
			close(done)
		}()
		<-done
		return m.StackInuse
	}
	base := run(func() {})
	if got := run(f); got > base {
		return got - base
	}
	return 0
}

// TestUnmarshalRejectsEarly gives Unmarshal inputs of a megabyte that no
// value of their type is, and checks that it rejects each without
// allocating in proportion to it, and without a deep recursion.
func TestUnmarshalRejectsEarly(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("allocation figures differ under coverage")
	}
	const n = 1 << 20
	var (
		small   = schema.Must(schema.NewList(schema.Uint64, 4))
		bytes32 = schema.Must(schema.NewByteVector(32))
		cp      = schema.Must(schema.NewContainer("Checkpoint",
			schema.Field{Name: "epoch", Type: schema.Uint64}, schema.Field{Name: "root", Type: bytes32}))
		nested = schema.Must(schema.NewList(schema.Must(schema.NewList(schema.Uint64, 1<<20)), 1<<20))
		deep   = strings.Repeat("[", n)
	)
	for _, c := range []struct {
		name string
		typ  schema.Type
		in   string
		opts UnmarshalOptions
		// buffer allows the output buffer of a type of a large MaxSize.
		buffer bool
	}{
		{"a uint64 of a million digits", schema.Uint64, `"1` + strings.Repeat("0", n) + `"`, UnmarshalOptions{}, false},
		{"a uint256 of a million digits", schema.Uint256, `"` + strings.Repeat("9", n) + `"`, UnmarshalOptions{}, false},
		{"a uint64 of a million escapes", schema.Uint64, `"` + strings.Repeat(`\u0030`, n/6) + `"`, UnmarshalOptions{}, false},
		{"a Bytes32 of a million digits", bytes32, `"0x` + strings.Repeat("00", n/2) + `"`, UnmarshalOptions{}, false},
		{"a Bytes32 of a million escapes", bytes32, `"` + strings.Repeat(`\u0030`, n/6) + `"`, UnmarshalOptions{}, false},
		{"a list past its limit", small, `[` + strings.Repeat(`"1",`, n/4) + `"1"]`, UnmarshalOptions{}, false},
		{"a member name of a million escapes", cp, `{"` + strings.Repeat(`\u0061`, n/6) + `":1}`, UnmarshalOptions{AllowUnknownMembers: true}, false},
		{"a nesting in a list of numbers", small, deep, UnmarshalOptions{}, false},
		{"a nesting in a list of lists", nested, deep, UnmarshalOptions{}, true},
		{"a nesting in a container", cp, `{"epoch":` + deep, UnmarshalOptions{}, false},
		{"a nesting in an unknown member", cp, `{"x":` + deep, UnmarshalOptions{AllowUnknownMembers: true}, false},
		{"a nesting of objects in an unknown member", cp, `{"x":` + strings.Repeat(`{"a":`, n/5), UnmarshalOptions{AllowUnknownMembers: true}, false},
	} {
		in := []byte(c.in)
		var err error
		got := bytesAllocated(func() { _, err = c.opts.Unmarshal(c.typ, in) })
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		limit := uint64(rejectedEarlyBytes)
		if c.buffer {
			limit += uint64(len(in)/2) + 8<<10 // rounded up to whole pages
		}
		if got > limit {
			t.Errorf("%s (%d bytes): %d bytes allocated, more than %d (error %v)", c.name, len(in), got, limit, err)
		}
		if grown := stackGrown(func() { _, _ = c.opts.Unmarshal(c.typ, in) }); grown > deepStackBytes {
			t.Errorf("%s: the stack grew by %d bytes, more than %d", c.name, grown, deepStackBytes)
		}
	}
}

// TestUnmarshalAllocationLinear unmarshals valid JSON of growing size, as
// dense in output as its type allows, and checks the bytes allocated per
// input byte against jsonBytesPerByte and against those of the smallest.
func TestUnmarshalAllocationLinear(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("allocation figures differ under coverage")
	}
	emptyLists := schema.Must(schema.NewList(schema.Must(schema.NewByteList(4)), 1<<30))
	for _, c := range []struct {
		typ  schema.Type
		elem string
	}{
		{schema.Must(schema.NewList(schema.Uint256, 1<<30)), `"0"`},
		{schema.Must(schema.NewList(schema.Uint64, 1<<30)), `"0"`},
		{schema.Must(schema.NewList(schema.Boolean, 1<<30)), `true`},
		{emptyLists, `"0x"`},
		{schema.Must(schema.NewList(schema.Must(schema.NewList(schema.Uint16, 4)), 1<<30)), `[]`},
	} {
		var first float64
		for _, n := range []int{1 << 8, 1 << 12, 1 << 16} {
			var b bytes.Buffer
			b.WriteByte('[')
			for i := range n {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(c.elem)
			}
			b.WriteByte(']')
			in := b.Bytes()
			var err error
			perByte := float64(bytesAllocated(func() { _, err = Unmarshal(c.typ, in) })) / float64(len(in))
			if err != nil {
				t.Fatalf("%v: %v", c.typ, err)
			}
			if perByte > jsonBytesPerByte {
				t.Errorf("%v, %d elements: %.1f bytes allocated per byte, more than %d", c.typ, n, perByte, jsonBytesPerByte)
			}
			if first == 0 {
				first = perByte
			} else if perByte > 2*first+1 {
				t.Errorf("%v, %d elements: %.1f bytes allocated per byte, against %.1f for %d: not linear", c.typ, n, perByte, first, 1<<8)
			}
		}
	}
}
