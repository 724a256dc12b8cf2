package schema_test

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/testutil/samples"
)

func sfield(name string, t schema.Type) schema.Field { return schema.Field{Name: name, Type: t} }

// streamTypes are the types streaming is checked on: lists and vectors of
// fixed-size values over one chunk and several, variable-size values
// read whole, nested containers, and a Fulu state.
var streamTypes = func() []schema.Type {
	m := schema.Must[*schema.Container]
	bytes32 := schema.Must(schema.NewByteVector(32))
	checkpoint := m(schema.NewContainer("Checkpoint", sfield("epoch", schema.Uint64), sfield("root", bytes32)))
	validator := m(schema.NewContainer("Validator",
		sfield("pubkey", schema.Must(schema.NewByteVector(48))), sfield("withdrawal_credentials", bytes32),
		sfield("effective_balance", schema.Uint64), sfield("slashed", schema.Boolean),
		sfield("activation_eligibility_epoch", schema.Uint64), sfield("activation_epoch", schema.Uint64),
		sfield("exit_epoch", schema.Uint64), sfield("withdrawable_epoch", schema.Uint64)))
	inner := m(schema.NewContainer("Inner", sfield("a", schema.Uint16),
		sfield("b", schema.Must(schema.NewList(schema.Uint64, 100))), sfield("c", schema.Must(schema.NewBitlist(40)))))
	return []schema.Type{
		schema.Uint64, checkpoint, validator, inner,
		schema.Must(schema.NewList(schema.Uint64, 1<<40)),
		schema.Must(schema.NewList(schema.Boolean, 5000)),
		schema.Must(schema.NewList(schema.Uint8, 1<<20)),
		schema.Must(schema.NewList(validator, 1<<40)),
		schema.Must(schema.NewList(checkpoint, 3)),
		schema.Must(schema.NewVector(bytes32, 3000)),
		schema.Must(schema.NewVector(schema.Uint16, 9)),
		schema.Must(schema.NewByteList(100000)),
		schema.Must(schema.NewList(inner, 20)),
		m(schema.NewContainer("Outer", sfield("x", schema.Uint64), sfield("i", inner), sfield("v", validator),
			sfield("vs", schema.Must(schema.NewList(validator, 1<<20))), sfield("k", schema.Must(schema.NewList(checkpoint, 1000))))),
		fuluState(),
	}
}()

// fuluState returns the type of a Fulu state of the minimal preset, from
// the fork's definition (not the generated package fulu, which CI's 386
// run and fuzzing build leave out).
func fuluState() schema.Type {
	ts, err := forks.NameFulu.Def().Resolve(forks.Minimal)
	if err != nil {
		panic(err)
	}
	return ts.Type("BeaconState")
}

// checkStream decodes b from streams (size known and unknown, read a few
// bytes at a time) and checks the result against Decode: the same error
// or none, the same root and encoding; EncodeWriter writes Encode's bytes.
func checkStream(t *testing.T, typ schema.Type, b []byte) {
	t.Helper()
	want, werr := typ.Decode(b)
	for _, size := range []int64{int64(len(b)), -1} {
		got, err := schema.DecodeReader(typ, iotest.HalfReader(bytes.NewReader(b)), size)
		if (err == nil) != (werr == nil) {
			t.Fatalf("%v (size %d, %d bytes): stream error %v, Decode error %v", typ, size, len(b), err, werr)
		}
		if err != nil {
			continue
		}
		if got.Root() != want.Root() {
			t.Fatalf("%v (size %d): roots differ", typ, size)
		}
		var out bytes.Buffer
		k, err := schema.EncodeWriter(typ, &out, got)
		if err != nil || k != int64(len(b)) || !bytes.Equal(out.Bytes(), b) {
			t.Fatalf("%v: EncodeWriter wrote %d bytes (%v), not the input's %d", typ, k, err, len(b))
		}
	}
	if werr != nil || len(b) == 0 {
		return
	}
	// A stream that ends early, its size known: ErrTruncated.
	cut := len(b) - 1 - rand.IntN(len(b))
	_, err := schema.DecodeReader(typ, bytes.NewReader(b[:cut]), int64(len(b)))
	if !errors.Is(err, schema.ErrTruncated) {
		t.Fatalf("%v: %d of %d bytes, size known: %v, want ErrTruncated", typ, cut, len(b), err)
	}
}

