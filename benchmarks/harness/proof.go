package harness

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"runtime"
	"time"
)

// CaseProof names the Merkle proof workloads in Output.Case and Row.Case:
// proofs read off the tree of a mainnet state, for the peers that have a
// proof API.
const CaseProof = "proof"

// Row IDs of the proof workloads.
const (
	RowProofTree      = "proof-tree"      // from a decoded state to a hashed tree ready for proofs
	RowProofTreeHeap  = "proof-tree-heap" // extra live heap held by that tree
	RowProveFinalized = "prove-finalized" // single proof of finalized_checkpoint.root
	RowProveBalance   = "prove-balance"   // single proof of balances[i], random i
	RowProveEffective = "prove-effective" // single proof of validators[i].effective_balance, random i
	RowMultiBalance   = "multi-balance"   // multiproof of 100 balances[i]
	RowMultiEffective = "multi-effective" // multiproof of 100 validators[i].effective_balance
	RowMultiMixed     = "multi-mixed"     // multiproof of 50 effective balances, 49 balances and finalized_checkpoint.root
)

// ProofRows lists the proof rows that prove, in the order they are run.
var ProofRows = []string{
	RowProveFinalized, RowProveBalance, RowProveEffective,
	RowMultiBalance, RowMultiEffective, RowMultiMixed,
}

// MultiLeaves is the number of indices of a multiproof row.
const MultiLeaves = 100

// Generalized indices in a mainnet BeaconState, computed here so that the
// harness needs no SSZ library (the module's tests check them against
// ssztree's schema.Gindex for every fork). The state's fields form a tree of
// depth stateDepth(fork) (in Gloas a progressive tree, see
// progressiveGindex): validators is field 11 and balances field 12, each
// a list whose data root is the left child of its length mix-in, with
// VALIDATOR_REGISTRY_LIMIT = 2^40 elements (in Gloas progressive lists); finalized_checkpoint is field 20
// and its root the second of its two fields; a Validator has 8 fields
// (depth 3), effective_balance is field 2; a chunk packs 4 balances (2^38
// chunks).
const (
	fieldValidators = 11
	fieldBalances   = 12
	fieldFinalized  = 20
)

// fieldGindex returns the generalized index of field i of a fork's state.
func fieldGindex(fork string, i uint64) uint64 {
	if fork == ForkGloas {
		// A ProgressiveContainer: its fields' progressive tree is the
		// left child of the active_fields mix-in.
		return progressiveGindex(2, i)
	}
	return 1<<stateDepth(fork) + i
}

// progressiveGindex returns the generalized index of leaf i of the
// progressive tree (merkleize_progressive, ssz/simple-serialize.md of
// consensus-specs at a08d8a6e) whose root is at g: subtree k, of depth 2k,
// holds leaves (4^k-1)/3 to (4^(k+1)-1)/3 - 1 and is the left child of the
// k-th node down the spine of right children.
func progressiveGindex(g, i uint64) uint64 {
	first, size := uint64(0), uint64(1)
	for k := uint(0); ; k++ {
		if i < first+size {
			return (2*g)<<(2*k) + i - first
		}
		first += size
		size *= 4
		g = 2*g + 1
	}
}

// listLeafGindex returns the generalized index of leaf i of the data tree
// of a list at generalized index list, of depth depth: the list's
// elements' tree below its length mix-in, progressive in Gloas.
func listLeafGindex(fork string, list uint64, depth uint, i uint64) uint64 {
	if fork == ForkGloas {
		return progressiveGindex(2*list, i)
	}
	return 2*list<<depth + i
}

// GindexFinalizedRoot returns the generalized index of
// finalized_checkpoint.root in a fork's state: FINALIZED_ROOT_GINDEX (105)
// through Deneb, FINALIZED_ROOT_GINDEX_ELECTRA (169) from Electra on,
// FINALIZED_ROOT_GINDEX_GLOAS (735) in Gloas.
func GindexFinalizedRoot(fork string) uint64 {
	return 2*fieldGindex(fork, fieldFinalized) + 1
}

// GindexEffectiveBalance returns the generalized index of
// validators[i].effective_balance in a fork's state.
func GindexEffectiveBalance(fork string, i int) uint64 {
	return listLeafGindex(fork, fieldGindex(fork, fieldValidators), 40, uint64(i))<<3 + 2
}

// GindexBalance returns the generalized index of balances[i] in a fork's
// state: the chunk that packs it with its neighbours.
func GindexBalance(fork string, i int) uint64 {
	return listLeafGindex(fork, fieldGindex(fork, fieldBalances), 38, uint64(i)/4)
}

