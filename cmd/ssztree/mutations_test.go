package main

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/golang/snappy"

	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/phase0"
)

// TestReadMutations reads seeds of every format, and 2,000 random
// mutations of them (flipped, replaced and cut bytes), as the command reads
// standard input, with no flag and as a phase0 Checkpoint, and prints what
// it read: an error or a value, never a panic. It is a test rather than a
// Fuzz function: CI fuzzes every Fuzz function with an instrumented build
// of its package, which for the command's (every fork package) would cost
// minutes.
func TestReadMutations(t *testing.T) {
	t.Parallel()
	st := phase0.NewBeaconState(phase0.Minimal)
	b, _ := st.MarshalSSZ()
	blk := deneb.NewSignedBeaconBlock(deneb.Minimal)
	bb, _ := blk.MarshalSSZ()
	cp := phase0.Checkpoint{Epoch: 1}
	cb, _ := cp.MarshalSSZ()
	seeds := [][]byte{
		b, snappy.Encode(nil, b), frame(b), bb, snappy.Encode(nil, bb), cb,
		[]byte(`{"version":"phase0","data":{"epoch":"1","root":"0x` + string(bytes.Repeat([]byte("00"), 32)) + `"}}`),
		[]byte("epoch: 1\nroot: '0x" + string(bytes.Repeat([]byte("00"), 32)) + "'\n"),
		{0xff, 0xff, 0xff, 0xff, 0x0f, 1},
	}
	r := rand.New(rand.NewPCG(39, 1))
	inputs := append([][]byte(nil), seeds...)
	for range 2000 {
		d := append([]byte(nil), seeds[r.IntN(len(seeds))]...)
		for k := r.IntN(4) + 1; k > 0 && len(d) > 0; k-- {
			switch r.IntN(4) {
			case 0:
				d[r.IntN(len(d))] ^= byte(1 << r.IntN(8))
			case 1:
				d[r.IntN(len(d))] = byte(r.IntN(256))
			case 2:
				d = d[:r.IntN(len(d))]
			case 3:
				i := r.IntN(len(d))
				d = append(d[:i], append([]byte{byte(r.IntN(256))}, d[i:]...)...)
			}
		}
		inputs = append(inputs, d)
	}
	for _, data := range inputs {
		for _, typ := range []string{"", "Checkpoint"} {
			tf := typeFlags{typ: typ}
			if typ != "" {
				tf.fork = "phase0"
			}
			sel, err := tf.resolve()
			if err != nil {
				t.Fatal(err)
			}
			in := &input{name: "-", r: bytes.NewReader(data), size: -1}
			if err := in.settle(sel.in); err != nil {
				continue
			}
			v, err := loadInput(in, sel)
			if err != nil {
				continue
			}
			if err := printInfo(io.Discard, v, false); err != nil {
				t.Errorf("info of a value read: %v", err)
			}
			for _, p := range []string{"slot", "epoch", "message.slot", "validators[0]"} {
				partAt(v.v, p)
			}
		}
	}
}
