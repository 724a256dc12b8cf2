package harness

// CaseStates names the workloads of many states in one process in
// Output.Case and Row.Case: snapshots one epoch apart and the memory they
// hold together, the state cache, rebase, the structural diff and decoding
// from a file. Only ssztree runs them; the flat peers' figures of the
// snapshot rows are computed by the report from their decoded state
// (RowHeapDecode), which every snapshot of a flat state holds again.
const CaseStates = "states"

// SnapshotCount is the number of snapshots one epoch apart of the
// snapshot rows: two hours of epochs, the 64.
const SnapshotCount = 64

// Row IDs of the workloads of many states. The snapshots are a decoded
// state and SnapshotCount-1 states after it, each a copy of the one before
// with an epoch's changes (synth.FuluEpoch), all hashed.
const (
	RowSnapshotsHeap    = "snapshots-heap"    // live heap of the snapshots together
	RowSnapshotsOne     = "snapshots-one"     // live heap of the first, decoded and hashed
	RowSnapshotsChanges = "snapshots-changes" // bytes the epochs changed, in 8-byte words of the serialization
	RowSnapshotsCounted = "snapshots-counted" // what tree.Memory counts for the snapshots
	RowCachePut         = "cache-put"         // one Put of the next snapshot into a cache of those before
	RowCacheGet         = "cache-get"         // one Get by state or block root
	RowMemoryAdd        = "memory-add"        // the accounting of one Put alone (tree.Memory.Add)
	RowMemoryAdded      = "memory-added"      // the bytes one Put adds, as tree.Memory counts them
	RowRebase           = "rebase"            // rebase of a state decoded from the next epoch's bytes
	RowRebaseBefore     = "rebase-before"     // live heap of that state, decoded and hashed
	RowRebaseAfter      = "rebase-after"      // its live heap after the rebase
	RowRebaseCopy       = "rebase-copy"       // live heap of the same state made by changing a copy
	RowCacheRebase      = "cache-rebase"      // Put of that decoded state into a cache of the snapshots, rebasing it
	RowCacheRebaseHeap  = "cache-rebase-heap" // the live heap that Put adds
	RowCacheCopyHeap    = "cache-copy-heap"   // the live heap a Put of the same state made from a copy adds
	RowDiffValidator    = "diff-validator"    // diff of two states decoded apart, one validator changed
	RowDiffEpoch100     = "diff-epoch-100"    // diff of a state and the next epoch's, the first 100 changes
	RowDiffEpoch        = "diff-epoch"        // diff of a state and the next epoch's, every change
	RowStreamDecode     = "stream-decode"     // decode from a file as its bytes arrive
	RowStreamPeak       = "stream-peak"       // the peak heap of that decode
	RowReadFileDecode   = "readfile-decode"   // os.ReadFile, then decode
	RowReadFilePeak     = "readfile-peak"     // the peak heap of that
)

// StatesRunner runs the workloads of many states of one peer.
type StatesRunner interface {
	// Run runs them on the serialized state in the file named file, which
	// holds n validators, and returns their measurements.
	Run(cfg Config, file string, n int) (*Output, error)
}

// Measure times do as the state rows are timed (cfg.Runs runs after two
// warm-up operations, fast operations repeated within a run; prep, if not
// nil, runs untimed before each do) and returns the time per operation of
// each run and the operations per run.
func Measure(cfg Config, prep, do func(k int) error) (samples []float64, opsPerRun int, err error) {
	var k int
	return measure(cfg, op{prep: prep, do: do}, &k)
}

// LiveHeap collects garbage twice and returns the bytes of live heap
// objects (runtime.MemStats.HeapAlloc).
func LiveHeap() uint64 { return liveHeap() }