// ProofGindices sets dst to the generalized indices that operation k of a
// proof row proves in a fork's state of n validators.
func ProofGindices(dst []uint64, fork, row string, k, n int) []uint64 {
	dst = dst[:0]
	switch row {
	case RowProveFinalized:
		dst = append(dst, GindexFinalizedRoot(fork))
	case RowProveBalance:
		dst = append(dst, GindexBalance(fork, Pick(row, k, 0, n)))
	case RowProveEffective:
		dst = append(dst, GindexEffectiveBalance(fork, Pick(row, k, 0, n)))
	case RowMultiBalance:
		for j := range MultiLeaves {
			dst = append(dst, GindexBalance(fork, Pick(row, k, j, n)))
		}
	case RowMultiEffective:
		for j := range MultiLeaves {
			dst = append(dst, GindexEffectiveBalance(fork, Pick(row, k, j, n)))
		}
	case RowMultiMixed:
		for j := range MultiLeaves / 2 {
			dst = append(dst, GindexEffectiveBalance(fork, Pick(row, k, j, n)))
		}
		for j := MultiLeaves / 2; j < MultiLeaves-1; j++ {
			dst = append(dst, GindexBalance(fork, Pick(row, k, j, n)))
		}
		dst = append(dst, GindexFinalizedRoot(fork))
	}
	return dst
}

// singleRow reports whether a proof row makes a single proof.
func singleRow(row string) bool {
	return row == RowProveFinalized || row == RowProveBalance || row == RowProveEffective
}

// ProofPeer is how the harness drives one library's Merkle proofs: a
// BeaconState of Go type S (of the fork given to NewProof), and the tree of type T the library
// reads proofs from. Each method is done the way a user of the library
// would do it for speed; generalized indices are given, not paths.
type ProofPeer[S, T any] interface {
	// Decode decodes a mainnet BeaconState from its serialization.
	Decode(b []byte) (S, error)
	// Tree returns the hashed tree of s that proofs are read from: for a
	// library whose values are trees, the value's own tree, hashed.
	Tree(s S) (T, error)
	// Root returns the root of t.
	Root(t T) ([32]byte, error)
	// Prove returns the proof of the node at generalized index g: its
	// root and the branch.
	Prove(t T, g uint64) (Proof, error)
	// ProveMulti returns the multiproof of the nodes at gs.
	ProveMulti(t T, gs []uint64) (Proof, error)
}

// Proof is a proof as a peer returned it. It may be overwritten by the
// peer's next proof.
type Proof interface {
	// Parts returns the proven roots (a single proof's leaf) and the other
	// roots, in the peer's order: a single proof's branch, leaf first; a
	// multiproof's helper roots.
	Parts() (leaves, hashes [][32]byte, err error)
}

// ProofRunner runs the proof workloads of one peer; make one with NewProof.
type ProofRunner interface {
	// Run decodes the serialized state in (n validators), builds its tree,
	// and measures the tree and every proof row.
	Run(cfg Config, in []byte, n int) (*Output, error)
	session(in []byte, n int) (proofSessioner, error)
	checks(in []byte, n int) []Check
}

// NewProof wraps a ProofPeer of a fork's BeaconState so that peers of
// different types fit in one list.
func NewProof[S, T any](fork string, p ProofPeer[S, T]) ProofRunner {
	return proofRunner[S, T]{fork, p}
}

type proofRunner[S, T any] struct {
	fork string // of the state: the generalized indices depend on it
	p    ProofPeer[S, T]
}

// proofSessioner is a proof session with its types erased.
type proofSessioner interface {
	op(row string) op
	build() error
	decode() error
	treeHeap() (time.Duration, uint64, error)
}

// proofSession holds one peer's decoded state and its tree.
type proofSession[S, T any] struct {
	p    ProofPeer[S, T]
	fork string
	in   []byte
	n    int
	s    S
	t    T
	gs   []uint64
	last Proof
}

func (r proofRunner[S, T]) session(in []byte, n int) (proofSessioner, error) {
	x := &proofSession[S, T]{p: r.p, fork: r.fork, in: in, n: n}
	if err := x.decode(); err != nil {
		return nil, err
	}
	if err := x.build(); err != nil {
		return nil, err
	}
	return x, nil
}

func (x *proofSession[S, T]) decode() error {
	var zs S
	var zt T
	x.s, x.t, x.last = zs, zt, nil
	s, err := x.p.Decode(x.in)
	if err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	x.s = s
	return nil
}

func (x *proofSession[S, T]) build() error {
	t, err := x.p.Tree(x.s)
	if err != nil {
		return fmt.Errorf("proof tree: %w", err)
	}
	x.t = t
	return nil
}

// treeHeap decodes the state afresh, then builds its tree and returns the
// time that took and the live heap the tree holds beyond the state's.
func (x *proofSession[S, T]) treeHeap() (time.Duration, uint64, error) {
	if err := x.decode(); err != nil {
		return 0, 0, err
	}
	h0 := liveHeap()
	start := time.Now()
	err := x.build()
	d := time.Since(start)
	if err != nil {
		return 0, 0, err
	}
	h1 := liveHeap()
	runtime.KeepAlive(x) // the state and the tree, measured in h1
	if h1 < h0 {
		return d, 0, nil
	}
	return d, h1 - h0, nil
}