func TestStream(t *testing.T) {
	for i, typ := range streamTypes {
		for s := 0; s < 30; s++ {
			r := rand.New(rand.NewPCG(uint64(i), uint64(s)))
			maxLen := 40
			if s%5 == 0 {
				maxLen = 3000
			}
			b, err := samples.Random(r, typ, maxLen)
			if err != nil {
				t.Fatal(err)
			}
			checkStream(t, typ, b)
			// Prefixes and changed bytes: the stream accepts what Decode does.
			checkStream(t, typ, b[:r.IntN(len(b)+1)])
			if len(b) > 0 {
				c := append([]byte(nil), b...)
				c[r.IntN(len(c))] ^= byte(1 + r.IntN(255))
				checkStream(t, typ, c)
			}
		}
	}
}

// FuzzStream checks DecodeReader against Decode on any bytes of the types
// of streamTypes.
func FuzzStream(f *testing.F) {
	for i := range streamTypes {
		b, err := samples.Random(rand.New(rand.NewPCG(uint64(i), 9)), streamTypes[i], 20)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), b)
	}
	f.Fuzz(func(t *testing.T, which uint8, b []byte) {
		checkStream(t, streamTypes[int(which)%len(streamTypes)], b)
	})
}

// boundTypes are the types the bound of DecodeReaderMax is checked on:
// those of streamTypes and the progressive ones, which only a caller's
// bound limits (a Gloas state among them).
var boundTypes = func() []schema.Type {
	m := schema.Must[*schema.ProgressiveContainer]
	plist := schema.Must(schema.NewProgressiveList(schema.Uint64))
	pbytes := schema.Must(schema.NewProgressiveByteList())
	pvalidators := schema.Must(schema.NewProgressiveList(streamTypes[2]))
	pc := m(schema.NewProgressiveContainer("P", []bool{true, false, true, true},
		sfield("a", schema.Uint16), sfield("b", plist), sfield("c", schema.NewProgressiveBitlist())))
	ts, err := forks.NameGloas.Def().Resolve(forks.Minimal)
	if err != nil {
		panic(err)
	}
	return append(append([]schema.Type(nil), streamTypes...), plist, pbytes, pvalidators, pc,
		schema.Must(schema.NewProgressiveList(pc)), ts.Type("BeaconState"))
}()

// countReader counts the bytes read from it.
type countReader struct {
	r io.Reader
	n int
}

func (c *countReader) Read(b []byte) (int, error) {
	k, err := c.r.Read(b)
	c.n += k
	return k, err
}

// checkBound decodes b with DecodeReaderMax at the bound, of known and of
// unknown size. Within the bound, it agrees with DecodeReader; beyond it,
// a value DecodeReader takes is an error wrapping ErrTooLarge at the
// bound, no tree, and no more than bound+1 bytes read (none at all for a
// known size), and any other error is one that DecodeReader gives too.
func checkBound(t *testing.T, typ schema.Type, b []byte, bound int64) {
	t.Helper()
	_, werr := schema.DecodeReader(typ, bytes.NewReader(b), -1)
	for _, size := range []int64{int64(len(b)), -1} {
		cr := &countReader{r: iotest.HalfReader(bytes.NewReader(b))}
		got, err := schema.DecodeReaderMax(typ, cr, size, bound)
		if int64(len(b)) <= bound {
			// Invalid bytes may be ErrTooLarge too: an offset or a
			// bound below the smallest value says the value would
			// need more bytes than the bound before the stream ends.
			if (err == nil) != (werr == nil) {
				t.Fatalf("%v (size %d, %d bytes, bound %d): %v, DecodeReader %v", typ, size, len(b), bound, err, werr)
			}
			if err == nil {
				want, _ := typ.Decode(b)
				if got.Root() != want.Root() {
					t.Fatalf("%v (size %d, bound %d): roots differ", typ, size, bound)
				}
			}
			continue
		}
		if err == nil || got != nil {
			t.Fatalf("%v (size %d, %d bytes, bound %d): no error (%v) or a tree", typ, size, len(b), bound, err)
		}
		if cr.n > int(bound)+1 || size >= 0 && cr.n > 0 {
			t.Fatalf("%v (size %d, %d bytes, bound %d): read %d bytes", typ, size, len(b), bound, cr.n)
		}
		if !errors.Is(err, schema.ErrTooLarge) {
			if werr == nil {
				t.Fatalf("%v (size %d, %d bytes, bound %d): %v, not ErrTooLarge", typ, size, len(b), bound, err)
			}
			continue
		}
		var e *schema.Error
		if !errors.As(err, &e) || e.Top != typ.String() || size < 0 && e.Offset > int(bound) {
			t.Fatalf("%v (size %d, %d bytes, bound %d): %#v", typ, size, len(b), bound, err)
		}
	}
}

