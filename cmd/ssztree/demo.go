package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/versioned"
	"github.com/ssztree/ssztree/view"
)

// demoState is what the demo does with a beacon state of any fork: the
// fields of phase0's state, whose types the later forks alias. The
// validators and balances, progressive lists in Gloas, are the
// demoFork's.
type demoState interface {
	HashTreeRoot() [32]byte
	MarshalSSZ() ([]byte, error)
	Slot() capella.Slot
	SetSlot(capella.Slot)
	LatestBlockHeader() capella.BeaconBlockHeader
	SetLatestBlockHeader(capella.BeaconBlockHeader)
	BlockRoots() *view.ValueVector[capella.Root, *capella.Root]
	StateRoots() *view.ValueVector[capella.Root, *capella.Root]
}

// participation is what the states of Altair to Fulu have for the demo's
// deposit beside the validator and its balance.
type participation interface {
	PreviousEpochParticipation() *view.BasicList[capella.ParticipationFlags]
	CurrentEpochParticipation() *view.BasicList[capella.ParticipationFlags]
	InactivityScores() *view.BasicList[uint64]
}

// progressiveParticipation is participation in Gloas' state.
type progressiveParticipation interface {
	PreviousEpochParticipation() *view.ProgressiveBasicList[capella.ParticipationFlags]
	CurrentEpochParticipation() *view.ProgressiveBasicList[capella.ParticipationFlags]
	InactivityScores() *view.ProgressiveBasicList[uint64]
}

// pendingDeposits is what the states of Electra and Fulu have for the
// demo's pending deposit.
type pendingDeposits interface {
	PendingDeposits() *view.ValueList[electra.PendingDeposit, *electra.PendingDeposit]
}

// progressivePendingDeposits is pendingDeposits in Gloas' state.
type progressivePendingDeposits interface {
	PendingDeposits() *view.ProgressiveValueList[electra.PendingDeposit, *electra.PendingDeposit]
}

// depositQueue is the pending deposits of a state of Electra or later.
type depositQueue interface {
	Append(electra.PendingDeposit) error
}

// queueOf returns the pending deposits of st, and false before Electra.
func queueOf(st demoState) (depositQueue, bool) {
	switch q := st.(type) {
	case pendingDeposits:
		return q.PendingDeposits(), true
	case progressivePendingDeposits:
		return q.PendingDeposits(), true
	}
	return nil, false
}

// proposerLookahead is what the states of Fulu and later have for the
// demo's lookahead rotation.
type proposerLookahead interface {
	ProposerLookahead() *view.BasicVector[capella.ValidatorIndex]
}

// demoFork is how the demo builds, decodes and copies the mainnet states
// of one fork, and reads their validators and balances.
type demoFork struct {
	preset     *def.Preset
	build      func(n int, seed uint64) (demoState, error)
	decode     func(b []byte) (demoState, error)
	copy       func(st demoState) demoState
	validators func(st demoState) versioned.ValueList[capella.Validator]
	balances   func(st demoState) versioned.BasicList[capella.Gwei]
}

// forkOf returns the demoFork of the state type S, whose methods
// Validators and Balances are validators and balances.
func forkOf[S interface {
	demoState
	Copy() S
}, VL versioned.ValueList[capella.Validator], BL versioned.BasicList[capella.Gwei]](
	p *def.Preset, build func(n int, seed uint64) (S, error), decode func(b []byte) (S, error),
	validators func(S) VL, balances func(S) BL,
) demoFork {
	return demoFork{
		preset:     p,
		validators: func(st demoState) versioned.ValueList[capella.Validator] { return validators(st.(S)) },
		balances:   func(st demoState) versioned.BasicList[capella.Gwei] { return balances(st.(S)) },
		build: func(n int, seed uint64) (demoState, error) {
			st, err := build(n, seed)
			if err != nil {
				return nil, err
			}
			return st, nil
		},
		decode: func(b []byte) (demoState, error) {
			st, err := decode(b)
			if err != nil {
				return nil, err
			}
			return st, nil
		},
		copy: func(st demoState) demoState { return st.(S).Copy() },
	}
}

