package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"text/tabwriter"
	"time"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/synth"
)

// demo builds a deterministic synthetic mainnet Capella beacon state and
// times what a beacon node does with one: encode, decode, hash, process a
// slot, apply an epoch's rewards, take a deposit, copy.
func demo(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(out)
	n := fs.Int("validators", 1_000_000, "number of validators")
	seed := fs.Uint64("seed", 1, "seed of the synthetic state")
	if err := fs.Parse(args); err != nil {
		return err
	}
	spec := capella.Mainnet
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "step\ttime\tlive heap\t\n")
	step := func(name string, f func() error) error {
		start := time.Now()
		if err := f(); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		d := time.Since(start)
		fmt.Fprintf(w, "%s\t%v\t%.1f MB\t\n", name, d.Round(time.Microsecond), float64(liveHeap())/1e6)
		return nil
	}

	var st *capella.BeaconState
	var data []byte
	var size int
	var built, root [32]byte
	steps := []struct {
		name string
		f    func() error
	}{
		{fmt.Sprintf("build %d validators, root", *n), func() (err error) {
			if st, err = synth.CapellaState(spec, *n, *seed); err != nil {
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
		{"decode", func() (err error) {
			st, err = capella.DecodeBeaconState(spec, data)
			size, data = len(data), nil
			return err
		}},
		{"cold root", func() error {
			root = st.HashTreeRoot()
			if root != built {
				return fmt.Errorf("decoded root %x differs from the built state's %x", root, built)
			}
			return nil
		}},
	}
	for _, s := range steps {
		if err := step(s.name, s.f); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "(state: %.1f MB of SSZ)\t\t\t\n", float64(size)/1e6)

	snapshot := st.Copy()
	r := rand.New(rand.NewPCG(*seed, 2))
	balances := st.Balances()
	mutations := []struct {
		name string
		f    func() error
	}{
		{"slot + root", func() error { processSlot(st); st.HashTreeRoot(); return nil }},
		{"1 balance + root", func() error {
			balances.Set(7, balances.Get(7)+1_000_000_000)
			st.HashTreeRoot()
			return nil
		}},
		{"1,000 balances + root", func() error {
			for i := 0; i < 1000; i++ {
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
			if err := deposit(st, *seed); err != nil {
				return err
			}
			st.HashTreeRoot()
			return nil
		}},
		{"copy", func() error { snapshot = st.Copy(); return nil }},
	}
	for _, m := range mutations {
		if err := step(m.name, m.f); err != nil {
			return err
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if snapshot.HashTreeRoot() != st.HashTreeRoot() {
		return fmt.Errorf("the copy differs from its original")
	}
	fmt.Fprintf(out, "\nstate root after decode    0x%x\nstate root after mutations 0x%x\n", root, st.HashTreeRoot())
	return nil
}

// processSlot does what process_slot does to a state's trees: record the
// previous state root and block root in the history vectors.
func processSlot(st *capella.BeaconState) {
	spec := st.Spec().Preset.Values
	previous := capella.Root(st.HashTreeRoot())
	slot := uint64(st.Slot())
	i := int(slot % spec["SLOTS_PER_HISTORICAL_ROOT"])
	st.StateRoots().Set(i, previous)
	header := st.LatestBlockHeader()
	if header.StateRoot == (capella.Root{}) {
		header.StateRoot = previous
		st.SetLatestBlockHeader(header)
	}
	st.BlockRoots().Set(i, header.HashTreeRoot())
	st.SetSlot(st.Slot() + 1)
}

// deposit appends a validator with its balance, participation flags and
// inactivity score, as process_deposit does.
func deposit(st *capella.BeaconState, seed uint64) error {
	epoch := capella.Epoch(uint64(st.Slot()) / st.Spec().Preset.Values["SLOTS_PER_EPOCH"])
	if err := st.Validators().Append(synth.Validator(seed, epoch)); err != nil {
		return err
	}
	if err := st.Balances().Append(32_000_000_000); err != nil {
		return err
	}
	if err := st.PreviousEpochParticipation().Append(0); err != nil {
		return err
	}
	if err := st.CurrentEpochParticipation().Append(0); err != nil {
		return err
	}
	return st.InactivityScores().Append(0)
}

func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
