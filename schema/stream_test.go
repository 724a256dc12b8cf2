package schema_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"
	"testing/iotest"

	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/internal/samples"
	"github.com/ssztree/ssztree/schema"
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