// demoForks are the forks the demo runs, by name.
var demoForks = map[string]demoFork{
	"phase0": forkOf(phase0.Mainnet.Preset,
		func(n int, seed uint64) (*phase0.BeaconState, error) {
			return synth.Phase0State(phase0.Mainnet, n, seed)
		},
		func(b []byte) (*phase0.BeaconState, error) { return phase0.DecodeBeaconState(phase0.Mainnet, b) },
		(*phase0.BeaconState).Validators, (*phase0.BeaconState).Balances),
	"altair": forkOf(altair.Mainnet.Preset,
		func(n int, seed uint64) (*altair.BeaconState, error) {
			return synth.AltairState(altair.Mainnet, n, seed)
		},
		func(b []byte) (*altair.BeaconState, error) { return altair.DecodeBeaconState(altair.Mainnet, b) },
		(*altair.BeaconState).Validators, (*altair.BeaconState).Balances),
	"bellatrix": forkOf(bellatrix.Mainnet.Preset,
		func(n int, seed uint64) (*bellatrix.BeaconState, error) {
			return synth.BellatrixState(bellatrix.Mainnet, n, seed)
		},
		func(b []byte) (*bellatrix.BeaconState, error) {
			return bellatrix.DecodeBeaconState(bellatrix.Mainnet, b)
		},
		(*bellatrix.BeaconState).Validators, (*bellatrix.BeaconState).Balances),
	"capella": forkOf(capella.Mainnet.Preset,
		func(n int, seed uint64) (*capella.BeaconState, error) {
			return synth.CapellaState(capella.Mainnet, n, seed)
		},
		func(b []byte) (*capella.BeaconState, error) { return capella.DecodeBeaconState(capella.Mainnet, b) },
		(*capella.BeaconState).Validators, (*capella.BeaconState).Balances),
	"deneb": forkOf(deneb.Mainnet.Preset,
		func(n int, seed uint64) (*deneb.BeaconState, error) { return synth.DenebState(deneb.Mainnet, n, seed) },
		func(b []byte) (*deneb.BeaconState, error) { return deneb.DecodeBeaconState(deneb.Mainnet, b) },
		(*deneb.BeaconState).Validators, (*deneb.BeaconState).Balances),
	"electra": forkOf(electra.Mainnet.Preset,
		func(n int, seed uint64) (*electra.BeaconState, error) {
			return synth.ElectraState(electra.Mainnet, n, seed)
		},
		func(b []byte) (*electra.BeaconState, error) { return electra.DecodeBeaconState(electra.Mainnet, b) },
		(*electra.BeaconState).Validators, (*electra.BeaconState).Balances),
	"fulu": forkOf(fulu.Mainnet.Preset,
		func(n int, seed uint64) (*fulu.BeaconState, error) { return synth.FuluState(fulu.Mainnet, n, seed) },
		func(b []byte) (*fulu.BeaconState, error) { return fulu.DecodeBeaconState(fulu.Mainnet, b) },
		(*fulu.BeaconState).Validators, (*fulu.BeaconState).Balances),
	"gloas": forkOf(gloas.Mainnet.Preset,
		func(n int, seed uint64) (*gloas.BeaconState, error) { return synth.GloasState(gloas.Mainnet, n, seed) },
		func(b []byte) (*gloas.BeaconState, error) { return gloas.DecodeBeaconState(gloas.Mainnet, b) },
		(*gloas.BeaconState).Validators, (*gloas.BeaconState).Balances),
}

// demoForkNames returns the names of demoForks, in the forks' order.
func demoForkNames() []string {
	var names []string
	for _, name := range forks.Names() {
		if _, ok := demoForks[name.String()]; ok {
			names = append(names, name.String())
		}
	}
	return names
}

// demoStep is a step the demo times.
type demoStep struct {
	name string
	f    func() error
}

