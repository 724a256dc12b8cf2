package harness

// Units of Row.Samples.
const (
	UnitNs    = "ns" // nanoseconds per operation
	UnitBytes = "B"  // bytes
)

// Output is what one child process reports: the measurements and checks of
// one peer on one case (the state of one size, or every micro case).
type Output struct {
	Peer  string `json:"peer"`
	Title string `json:"title"`
	// Fork is the fork of the peer's state and block types.
	Fork string `json:"fork"`
	// Case is CaseState or "micro".
	Case string `json:"case"`
	// Validators is the number of validators of the input state.
	Validators int `json:"validators,omitempty"`
	// Procs is the child's GOMAXPROCS, in the cases that run on one core
	// (CaseScoreboard, CaseOneCore).
	Procs  int     `json:"procs,omitempty"`
	Rows   []Row   `json:"rows"`
	Checks []Check `json:"checks"`
	// Notes explain how the peer does a row (by row ID or micro case).
	Notes map[string]string `json:"notes,omitempty"`
}

// Row is the measurement of one row: one sample per run.
type Row struct {
	// Case is CaseState or a micro case.
	Case string `json:"case"`
	Name string `json:"name"`
	Unit string `json:"unit"`
	// Samples holds one value per run: the time per operation, or bytes.
	Samples []float64 `json:"samples"`
	// OpsPerRun is the number of operations each timed run averaged.
	OpsPerRun int `json:"ops_per_run,omitempty"`
	// Validators is the number of validators in the state when the row ran.
	Validators int `json:"validators,omitempty"`
	// Allocs counts the heap allocations of an operation of a proof row
	// (averaged) or of a cold row (the median of its samples).
	Allocs *Allocs `json:"allocs,omitempty"`
	// Floor holds, beside each sample, the time in nanoseconds of the
	// SHA-256 floor of the row's pair hashes measured right after that
	// sample in the same process (Config.Floor); empty when not measured.
	Floor []float64 `json:"floor,omitempty"`
	// Err is set when the row could not run.
	Err string `json:"err,omitempty"`
}

// Allocs is what one operation allocates on the heap, averaged over up to
// 1,000 operations after the timed runs (runtime.MemStats Mallocs and
// TotalAlloc, as testing.AllocsPerRun counts).
type Allocs struct {
	PerOp      float64 `json:"per_op"`
	BytesPerOp float64 `json:"bytes_per_op"`
}

// Check is a result that must agree across peers: a root (hex) or, for an
// encoding, whether it equals the input.
type Check struct {
	Case  string `json:"case"`
	Name  string `json:"name"`
	Value string `json:"value"`
	Err   string `json:"err,omitempty"`
}

// EncodingEqual and EncodingDiffers are the values of an encoding check.
const (
	EncodingEqual   = "equal to the input"
	EncodingDiffers = "differs from the input"
)