// op returns the operation of a proof row.
func (x *proofSession[S, T]) op(row string) op {
	single := singleRow(row)
	return op{row: row, do: func(k int) error {
		x.gs = ProofGindices(x.gs, x.fork, row, k, x.n)
		var err error
		if single {
			x.last, err = x.p.Prove(x.t, x.gs[0])
		} else {
			x.last, err = x.p.ProveMulti(x.t, x.gs)
		}
		return err
	}}
}

// ProofDigest returns the check value of a proof: the SHA-256 of its
// counts and roots, in order.
func ProofDigest(p Proof) (string, error) {
	leaves, hashes, err := p.Parts()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	var n [16]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(leaves)))
	binary.LittleEndian.PutUint64(n[8:], uint64(len(hashes)))
	h.Write(n[:])
	for _, r := range append(leaves, hashes...) {
		h.Write(r[:])
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// verify builds the tree of a fresh decode and makes the first proof of
// every row: the tree's root and the digests of the proofs are the checks
// every peer must agree on.
func (x *proofSession[S, T]) verify() []Check {
	tree := Check{Case: CaseProof, Name: RowProofTree}
	fail := func(err error) []Check {
		tree.Err = err.Error()
		return []Check{tree}
	}
	if err := x.decode(); err != nil {
		return fail(err)
	}
	if err := x.build(); err != nil {
		return fail(err)
	}
	r, err := x.p.Root(x.t)
	if err != nil {
		return fail(err)
	}
	tree.Value = hex.EncodeToString(r[:])
	checks := []Check{tree}
	for _, row := range ProofRows {
		c := Check{Case: CaseProof, Name: row}
		if err := x.op(row).do(0); err != nil {
			c.Err = err.Error()
		} else if c.Value, err = ProofDigest(x.last); err != nil {
			c.Err = err.Error()
		}
		checks = append(checks, c)
	}
	return checks
}

func (r proofRunner[S, T]) checks(in []byte, n int) []Check {
	x := &proofSession[S, T]{p: r.p, fork: r.fork, in: in, n: n}
	return x.verify()
}

// VerifyProofs runs the proof checks of a peer alone on the state in (n
// validators).
func VerifyProofs(r ProofRunner, in []byte, n int) []Check { return r.checks(in, n) }

// maxAllocOps caps the operations of an allocation count.
const maxAllocOps = 1000

// Run runs the proof workloads: the checks, the tree rows (cfg.MemRuns
// fresh decodes), then every proof row on the last tree, timed, and its
// allocations counted, then the cold twin of every proof row.
func (r proofRunner[S, T]) Run(cfg Config, in []byte, n int) (*Output, error) {
	x := &proofSession[S, T]{p: r.p, fork: r.fork, in: in, n: n}
	out := &Output{Case: CaseProof, Validators: n}
	out.Checks = x.verify()
	build := Row{Case: CaseProof, Name: RowProofTree, Unit: UnitNs, Validators: n}
	heap := Row{Case: CaseProof, Name: RowProofTreeHeap, Unit: UnitBytes, Validators: n}
	for range cfg.MemRuns {
		d, h, err := x.treeHeap()
		if err != nil {
			return nil, err
		}
		build.Samples = append(build.Samples, float64(d.Nanoseconds()))
		heap.Samples = append(heap.Samples, float64(h))
	}
	out.Rows = append(out.Rows, build, heap)
	for _, row := range ProofRows {
		o := x.op(row)
		res := Row{Case: CaseProof, Name: row, Unit: UnitNs, Validators: n}
		k := 0
		samples, ops, err := measure(cfg, o, &k)
		if err == nil {
			res.Allocs, err = countAllocs(o, &k, min(max(ops, 1), maxAllocOps))
		}
		if err != nil {
			res.Err = err.Error()
		}
		res.Samples, res.OpsPerRun = samples, ops
		out.Rows = append(out.Rows, res)
	}
	for _, row := range ProofRows {
		out.Rows = append(out.Rows, coldRow(CaseProof, ColdRow(row), x.op(row), n))
	}
	return out, nil
}

// countAllocs runs count operations of o and returns their allocations per
// operation.
func countAllocs(o op, k *int, count int) (*Allocs, error) {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	for range count {
		if err := o.do(*k); err != nil {
			return nil, err
		}
		*k++
	}
	runtime.ReadMemStats(&m1)
	return &Allocs{
		PerOp:      float64(m1.Mallocs-m0.Mallocs) / float64(count),
		BytesPerOp: float64(m1.TotalAlloc-m0.TotalAlloc) / float64(count),
	}, nil
}
