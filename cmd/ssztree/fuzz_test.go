package main

import (
	"bytes"
	"io"
	"testing"

	"github.com/golang/snappy"

	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/phase0"
)

// FuzzRead reads arbitrary bytes as the command reads standard input,
// with no flag and as a phase0 Checkpoint, and prints what it read: an
// error or a value, never a panic.
func FuzzRead(f *testing.F) {
	st := phase0.NewBeaconState(phase0.Minimal)
	b, _ := st.MarshalSSZ()
	f.Add(b)
	f.Add(snappy.Encode(nil, b))
	f.Add(frame(b))
	blk := deneb.NewSignedBeaconBlock(deneb.Minimal)
	bb, _ := blk.MarshalSSZ()
	f.Add(bb)
	f.Add([]byte(`{"version":"phase0","data":{"epoch":"1","root":"0x` + string(bytes.Repeat([]byte("00"), 32)) + `"}}`))
	f.Add([]byte("epoch: 1\nroot: '0x00'\n"))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0x0f, 1})
	cp := phase0.Checkpoint{Epoch: 1}
	cb, _ := cp.MarshalSSZ()
	f.Add(cb)
	f.Fuzz(func(t *testing.T, data []byte) {
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
	})
}
