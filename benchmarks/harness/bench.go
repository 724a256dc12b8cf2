package harness

import "testing"

// BenchState runs one state row of a peer as a Go benchmark, on the
// serialized state in of n validators. The decode row also reports the live
// heap of the decoded state (heap-B), and the copy row the extra heap of a
// copy after one change (copy-extra-B); the other memory rows are not Go
// benchmarks.
func BenchState(b *testing.B, r StateRunner, row string, in []byte, n int) {
	x, err := r.session(in, n)
	if err != nil {
		b.Fatal(err)
	}
	o, ok := x.op(row)
	if !ok {
		b.Fatalf("row %s is not an operation", row)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for k := 0; k < b.N; k++ {
		if o.prep != nil {
			b.StopTimer()
			if err := o.prep(k); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
		if err := o.do(k); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	switch row {
	case RowDecode:
		_, heap, _, err := x.liveHeapOfDecode()
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(heap), "heap-B")
	case RowCopy:
		if _, err := x.root(); err != nil {
			b.Fatal(err)
		}
		extra, err := x.copyHeap(0)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(extra), "copy-extra-B")
	}
}

// BenchMicro runs one row of a micro case of a peer as a Go benchmark, on
// the common input in of the case.
func BenchMicro(b *testing.B, m *Micro, row string, in []byte) {
	if m.Input != nil {
		in = m.Input(in)
	}
	if err := m.decode(in); err != nil {
		b.Fatal(err)
	}
	if err := prepareMicro(m, in, row); err != nil {
		b.Fatal(err)
	}
	o := microOp(m, in, row)
	b.ReportAllocs()
	b.SetBytes(int64(len(in)))
	b.ResetTimer()
	for k := 0; k < b.N; k++ {
		if err := o.do(k); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchProofs runs the proof rows of a peer as Go benchmarks, one
// sub-benchmark per row (named after it), on one decoded state of n
// validators (serialized in) and its tree, built once.
func BenchProofs(b *testing.B, r ProofRunner, in []byte, n int) {
	x, err := r.session(in, n)
	if err != nil {
		b.Fatal(err)
	}
	for _, row := range ProofRows {
		o := x.op(row)
		b.Run(row, func(b *testing.B) {
			b.ReportAllocs()
			b.ResetTimer()
			for k := 0; k < b.N; k++ {
				if err := o.do(k); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchProofTree builds the tree proofs are read from, from a fresh decode
// of the state (not timed), as a Go benchmark; it reports the live heap the
// last tree holds beyond the state's (tree-heap-B).
func BenchProofTree(b *testing.B, r ProofRunner, in []byte, n int) {
	x, err := r.session(in, n)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		if err := x.decode(); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := x.build(); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	_, heap, err := x.treeHeap()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(heap), "tree-heap-B")
}
