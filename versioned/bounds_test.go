package versioned

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/synth"
)

// Bounds of what the decoders of this package allocate, in bytes per byte
// of input, plus boundSlack bytes whatever the input (package schema's
// tests bound each kind of type; these bound the decoders of whole
// consensus values, by fork and preset).
const (
	// rejectedBytesPerByte bounds a decode of an input rejected before
	// the tree is built (too short for the fixed part, a first offset
	// that claims what the input does not hold, JSON that is not the
	// value): nothing is sized by what the input claims.
	rejectedBytesPerByte = 4
	// acceptedBytesPerByte bounds any decode, also of a valid state:
	// a state is mostly packed data and compact values (about 1.5 bytes
	// per byte, package schema's TestDecodeWorkLinear), its offsets
	// sized by the input; a faulty offset deep in a state can fail after
	// most of the tree is built. Measured below 3 for every fork.
	acceptedBytesPerByte = 6
	// jsonBytesPerByte bounds a decode from JSON, which converts the text
	// to its serialization (at most the size of the text for a state:
	// decimal numbers and hex strings are longer than their bytes) in a
	// buffer that grows by doubling, then decodes that.
	jsonBytesPerByte = 8
	// boundSlack is the allocation every decode may make whatever its
	// input: the error and its message, the view, the default values a
	// fork's types build once.
	boundSlack = 16 << 10
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

// syntheticState returns the serialization and the JSON of a state of
// fork with n validators, of the minimal preset.
func syntheticState(t *testing.T, fork forks.Name, n int) ([]byte, []byte) {
	t.Helper()
	type value interface {
		MarshalSSZ() ([]byte, error)
		MarshalJSON() ([]byte, error)
	}
	var v value
	var err error
	switch fork {
	case forks.NamePhase0:
		v, err = synth.Phase0State(phase0.Minimal, n, 1)
	case forks.NameAltair:
		v, err = synth.AltairState(altair.Minimal, n, 1)
	case forks.NameBellatrix:
		v, err = synth.BellatrixState(bellatrix.Minimal, n, 1)
	case forks.NameCapella:
		v, err = synth.CapellaState(capella.Minimal, n, 1)
	case forks.NameDeneb:
		v, err = synth.DenebState(deneb.Minimal, n, 1)
	case forks.NameElectra:
		v, err = synth.ElectraState(electra.Minimal, n, 1)
	case forks.NameFulu:
		v, err = synth.FuluState(fulu.Minimal, n, 1)
	case forks.NameGloas:
		v, err = synth.GloasState(gloas.Minimal, n, 1)
	default:
		t.Fatalf("no synthetic state of %v", fork)
	}
	if err != nil {
		t.Fatal(err)
	}
	b, err := v.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	js, err := v.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return b, js
}

// TestDecodeAllocationBound checks what the decoders of every fork
// allocate on hostile input: random bytes, a valid state whose offsets
// point anywhere, claims of 2^30 elements, and JSON that is not a value.
func TestDecodeAllocationBound(t *testing.T) {
	if testing.CoverMode() != "" || testing.Short() {
		t.Skip("allocation figures differ under coverage; slow in -short")
	}
	r := rand.New(rand.NewPCG(3, 4))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	check := func(t *testing.T, what string, in []byte, perByte uint64, decode func() error) {
		t.Helper()
		var err error
		got := bytesAllocated(func() { err = decode() })
		if limit := perByte*uint64(len(in)) + boundSlack; got > limit {
			t.Errorf("%s (%d bytes, error %v): %d bytes allocated, more than %d", what, len(in), err, got, limit)
		}
	}
	for _, fork := range forks.Names() {
		t.Run(fork.String(), func(t *testing.T) {
			good, goodJSON := syntheticState(t, fork, 64)
			// Hostile serializations: random, short, and the valid state
			// with a word of its fixed part (where the offsets are)
			// replaced, 40 times over.
			inputs := map[string]bound{
				"random 1 KB":  {random(1 << 10), rejectedBytesPerByte},
				"random 64 KB": {random(64 << 10), rejectedBytesPerByte},
				"short":        {good[:len(good)/3], rejectedBytesPerByte},
			}
			for i := range 40 {
				b := bytes.Clone(good)
				at := 4 * r.IntN(min(len(b), 8192)/4)
				binary.LittleEndian.PutUint32(b[at:], []uint32{0, 1 << 30, 0xffffffff, r.Uint32(), r.Uint32N(uint32(len(b)))}[i%5])
				inputs[fmt.Sprintf("word at %d", at)] = bound{b, acceptedBytesPerByte}
			}
			for name, in := range inputs {
				b, per := in.b, in.perByte
				check(t, "DecodeState: "+name, b, per, func() error {
					_, err := DecodeState(fork, forks.Minimal, b)
					return err
				})
				check(t, "ReadState: "+name, b, per, func() error {
					_, _, err := ReadState(b, forks.MinimalSchedule)
					return err
				})
				check(t, "DecodeBlock: "+name, b, per, func() error {
					_, err := DecodeBlock(fork, forks.Minimal, b)
					return err
				})
				check(t, "DecodeSignedBlock: "+name, b, per, func() error {
					_, err := DecodeSignedBlock(fork, forks.Minimal, b)
					return err
				})
				if fork >= forks.NameBellatrix {
					check(t, "DecodeSignedBlindedBlock: "+name, b, per, func() error {
						_, err := DecodeSignedBlindedBlock(fork, forks.Minimal, b)
						return err
					})
				}
			}
			check(t, "DecodeState: the valid state", good, acceptedBytesPerByte, func() error {
				_, err := DecodeState(fork, forks.Minimal, good)
				return err
			})
			// Hostile JSON: cut, a number of absurd length, a deep
			// nesting where the type has a list of numbers, and garbage.
			half := goodJSON[:len(goodJSON)/2]
			longNumber := bytes.Replace(goodJSON, []byte(`"slot":"`), []byte(`"slot":"`+strings.Repeat("0", 1<<20)), 1)
			escaped := bytes.Replace(goodJSON, []byte(`"slot":"`), []byte(`"slot":"`+strings.Repeat(`\u0030`, 1<<18)), 1)
			deep := bytes.Replace(goodJSON, []byte(`"balances":[`), []byte(`"balances":[`+strings.Repeat("[", 1<<20)), 1)
			deepUnknown := append([]byte(`{"x":`+strings.Repeat("[", 1<<20)), goodJSON[1:]...)
			for name, in := range map[string]bound{
				"half": {half, jsonBytesPerByte}, "a long number": {longNumber, rejectedBytesPerByte},
				"an escaped long number": {escaped, rejectedBytesPerByte}, "deep": {deep, rejectedBytesPerByte},
				"deep in an unknown member": {deepUnknown, rejectedBytesPerByte}, "random": {random(64 << 10), rejectedBytesPerByte},
			} {
				js := in.b
				check(t, "DecodeStateJSON: "+name, js, in.perByte, func() error {
					_, err := DecodeStateJSON(fork, forks.Minimal, js)
					return err
				})
			}
			check(t, "DecodeStateJSON: the valid state", goodJSON, jsonBytesPerByte, func() error {
				_, err := DecodeStateJSON(fork, forks.Minimal, goodJSON)
				return err
			})
		})
	}
}

// bound is an input and the bytes per byte its decode may allocate.
type bound struct {
	b       []byte
	perByte uint64
}

// TestDecodeStateWorkLinear decodes states of growing size and checks that
// the allocations per input byte, their count and their bytes, do not
// grow with the size.
func TestDecodeStateWorkLinear(t *testing.T) {
	if testing.CoverMode() != "" || testing.Short() {
		t.Skip("allocation figures differ under coverage; slow in -short")
	}
	for _, fork := range []forks.Name{forks.NamePhase0, forks.NameFulu} {
		var firstCount, firstBytes float64
		for _, n := range []int{64, 512, 4096} {
			b, _ := syntheticState(t, fork, n)
			var err error
			count := testing.AllocsPerRun(2, func() { _, err = DecodeState(fork, forks.Minimal, b) })
			if err != nil {
				t.Fatal(err)
			}
			bytesPerByte := float64(bytesAllocated(func() { _, _ = DecodeState(fork, forks.Minimal, b) })) / float64(len(b))
			countPerByte := count / float64(len(b))
			t.Logf("%v, %d validators (%d bytes): %.4f allocations, %.2f bytes per byte", fork, n, len(b), countPerByte, bytesPerByte)
			if bytesPerByte > acceptedBytesPerByte {
				t.Errorf("%v, %d validators: %.2f bytes allocated per byte, more than %d", fork, n, bytesPerByte, acceptedBytesPerByte)
			}
			if firstCount == 0 {
				firstCount, firstBytes = countPerByte, bytesPerByte
			} else if countPerByte > 1.5*firstCount || bytesPerByte > 1.5*firstBytes {
				t.Errorf("%v, %d validators: %.4f allocations and %.2f bytes per byte, against %.4f and %.2f for 64: not linear",
					fork, n, countPerByte, bytesPerByte, firstCount, firstBytes)
			}
		}
	}
}