// TestStreamMax checks DecodeReaderMax on values at their size, one byte
// above and one below, and at random bounds.
func TestStreamMax(t *testing.T) {
	for i, typ := range boundTypes {
		for s := 0; s < 20; s++ {
			r := rand.New(rand.NewPCG(uint64(i), uint64(s)))
			maxLen := 40
			if s%5 == 0 {
				maxLen = 3000
			}
			b, err := samples.Random(r, typ, maxLen)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := typ.Decode(b); err != nil {
				t.Fatalf("%v: a sample that does not decode: %v", typ, err)
			}
			n := int64(len(b))
			for _, bound := range []int64{n, n - 1, n + 1, r.Int64N(n + 1)} {
				if bound >= 0 {
					checkBound(t, typ, b, bound)
				}
			}
			// Bytes past the value, within the bound or beyond it.
			checkBound(t, typ, append(b, 0), n)
			checkBound(t, typ, append(b, 0), n+1)
		}
	}
}

// TestStreamMaxErrors checks what the errors of DecodeReaderMax say: the
// type, the bound and where it was passed, in the field being read.
func TestStreamMaxErrors(t *testing.T) {
	plist := schema.Must(schema.NewProgressiveList(schema.Uint64))
	b := make([]byte, 8*1000)
	_, err := schema.DecodeReaderMax(plist, bytes.NewReader(b), -1, 800)
	var e *schema.Error
	if !errors.As(err, &e) || !errors.Is(err, schema.ErrTooLarge) || e.Offset != 800 || e.Top != plist.String() {
		t.Fatalf("a list of 8000 bytes, bound 800: %v", err)
	}
	t.Log(err)
	if !strings.Contains(err.Error(), "more than 800 bytes") {
		t.Errorf("the error does not name the bound: %v", err)
	}
	// A container read field by field names the field being read.
	pc := schema.Must(schema.NewContainer("C", sfield("a", schema.Uint16), sfield("b", plist)))
	enc := append([]byte{1, 0, 6, 0, 0, 0}, b...)
	_, err = schema.DecodeReaderMax(pc, bytes.NewReader(enc), -1, 100)
	if !errors.As(err, &e) || !errors.Is(err, schema.ErrTooLarge) || e.Path != "b" || e.Offset != 100 {
		t.Fatalf("a container whose list passes the bound: %v", err)
	}
	t.Log(err)
	// An offset past the bound, in a container read field by field, is
	// the error before the field is read.
	outer := schema.Must(schema.NewContainer("O", sfield("x", schema.Uint64),
		sfield("l", schema.Must(schema.NewList(schema.Uint64, 1<<20))), sfield("m", schema.Must(schema.NewList(schema.Uint64, 1<<20)))))
	enc = make([]byte, 16+8*100)
	enc[8], enc[12], enc[13] = 16, 0x10, 0x03 // l at 16, m at 784
	cr := &countReader{r: bytes.NewReader(enc)}
	_, err = schema.DecodeReaderMax(outer, cr, -1, 500)
	if !errors.As(err, &e) || !errors.Is(err, schema.ErrTooLarge) || e.Offset != 12 || cr.n > 501 {
		t.Fatalf("an offset past the bound: %v (read %d)", err, cr.n)
	}
	t.Log(err)
	// A known size above the bound reads nothing; a bound below the
	// smallest value reads nothing either; a negative bound is an error.
	cr = &countReader{r: bytes.NewReader(b)}
	if _, err := schema.DecodeReaderMax(plist, cr, int64(len(b)), 10); !errors.Is(err, schema.ErrTooLarge) || cr.n != 0 {
		t.Errorf("a known size above the bound: %v, %d bytes read", err, cr.n)
	}
	if _, err := schema.DecodeReaderMax(outer, cr, -1, 15); !errors.Is(err, schema.ErrTooLarge) || cr.n != 0 {
		t.Errorf("a bound below the smallest value: %v, %d bytes read", err, cr.n)
	}
	if _, err := schema.DecodeReaderMax(plist, cr, -1, -1); err == nil || errors.Is(err, schema.ErrTooLarge) {
		t.Errorf("a negative bound: %v", err)
	}
}

// FuzzStreamMax checks DecodeReaderMax, at a bound near the input's size,
// against DecodeReader on any bytes of the types of boundTypes.
func FuzzStreamMax(f *testing.F) {
	for i := range boundTypes {
		b, err := samples.Random(rand.New(rand.NewPCG(uint64(i), 9)), boundTypes[i], 20)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), int16(0), b)
		f.Add(uint8(i), int16(-1), b)
	}
	f.Fuzz(func(t *testing.T, which uint8, delta int16, b []byte) {
		bound := max(int64(len(b))+int64(delta), 0)
		checkBound(t, boundTypes[int(which)%len(boundTypes)], b, bound)
	})
}
