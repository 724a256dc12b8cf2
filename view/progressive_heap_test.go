package view

import (
	"encoding/binary"
	"runtime"
	"testing"

	"github.com/ssztree/ssztree/schema"
)

// TestProgressiveHeap checks the live heap of a decoded and hashed
// ProgressiveList[uint64] of 1,000,000 elements against DESIGN §5's target
// for states, 1.3 × its SSZ size: the pages at the bottom of its large
// subtrees, their headers and the branches above them (see
// progressivePageDepth in package schema), measured as BenchmarkLiveHeap
// does.
func TestProgressiveHeap(t *testing.T) {
	const n = 1_000_000
	b := make([]byte, 8*n)
	for i := range n {
		binary.LittleEndian.PutUint64(b[8*i:], 32_000_000_000+uint64(i)*2654435761%1_000_000_000)
	}
	typ := schema.Must(schema.NewProgressiveList(schema.Uint64))
	h0 := liveHeap()
	l, err := DecodeProgressiveBasicList[uint64](typ, b)
	if err != nil {
		t.Fatal(err)
	}
	l.HashTreeRoot()
	h1 := liveHeap()
	runtime.KeepAlive(l)
	runtime.KeepAlive(b) // counted in h0, and not to be freed before h1
	if ratio := float64(h1-h0) / float64(len(b)); ratio > 1.3 {
		t.Errorf("live heap of a hashed ProgressiveList[uint64] of %d: %.3f × its SSZ size, more than 1.3 ×", n, ratio)
	} else {
		t.Logf("live heap %.3f × SSZ", ratio)
	}
}