// demo builds a deterministic synthetic mainnet beacon state of a fork
// (package synth) and times what a beacon node does with one: encode,
// decode, hash, process a slot, apply an epoch's rewards, take a deposit,
// from Electra on queue one, from Fulu on rotate the proposer lookahead,
// and copy. With -out it writes the state's SSZ to a file.
func demo(args []string, out io.Writer) error {
	fs := newFlags("demo", "[flags]",
		"Builds a deterministic synthetic mainnet beacon state and times what a beacon node does\n"+
			"with it (encode, decode, root, a slot, an epoch's rewards, a deposit, a copy), with the\n"+
			"live heap after each step. -out FILE writes the state's SSZ (gen makes any state).",
		"ssztree demo -validators 100000 -fork electra")
	n := fs.Int("validators", 1_000_000, "number of validators")
	seed := fs.Uint64("seed", 1, "seed of the synthetic state")
	forkName := fs.String("fork", "fulu", "fork of the state: "+strings.Join(demoForkNames(), ", "))
	file := fs.String("out", "", "write the state's SSZ to this file")
	if _, err := parse(fs, args, 0, 0); err != nil {
		return err
	}
	fork, ok := demoForks[*forkName]
	if !ok {
		return fmt.Errorf("demo: unknown fork %q (want one of %s)", *forkName, strings.Join(demoForkNames(), ", "))
	}
	if *n < 0 {
		return fmt.Errorf("demo: %d validators", *n)
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "step (mainnet %s state)\ttime\tlive heap\t\n", *forkName)
	run := func(steps []demoStep) error {
		for _, s := range steps {
			start := time.Now()
			if err := s.f(); err != nil {
				return fmt.Errorf("%s: %w", s.name, err)
			}
			d := time.Since(start)
			fmt.Fprintf(w, "%s\t%v\t%.1f MB\t\n", s.name, d.Round(time.Microsecond), float64(liveHeap())/1e6)
		}
		return nil
	}

	var st demoState
	var data []byte
	var built, root [32]byte
	err := run([]demoStep{
		{fmt.Sprintf("build %d validators, root", *n), func() (err error) {
			if st, err = fork.build(*n, *seed); err != nil {
				return err
			}
			built = st.HashTreeRoot()
			return nil
		}},
		{"encode", func() (err error) {
			data, err = st.MarshalSSZ()
			st = nil
			return err
		}},
	})
	if err != nil {
		return err
	}
	size := len(data)
	fmt.Fprintf(w, "(state: %.1f MB of SSZ)\t\t\t\n", float64(size)/1e6)
	if *file != "" { // outside the steps' times
		if err := os.WriteFile(*file, data, 0o644); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		fmt.Fprintf(w, "(written to %s)\t\t\t\n", *file)
	}
	err = run([]demoStep{
		{"decode", func() (err error) {
			st, err = fork.decode(data)
			data = nil
			return err
		}},
		{"cold root", func() error {
			root = st.HashTreeRoot()
			if root != built {
				return fmt.Errorf("decoded root %x differs from the built state's %x", root, built)
			}
			return nil
		}},
	})
	if err != nil {
		return err
	}

	snapshot := fork.copy(st)
	r := rand.New(rand.NewPCG(*seed, 2))
	balances := fork.balances(st)
	mutations := []demoStep{
		{"slot + root", func() error { processSlot(st, fork.preset); st.HashTreeRoot(); return nil }},
		{"1 balance + root", func() error {
			if balances.Len() > 7 {
				balances.Set(7, balances.Get(7)+1_000_000_000)
			}
			st.HashTreeRoot()
			return nil
		}},
		{"1,000 balances + root", func() error {
			for i := 0; i < 1000 && balances.Len() > 0; i++ {
				k := r.IntN(balances.Len())
				balances.Set(k, balances.Get(k)+1)
			}
			st.HashTreeRoot()
			return nil
		}},
		{"every balance + root", func() error {
			balances.Update(func(i int, v capella.Gwei) capella.Gwei { return v + capella.Gwei(i%1000) })
			st.HashTreeRoot()
			return nil
		}},
		{"deposit + root", func() error {
			if err := deposit(st, fork, *seed); err != nil {
				return err
			}
			st.HashTreeRoot()
			return nil
		}},
	}
	if q, ok := queueOf(st); ok {
		mutations = append(mutations, demoStep{"pending deposit + root", func() error {
			if err := queueDeposit(q, st.Slot(), *seed); err != nil {
				return err
			}
			st.HashTreeRoot()
			return nil
		}})
	}
	if l, ok := st.(proposerLookahead); ok {
		mutations = append(mutations, demoStep{"lookahead rotation + root", func() error {
			if err := rotateLookahead(l, fork.preset, fork.validators(st).Len(), r); err != nil {
				return err
			}
			st.HashTreeRoot()
			return nil
		}})
	}
	mutations = append(mutations, demoStep{"copy", func() error { snapshot = fork.copy(st); return nil }})
	if err := run(mutations); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if snapshot.HashTreeRoot() != st.HashTreeRoot() {
		return fmt.Errorf("demo: the copy differs from its original")
	}
	fmt.Fprintf(out, "\nstate root after decode    0x%x\nstate root after mutations 0x%x\n", root, st.HashTreeRoot())
	return nil
}

