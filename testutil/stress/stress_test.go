package stress

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/tree"
)

var (
	duration   = flag.Duration("stress.duration", 2*time.Second, "how long the stress test runs")
	validators = flag.Int("stress.validators", 2000, "validators in the stress test's state")
	readers    = flag.Int("stress.readers", 4, "goroutines reading the shared snapshots")
	writers    = flag.Int("stress.writers", 2, "goroutines changing copies and publishing them")
)

// snapshot is a state published to the readers: nobody writes it any more.
type snapshot struct {
	st *capella.BeaconState
	// gen counts the snapshots published before it.
	gen uint64
}

func TestStress(t *testing.T) {
	spec := capella.Minimal
	st, err := synth.CapellaState(spec, *validators, 1)
	if err != nil {
		t.Fatal(err)
	}
	var current atomic.Pointer[snapshot]
	current.Store(&snapshot{st: st})

	deadline := time.Now().Add(*duration)
	var (
		wg              sync.WaitGroup
		reads, publishs atomic.Int64
		failed          atomic.Bool
	)
	fail := func(format string, args ...any) {
		if failed.CompareAndSwap(false, true) {
			t.Errorf(format, args...)
		}
	}
	for r := range *readers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if p := recover(); p != nil {
					fail("reader %d panicked: %v", r, p)
				}
			}()
			rng := rand.New(rand.NewPCG(uint64(r), 7))
			for time.Now().Before(deadline) && !failed.Load() {
				if err := read(spec, current.Load(), rng); err != nil {
					fail("reader %d: %v", r, err)
				}
				reads.Add(1)
			}
		}()
	}
	for w := range *writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if p := recover(); p != nil {
					fail("writer %d panicked: %v", w, p)
				}
			}()
			rng := rand.New(rand.NewPCG(uint64(w), 11))
			for time.Now().Before(deadline) && !failed.Load() {
				base := current.Load()
				// Copy is a read of the shared snapshot: its writes, if a
				// reader has not committed them yet, are committed by the
				// copy.
				own := base.st.Copy()
				for range 1 + rng.IntN(3) {
					change(own, rng)
					if rng.IntN(2) == 0 {
						own.HashTreeRoot()
					}
					// A copy of a copy that is written too: what a
					// state transition trying a block does.
					trial := own.Copy()
					change(trial, rng)
					trial.HashTreeRoot()
				}
				// Published with writes not yet committed half the time:
				// the first reader that needs them commits them.
				if rng.IntN(2) == 0 {
					own.HashTreeRoot()
				}
				current.Store(&snapshot{st: own, gen: base.gen + 1})
				publishs.Add(1)
			}
		}()
	}
	wg.Wait()
	t.Logf("%d validators, %v: %d reads, %d snapshots published", *validators, *duration, reads.Load(), publishs.Load())
	if reads.Load() == 0 || publishs.Load() == 0 {
		t.Fatal("no reads or no snapshots: the test checked nothing")
	}
}

// change makes a few writes of the kinds a state transition makes.
func change(st *capella.BeaconState, rng *rand.Rand) {
	st.SetSlot(st.Slot() + 1)
	bal := st.Balances()
	n := bal.Len()
	for range 1 + rng.IntN(50) {
		i := rng.IntN(n)
		bal.Set(i, bal.Get(i)+capella.Gwei(rng.IntN(1000)))
	}
	vs := st.Validators()
	i := rng.IntN(vs.Len())
	v := vs.Get(i)
	v.EffectiveBalance += 1_000_000_000
	vs.Set(i, v)
	// Bulk updates, twice: the second changes in place the pages the
	// first made, where no copy holds them yet.
	idx := make([]int, 1+rng.IntN(20))
	for k := range idx {
		idx[k] = rng.IntN(vs.Len())
	}
	for range 2 {
		if err := vs.UpdateAt(idx, func(_ int, v capella.Validator) capella.Validator {
			v.EffectiveBalance++
			return v
		}); err != nil {
			panic(err)
		}
		if err := bal.UpdateAt(idx, func(_ int, b capella.Gwei) capella.Gwei { return b + 1 }); err != nil {
			panic(err)
		}
	}
	part := st.CurrentEpochParticipation()
	for range rng.IntN(100) {
		j := rng.IntN(part.Len())
		part.Set(j, part.Get(j)|capella.ParticipationFlags(1<<rng.IntN(3)))
	}
	if rng.IntN(4) == 0 {
		if err := vs.Append(synth.Validator(rng.Uint64(), 0)); err != nil {
			panic(err)
		}
		if err := bal.Append(32_000_000_000); err != nil {
			panic(err)
		}
		if err := st.PreviousEpochParticipation().Append(0); err != nil {
			panic(err)
		}
		if err := part.Append(0); err != nil {
			panic(err)
		}
		if err := st.InactivityScores().Append(0); err != nil {
			panic(err)
		}
	}
	h := st.LatestExecutionPayloadHeader()
	h.SetBlockNumber(h.BlockNumber() + 1)
	fin := st.FinalizedCheckpoint()
	fin.Epoch++
	st.SetFinalizedCheckpoint(fin)
	mixes := st.RandaoMixes()
	var mix capella.Bytes32
	mix[0] = byte(rng.Uint32())
	mixes.Set(rng.IntN(mixes.Len()), mix)
}

