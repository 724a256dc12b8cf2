// Package harness runs the benchmark workloads on one SSZ library (a
// "peer"): the same script of operations on the same bytes, timed the same
// way, for ssztree and for every other library.
//
// A peer implements [StatePeer] for the BeaconState type of its fork (and
// [SlotPeer], for the slot and epoch rows, if it can) and [Codec] for each
// micro case it can express; [NewState] and [NewMicro]
// erase the Go types so that peers of different libraries and forks fit in
// one [Peer] list, and [Reference] picks ssztree's peer of a fork to check
// the others against. The driver
// (cmd/report) runs each peer in a child process through [ChildMain] and merges
// the JSON [Output] of every child; package bench runs the same operations as
// Go benchmarks. Besides the warm rows, which repeat an operation and divide,
// cold rows ([ColdRow], [RowSlot], [RowEpoch]) time one operation after a
// full garbage collection.
package harness

// Validator is a validator record in plain Go values, the same for every
// peer; a peer converts it to its own type.
type Validator struct {
	Pubkey                     [48]byte
	WithdrawalCredentials      [32]byte
	EffectiveBalance           uint64
	Slashed                    bool
	ActivationEligibilityEpoch uint64
	ActivationEpoch            uint64
	ExitEpoch                  uint64
	WithdrawableEpoch          uint64
}

// StatePeer is how the harness drives one library's BeaconState of Go type
// S, of one fork (Peer.Fork). Each method is one operation of the script, done the way a user
// of that library would do it for speed.
type StatePeer[S any] interface {
	// Decode decodes a mainnet BeaconState from its serialization.
	Decode(b []byte) (S, error)
	// Encode appends the serialization of s to dst, whose capacity the
	// harness reuses from one encoding to the next (as a user encoding for
	// speed does).
	Encode(s S, dst []byte) ([]byte, error)
	// Root returns the hash_tree_root of s.
	Root(s S) ([32]byte, error)
	// AddBalances adds delta to the balance of each validator in indices.
	AddBalances(s S, indices []int, delta uint64) error
	// AddAllBalances adds delta to every balance (an epoch's rewards).
	AddAllBalances(s S, delta uint64) error
	// SetEffectiveBalance sets the effective_balance of validator i.
	SetEffectiveBalance(s S, i int, gwei uint64) error
	// AppendValidator appends a validator with its balance, both
	// participation flags and its inactivity score.
	AppendValidator(s S, v Validator, balance uint64, flags uint8, score uint64) error
	// Copy returns an independent copy of s: later changes to either leave
	// the other alone.
	Copy(s S) (S, error)
}

// Codec is how a peer handles one standalone SSZ type (a micro case) as Go
// values of type V.
type Codec[V any] interface {
	Decode(b []byte) (V, error)
	// Encode appends the serialization of v to dst (a reused buffer).
	Encode(v V, dst []byte) ([]byte, error)
	Root(v V) ([32]byte, error)
}

// InPlaceCodec is a Codec of plain structs that also encodes and hashes a
// value where it lies, as its owner does (methods on a pointer): through
// Codec's Encode and Root, every operation would first copy the value
// into the call (240 bytes for a SingleAttestation), which no caller pays.
type InPlaceCodec[V any] interface {
	Codec[V]
	EncodeAt(v *V, dst []byte) ([]byte, error)
	RootAt(v *V) ([32]byte, error)
}

// Peer is one library, configured one way, on one fork, with the workloads
// it can run. A library that runs on several forks (ssztree) is one Peer
// per fork, all of the same Name.
type Peer struct {
	// Name is the short name used in benchmark names and tables
	// ("ssztree", "fastssz", "karalabe-seq"...).
	Name string
	// Fork is the fork of the state and block types (ForkFulu...).
	Fork string
	// Title says which library, version and configuration this is.
	Title string
	// State runs the state workloads; nil if the peer has none.
	State StateRunner
	// Micro holds the micro cases the peer can express, by case name
	// (CaseCheckpoint...); CaseBlock is a block of Fork. A library that is
	// several Peers holds the cases that have no fork (all but CaseBlock)
	// in one of them only.
	Micro map[string]*Micro
	// Proof runs the Merkle proof workloads; nil if the peer has no proofs.
	Proof ProofRunner
	// States runs the workloads of many states in one process; nil if the
	// peer has none.
	States StatesRunner
	// Scoreboard runs the scoreboard's rows (Deneb, whatever Fork is); nil
	// if the peer has none. A library has it in one of its Peers only.
	Scoreboard *Scoreboard
	// Notes explain how the peer does a row, keyed by row ID (RowCopy...)
	// or by micro case name.
	Notes map[string]string
}

// StateRunner runs the state workloads of one peer; make one with NewState.
type StateRunner interface {
	// Run runs the whole state script on the serialized state in, which
	// holds n validators, and returns its measurements and roots.
	Run(cfg Config, in []byte, n int) (*Output, error)
	// session starts a state session for benchmarks.
	session(in []byte, n int) (stateSession, error)
	// checks runs the operations once and returns their checks.
	checks(in []byte, n int) []Check
	// OneCore runs the rows of OneCoreRows on the serialized state in, of
	// n validators, named by OneCoreRow: the driver runs it on one core.
	OneCore(cfg Config, in []byte, n int) (*Output, error)
}

// NewState wraps a StatePeer so that peers of different state types fit in
// one list.
func NewState[S any](p StatePeer[S]) StateRunner { return stateRunner[S]{p} }

// Micro runs one micro case of one peer; make one with NewMicro.
type Micro struct {
	// Input, if set, gives the bytes this peer decodes instead of the
	// common input (when it cannot express the type itself; Note says how).
	Input func(common []byte) []byte
	// Note explains anything particular about how the peer runs the case.
	Note string

	decode func(b []byte) error
	encode func() ([]byte, error)
	root   func() ([32]byte, error)
}

// NewMicro wraps a Codec of any value type into a Micro, encoding and
// hashing in place if it is an InPlaceCodec.
func NewMicro[V any](c Codec[V]) *Micro {
	var last V
	var buf []byte
	m := &Micro{
		decode: func(b []byte) error {
			v, err := c.Decode(b)
			last = v
			return err
		},
		encode: func() ([]byte, error) {
			b, err := c.Encode(last, buf[:0])
			buf = b
			return b, err
		},
		root: func() ([32]byte, error) { return c.Root(last) },
	}
	if ip, ok := c.(InPlaceCodec[V]); ok {
		m.encode = func() ([]byte, error) {
			b, err := ip.EncodeAt(&last, buf[:0])
			buf = b
			return b, err
		}
		m.root = func() ([32]byte, error) { return ip.RootAt(&last) }
	}
	return m
}