// processSlot does what process_slot does to a state's trees: record the
// previous state root and block root in the history vectors.
func processSlot(st demoState, p *def.Preset) {
	previous := capella.Root(st.HashTreeRoot())
	slot := uint64(st.Slot())
	i := int(slot % p.Values["SLOTS_PER_HISTORICAL_ROOT"])
	st.StateRoots().Set(i, previous)
	header := st.LatestBlockHeader()
	if header.StateRoot == (capella.Root{}) {
		header.StateRoot = previous
		st.SetLatestBlockHeader(header)
	}
	st.BlockRoots().Set(i, header.HashTreeRoot())
	st.SetSlot(st.Slot() + 1)
}

// deposit appends a validator with its balance, and from Altair on its
// participation flags and inactivity score, as process_deposit does (and,
// from Electra on, apply_pending_deposit of a new key).
func deposit(st demoState, fork demoFork, seed uint64) error {
	epoch := capella.Epoch(uint64(st.Slot()) / fork.preset.Values["SLOTS_PER_EPOCH"])
	if err := fork.validators(st).Append(synth.Validator(seed, epoch)); err != nil {
		return err
	}
	if err := fork.balances(st).Append(32_000_000_000); err != nil {
		return err
	}
	switch a := st.(type) {
	case participation:
		return appendParticipation(a.PreviousEpochParticipation(), a.CurrentEpochParticipation(), a.InactivityScores())
	case progressiveParticipation:
		return appendParticipation(a.PreviousEpochParticipation(), a.CurrentEpochParticipation(), a.InactivityScores())
	}
	return nil
}

// appendParticipation appends a new validator's participation flags and
// inactivity score, none, to the lists of a state.
func appendParticipation[P versioned.BasicList[capella.ParticipationFlags], S versioned.BasicList[uint64]](previous, current P, scores S) error {
	if err := previous.Append(0); err != nil {
		return err
	}
	if err := current.Append(0); err != nil {
		return err
	}
	return scores.Append(0)
}

// queueDeposit appends a pending deposit of 32 ETH for the validator
// synth.Validator(seed, ...) at slot, as process_deposit_request does.
func queueDeposit(q depositQueue, slot capella.Slot, seed uint64) error {
	v := synth.Validator(seed, 0)
	return q.Append(electra.PendingDeposit{
		Pubkey:                v.Pubkey,
		WithdrawalCredentials: v.WithdrawalCredentials,
		Amount:                32_000_000_000,
		Slot:                  slot,
	})
}

// rotateLookahead does what process_proposer_lookahead does at an epoch's
// end: the first epoch's proposers leave the lookahead, and a new epoch's,
// drawn from r among n validators, join at its end.
func rotateLookahead(st proposerLookahead, p *def.Preset, n int, r *rand.Rand) error {
	lookahead := st.ProposerLookahead()
	perEpoch := int(p.Values["SLOTS_PER_EPOCH"])
	proposers := make([]capella.ValidatorIndex, 0, lookahead.Len())
	for i, v := range lookahead.All() {
		if i >= perEpoch {
			proposers = append(proposers, v)
		}
	}
	for len(proposers) < lookahead.Len() {
		proposers = append(proposers, capella.ValidatorIndex(r.IntN(max(1, n))))
	}
	return lookahead.SetAll(proposers)
}

func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