// read does what the readers of a beacon node's head state do, and checks
// that every answer agrees with the value decoded afresh from its encoding.
func read(spec *capella.Spec, s *snapshot, rng *rand.Rand) error {
	st := s.st
	root := st.HashTreeRoot()
	enc, err := st.MarshalSSZ()
	if err != nil {
		return err
	}
	if st.SizeSSZ() != len(enc) {
		return fmt.Errorf("snapshot %d: SizeSSZ %d, encoding of %d bytes", s.gen, st.SizeSSZ(), len(enc))
	}
	fresh, err := capella.DecodeBeaconState(spec, enc)
	if err != nil {
		return fmt.Errorf("snapshot %d: its encoding does not decode: %w", s.gen, err)
	}
	if got := fresh.HashTreeRoot(); got != root {
		return fmt.Errorf("snapshot %d: root %x, but its encoding decodes to %x", s.gen, root, got)
	}
	if st.Slot() != fresh.Slot() || st.FinalizedCheckpoint() != fresh.FinalizedCheckpoint() {
		return fmt.Errorf("snapshot %d: slot or finalized checkpoint differ from the decoded value", s.gen)
	}
	bal, fbal := st.Balances(), fresh.Balances()
	vs, fvs := st.Validators(), fresh.Validators()
	if bal.Len() != fbal.Len() || vs.Len() != fvs.Len() {
		return fmt.Errorf("snapshot %d: lengths differ from the decoded value", s.gen)
	}
	for range 20 {
		i := rng.IntN(bal.Len())
		if bal.Get(i) != fbal.Get(i) || vs.Get(i) != fvs.Get(i) {
			return fmt.Errorf("snapshot %d: balance or validator %d differs from the decoded value", s.gen, i)
		}
	}
	var sum capella.Gwei
	for _, b := range bal.All() {
		sum += b
	}
	for _, b := range fbal.All() {
		sum -= b
	}
	if sum != 0 {
		return fmt.Errorf("snapshot %d: balances sum differently from the decoded value", s.gen)
	}
	if st.LatestExecutionPayloadHeader().BlockNumber() != fresh.LatestExecutionPayloadHeader().BlockNumber() {
		return fmt.Errorf("snapshot %d: block number differs from the decoded value", s.gen)
	}
	i := rng.IntN(vs.Len())
	g, leaf, branch, err := st.ProveBranch(fmt.Sprintf("validators[%d].effective_balance", i))
	if err != nil {
		return err
	}
	if !tree.VerifyProof(root, g, leaf, branch) {
		return fmt.Errorf("snapshot %d: proof of validator %d does not verify", s.gen, i)
	}
	// Enough paths for the multiproof's breadth-first pass (tree's
	// warmTargets), which batches the hashing of pages' values.
	paths := []string{"slot", "latest_execution_payload_header.block_number"}
	for range 10 {
		paths = append(paths, fmt.Sprintf("balances[%d]", rng.IntN(bal.Len())),
			fmt.Sprintf("validators[%d].pubkey", rng.IntN(vs.Len())))
	}
	p, err := st.Prove(paths...)
	if err != nil {
		return err
	}
	if !tree.VerifyMultiproof(root, p.Indices, p.Leaves, p.HelperRoots) {
		return fmt.Errorf("snapshot %d: multiproof does not verify", s.gen)
	}
	if rng.IntN(8) == 0 {
		js, err := st.MarshalJSON()
		if err != nil {
			return err
		}
		fjs, err := fresh.MarshalJSON()
		if err != nil {
			return err
		}
		if !bytes.Equal(js, fjs) || !json.Valid(js) {
			return fmt.Errorf("snapshot %d: JSON differs from the decoded value's", s.gen)
		}
	}
	if c := st.Copy(); c.HashTreeRoot() != root {
		return fmt.Errorf("snapshot %d: a copy has another root", s.gen)
	}
	return nil
}
