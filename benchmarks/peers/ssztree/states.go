package ssztree

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/cache"
	"github.com/ssztree/ssztree/diff"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// states runs the workloads of many states in one process
// (harness.CaseStates) on Fulu mainnet states.
type states struct{}

// streamGCPercent is the GC percentage while the peaks of decoding from a
// file are measured: low, so that the heap stays near what is live and the
// peaks compare what each way holds (as view's TestStreamStateMemory).
const streamGCPercent = 5

// cacheGets is the number of gets timed as one operation of RowCacheGet.
const cacheGets = 1000

// Run measures the rows of harness.CaseStates on the state in file. The
// snapshot rows are one sample each (building the 64 states is the cost,
// and the figures are heap bytes); the other memory rows take cfg.MemRuns
// samples, the times cfg.Runs.
func (states) Run(cfg harness.Config, file string, n int) (*harness.Output, error) {
	in, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	out := &harness.Output{Case: harness.CaseStates, Validators: n}
	add := func(name, unit string, samples []float64, ops int) {
		out.Rows = append(out.Rows, harness.Row{Case: harness.CaseStates, Name: name, Unit: unit, Samples: samples, OpsPerRun: ops, Validators: n})
	}
	fail := func(name string, err error) {
		out.Rows = append(out.Rows, harness.Row{Case: harness.CaseStates, Name: name, Err: err.Error(), Validators: n})
	}
	steps := []struct {
		row string
		run func(cfg harness.Config, in []byte, file string, add func(name, unit string, samples []float64, ops int)) error
	}{
		{harness.RowSnapshotsHeap, snapshotRows},
		{harness.RowRebase, rebaseRows},
		{harness.RowDiffValidator, diffRows},
		{harness.RowStreamDecode, streamRows},
	}
	for _, s := range steps {
		if err := s.run(cfg, in, file, add); err != nil {
			fail(s.row, err)
		}
		runtime.GC()
	}
	return out, nil
}

// decode decodes a Fulu mainnet state and hashes it.
func decode(in []byte) (*fulu.BeaconState, error) {
	st, err := fulu.DecodeBeaconState(fulu.Mainnet, in)
	if err != nil {
		return nil, err
	}
	st.HashTreeRoot()
	return st, nil
}

// nextEpoch returns a hashed copy of st with the changes of the epoch of
// seed (synth.FuluEpoch).
func nextEpoch(st *fulu.BeaconState, seed uint64) (*fulu.BeaconState, error) {
	next := st.Copy()
	if err := synth.FuluEpoch(next, seed); err != nil {
		return nil, err
	}
	next.HashTreeRoot()
	return next, nil
}

// heapSince returns the live heap above h0 (0 if it fell below).
func heapSince(h0 uint64) float64 {
	h := harness.LiveHeap()
	if h < h0 {
		return 0
	}
	return float64(h - h0)
}

