//go:build !ssztree_nofork

// Built without the tag ssztree_nofork only: these tests need the
// generated fork packages, which CI's 386 run and its fuzzing build leave
// out (their compile would cost minutes there).

package view_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/view"
)

// peakReader samples the live heap at every read, for the peak of a
// decoding that reads from it.
type peakReader struct {
	r    io.Reader
	peak uint64
}

func (p *peakReader) Read(b []byte) (int, error) {
	p.sample()
	return p.r.Read(b)
}

func (p *peakReader) sample() {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	p.peak = max(p.peak, m.HeapAlloc)
}

// TestStreamStateMemory writes a state to a file, reads it back with
// view.DecodeReader and with os.ReadFile and a decode, and compares the
// peak heaps above what was live before (garbage kept small with a low
// GC percentage, so that the heap is close to what is live).
func TestStreamStateMemory(t *testing.T) {
	n := 20_000
	if testing.Short() {
		n = 5_000
	}
	st, err := synth.FuluState(fulu.Mainnet, n, 1)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "state.ssz")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	size, err := view.WriteSSZ(st.View(), f)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	root := st.HashTreeRoot()
	typ := st.View().Type()
	st = nil
	defer debug.SetGCPercent(debug.SetGCPercent(5))

	base := heap()
	f, err = os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	p := &peakReader{r: f}
	v, err := view.DecodeReader(typ, p, size)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	p.sample()
	streamPeak := p.peak - base
	if v.HashTreeRoot() != root {
		t.Fatal("the state read back has another root")
	}
	var out bytes.Buffer
	if _, err := view.WriteSSZ(v, &out); err != nil || int64(out.Len()) != size {
		t.Fatalf("WriteSSZ: %d bytes, %v", out.Len(), err)
	}
	out = bytes.Buffer{}
	v = nil

	base = heap()
	p = &peakReader{}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p.sample()
	w, err := view.Decode(typ, data)
	if err != nil {
		t.Fatal(err)
	}
	p.sample()
	readPeak := p.peak - base
	runtime.KeepAlive(w)
	runtime.KeepAlive(data)
	t.Logf("%d validators, %d bytes: peak heap reading from the file %d (%.2f times the size), os.ReadFile and decode %d (%.2f times)",
		n, size, streamPeak, float64(streamPeak)/float64(size), readPeak, float64(readPeak)/float64(size))
	if streamPeak >= readPeak {
		t.Errorf("streaming peaks at %d bytes, not below the %d of reading the file first", streamPeak, readPeak)
	}
}