// snapshotRows builds the decoded state of in and harness.SnapshotCount-1
// snapshots after it and measures what they hold, then the cache and the
// accounting on them.
func snapshotRows(cfg harness.Config, in []byte, _ string, add func(string, string, []float64, int)) error {
	h0 := harness.LiveHeap()
	first, err := decode(in)
	if err != nil {
		return err
	}
	one := heapSince(h0)
	chain := []*fulu.BeaconState{first}
	prev := in
	var changed int64
	for i := 1; i < harness.SnapshotCount; i++ {
		next, err := nextEpoch(chain[i-1], uint64(i))
		if err != nil {
			return err
		}
		chain = append(chain, next)
		enc, err := next.MarshalSSZ()
		if err != nil {
			return err
		}
		changed += changedWords(prev, enc)
		prev = enc
	}
	prev = nil
	heap := heapSince(h0)
	roots := make([]*tree.Node, len(chain))
	for i, st := range chain {
		roots[i] = st.View().Node()
	}
	add(harness.RowSnapshotsHeap, harness.UnitBytes, []float64{heap}, 0)
	add(harness.RowSnapshotsOne, harness.UnitBytes, []float64{one}, 0)
	add(harness.RowSnapshotsChanges, harness.UnitBytes, []float64{float64(changed)}, 0)
	add(harness.RowSnapshotsCounted, harness.UnitBytes, []float64{float64(tree.Size(roots...))}, 0)

	// A Put of each snapshot after the first into a cache of those
	// before it: one sample is the mean of the 63 puts.
	puts := make([]float64, 0, cfg.Runs)
	for range cfg.Runs {
		c := cache.New[*fulu.BeaconState](1 << 50)
		c.Put(first, cache.Info{Slot: uint64(first.Slot())})
		start := time.Now()
		for j, st := range chain[1:] {
			c.Put(st, cache.Info{Slot: uint64(st.Slot()), BlockRoot: blockRoot(j + 1)})
		}
		puts = append(puts, float64(time.Since(start).Nanoseconds())/float64(len(chain)-1))
	}
	add(harness.RowCachePut, harness.UnitNs, puts, len(chain)-1)

	// The accounting alone, and what each put adds.
	adds := make([]float64, 0, cfg.Runs)
	var added int64
	for range cfg.Runs {
		var m tree.Memory
		m.Add(roots[0])
		added = 0
		start := time.Now()
		for _, r := range roots[1:] {
			added += m.Add(r)
		}
		adds = append(adds, float64(time.Since(start).Nanoseconds())/float64(len(roots)-1))
	}
	add(harness.RowMemoryAdd, harness.UnitNs, adds, len(roots)-1)
	add(harness.RowMemoryAdded, harness.UnitBytes, []float64{float64(added) / float64(len(roots)-1)}, 0)

	c := cache.New[*fulu.BeaconState](1 << 50)
	stateRoots := make([][32]byte, len(chain))
	for j, st := range chain {
		stateRoots[j], _ = c.Put(st, cache.Info{Slot: uint64(st.Slot()), BlockRoot: blockRoot(j)})
	}
	gets, ops, err := harness.Measure(cfg, nil, func(k int) error {
		for i := range cacheGets {
			j := (k*cacheGets + i) % len(chain)
			var ok bool
			if i%2 == 0 {
				_, ok = c.Get(stateRoots[j])
			} else {
				_, ok = c.GetByBlock(blockRoot(j))
			}
			if !ok {
				return fmt.Errorf("cache: state %d not found", j)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for i := range gets {
		gets[i] /= cacheGets
	}
	add(harness.RowCacheGet, harness.UnitNs, gets, ops*cacheGets)

	// A state of the epoch after the last snapshot, decoded from its bytes
	// and put into the cache of the 64: what a restarted node does with
	// each state it loads from disk.
	last, err := nextEpoch(chain[len(chain)-1], harness.SnapshotCount)
	if err != nil {
		return err
	}
	data, err := last.MarshalSSZ()
	if err != nil {
		return err
	}
	last = nil
	var took, held, copies []float64
	for range cfg.MemRuns {
		k := cache.New[*fulu.BeaconState](1 << 50)
		for j, s := range chain {
			k.Put(s, cache.Info{Slot: uint64(s.Slot()), BlockRoot: blockRoot(j)})
		}
		h0 := harness.LiveHeap()
		st, err := decode(data)
		if err != nil {
			return err
		}
		start := time.Now()
		k.Put(st, cache.Info{Slot: uint64(st.Slot())})
		took = append(took, float64(time.Since(start).Nanoseconds()))
		st = nil
		held = append(held, heapSince(h0))
		runtime.KeepAlive(k)
		// The same state made from a copy of the last snapshot and put
		// into a cache of the 64: what the decoded one is held to, the
		// cache's bookkeeping included in both.
		k = cache.New[*fulu.BeaconState](1 << 50)
		for j, s := range chain {
			k.Put(s, cache.Info{Slot: uint64(s.Slot()), BlockRoot: blockRoot(j)})
		}
		h0 = harness.LiveHeap()
		next, err := nextEpoch(chain[len(chain)-1], harness.SnapshotCount)
		if err != nil {
			return err
		}
		k.Put(next, cache.Info{Slot: uint64(next.Slot())})
		next = nil
		copies = append(copies, heapSince(h0))
		runtime.KeepAlive(k)
	}
	add(harness.RowCacheRebase, harness.UnitNs, took, 1)
	add(harness.RowCacheRebaseHeap, harness.UnitBytes, held, 0)
	add(harness.RowCacheCopyHeap, harness.UnitBytes, copies, 0)
	runtime.KeepAlive(chain)
	return nil
}

// blockRoot is the made-up block root of the j-th snapshot.
func blockRoot(j int) [32]byte { return [32]byte{byte(j), byte(j >> 8), 1} }

// changedWords returns the bytes of the 8-byte words in which a and b
// differ, the words of the longer one past the other's end included: a
// lower bound of what any copy-on-write representation of b beside a
// holds (a balance is one word, a validator's effective balance one).
func changedWords(a, b []byte) int64 {
	var d int64
	for i := 0; i+8 <= min(len(a), len(b)); i += 8 {
		if binary.LittleEndian.Uint64(a[i:]) != binary.LittleEndian.Uint64(b[i:]) {
			d += 8
		}
	}
	return d + int64(max(len(a), len(b))-min(len(a), len(b)))
}

// rebaseRows rebases a state decoded from the bytes of the epoch after in
// on the state of in, and measures its memory before and after beside a
// copy changed by the same epoch.
func rebaseRows(cfg harness.Config, in []byte, _ string, add func(string, string, []float64, int)) error {
	base, err := decode(in)
	if err != nil {
		return err
	}
	next, err := nextEpoch(base, 1)
	if err != nil {
		return err
	}
	data, err := next.MarshalSSZ()
	if err != nil {
		return err
	}
	next = nil
	h0 := harness.LiveHeap()
	copied, err := nextEpoch(base, 1)
	if err != nil {
		return err
	}
	copyBytes := heapSince(h0)
	runtime.KeepAlive(copied)
	copied = nil
	var took, before, after, copies []float64
	for range cfg.MemRuns {
		h0 := harness.LiveHeap()
		st, err := decode(data)
		if err != nil {
			return err
		}
		before = append(before, heapSince(h0))
		start := time.Now()
		if err := view.Rebase(st.View(), base.View()); err != nil {
			return err
		}
		took = append(took, float64(time.Since(start).Nanoseconds()))
		after = append(after, heapSince(h0))
		copies = append(copies, copyBytes)
		runtime.KeepAlive(st)
	}
	add(harness.RowRebase, harness.UnitNs, took, 1)
	add(harness.RowRebaseBefore, harness.UnitBytes, before, 0)
	add(harness.RowRebaseAfter, harness.UnitBytes, after, 0)
	add(harness.RowRebaseCopy, harness.UnitBytes, copies, 0)
	runtime.KeepAlive(base)
	return nil
}

// diffRows times the structural diff of two states decoded apart that
// differ in one validator, and of a state and a copy changed by an epoch.
func diffRows(cfg harness.Config, in []byte, _ string, add func(string, string, []float64, int)) error {
	a, err := decode(in)
	if err != nil {
		return err
	}
	b, err := decode(in)
	if err != nil {
		return err
	}
	i := b.Validators().Len() / 2
	v := b.Validators().Get(i)
	v.EffectiveBalance -= 1_000_000_000
	b.Validators().Set(i, v)
	b.HashTreeRoot()
	epoch, err := nextEpoch(a, 1)
	if err != nil {
		return err
	}
	rows := []struct {
		row   string
		b     *fulu.BeaconState
		limit int
		check func(*diff.Result) bool
	}{
		{harness.RowDiffValidator, b, 0, func(r *diff.Result) bool { return len(r.Changes) == 1 }},
		{harness.RowDiffEpoch100, epoch, 100, func(r *diff.Result) bool { return r.Truncated }},
		{harness.RowDiffEpoch, epoch, 0, func(r *diff.Result) bool { return len(r.Changes) > 0 && !r.Truncated }},
	}
	for _, r := range rows {
		samples, ops, err := harness.Measure(cfg, nil, func(int) error {
			res, err := diff.Values(a.View(), r.b.View(), diff.Options{Limit: r.limit})
			if err != nil {
				return err
			}
			if !r.check(res) {
				return fmt.Errorf("diff: %d changes (truncated: %v), not what %s expects", len(res.Changes), res.Truncated, r.row)
			}
			return nil
		})
		if err != nil {
			return err
		}
		add(r.row, harness.UnitNs, samples, ops)
	}
	return nil
}

// streamRows decodes the state from its file: streaming with
// view.DecodeReader, and os.ReadFile then a decode, each timed at the
// default GC percentage, then with the peak heap above what was live
// before, at streamGCPercent.
func streamRows(cfg harness.Config, _ []byte, file string, add func(string, string, []float64, int)) error {
	typ := fulu.NewBeaconState(fulu.Mainnet).View().Type()
	var held view.View // the last value decoded
	var roots [][32]byte
	stream := func(p *peakReader) error {
		f, err := os.Open(file)
		if err != nil {
			return err
		}
		defer f.Close()
		fi, err := f.Stat()
		if err != nil {
			return err
		}
		p.r = f
		held, err = view.DecodeReader(typ, p, fi.Size())
		return err
	}
	readFile := func(p *peakReader) error {
		data, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		p.sample()
		held, err = view.Decode(typ, data)
		p.sample()
		return err
	}
	for _, w := range []struct {
		row, peak string
		decode    func(*peakReader) error
	}{
		{harness.RowStreamDecode, harness.RowStreamPeak, stream},
		{harness.RowReadFileDecode, harness.RowReadFilePeak, readFile},
	} {
		collect := func(int) error { held = nil; runtime.GC(); return nil }
		samples, ops, err := harness.Measure(cfg, collect, func(int) error { return w.decode(&peakReader{}) })
		if err != nil {
			return err
		}
		add(w.row, harness.UnitNs, samples, ops)
		peaks, err := peakHeaps(cfg.MemRuns, func() { held = nil }, w.decode)
		if err != nil {
			return err
		}
		add(w.peak, harness.UnitBytes, peaks, 0)
		roots = append(roots, held.HashTreeRoot())
		held = nil
	}
	if roots[0] != roots[1] {
		return fmt.Errorf("the state read from a stream has root %x, read whole %x", roots[0], roots[1])
	}
	return nil
}

// peakHeaps runs decode runs times at streamGCPercent, each after drop
// (which lets go of the value decoded before), and returns the peak heap
// of each run above what was live before it.
func peakHeaps(runs int, drop func(), decode func(*peakReader) error) ([]float64, error) {
	defer debug.SetGCPercent(debug.SetGCPercent(streamGCPercent))
	var peaks []float64
	for range runs {
		drop()
		h0 := harness.LiveHeap()
		p := &peakReader{sampling: true}
		if err := decode(p); err != nil {
			return nil, err
		}
		p.sample()
		peaks = append(peaks, float64(p.peak-min(p.peak, h0)))
	}
	return peaks, nil
}

// peakReader reads from r and, when sampling, samples the heap at every
// read, for the peak of a decoding that reads from it; sample takes one
// outside a read. Not sampling, it costs the timed decodes nothing.
type peakReader struct {
	r        io.Reader
	sampling bool
	peak     uint64
}

func (p *peakReader) Read(b []byte) (int, error) {
	p.sample()
	return p.r.Read(b)
}

func (p *peakReader) sample() {
	if !p.sampling {
		return
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	p.peak = max(p.peak, m.HeapAlloc)
}
