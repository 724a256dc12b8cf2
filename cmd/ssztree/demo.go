package main

import (
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"text/tabwriter"
	"time"

	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/view"
)

func field(name string, t schema.Type) schema.Field { return schema.Field{Name: name, Type: t} }

// registry is the part of a beacon state that dominates its size and its
// work: validators, balances, participation and inactivity scores, with the
// limits of the mainnet preset.
var registry = func() *schema.Container {
	bytes32 := schema.Must(schema.NewByteVector(32))
	validator := schema.Must(schema.NewContainer("Validator",
		field("pubkey", schema.Must(schema.NewByteVector(48))),
		field("withdrawal_credentials", bytes32),
		field("effective_balance", schema.Uint64),
		field("slashed", schema.Boolean),
		field("activation_eligibility_epoch", schema.Uint64),
		field("activation_epoch", schema.Uint64),
		field("exit_epoch", schema.Uint64),
		field("withdrawable_epoch", schema.Uint64)))
	const limit = 1 << 40 // VALIDATOR_REGISTRY_LIMIT
	return schema.Must(schema.NewContainer("Registry",
		field("slot", schema.Uint64),
		field("validators", schema.Must(schema.NewList(validator, limit))),
		field("balances", schema.Must(schema.NewList(schema.Uint64, limit))),
		field("previous_epoch_participation", schema.Must(schema.NewList(schema.Uint8, limit))),
		field("current_epoch_participation", schema.Must(schema.NewList(schema.Uint8, limit))),
		field("inactivity_scores", schema.Must(schema.NewList(schema.Uint64, limit)))))
}()

const (
	fieldSlot = iota
	fieldValidators
	fieldBalances
	fieldPrevParticipation
	fieldCurrParticipation
	fieldInactivity
)

// demo builds a deterministic synthetic registry of n validators and times
// what a beacon node does with it: encode, decode, hash, mutate, re-hash,
// copy.
func demo(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	n := fs.Int("validators", 1_000_000, "number of validators")
	seed := fs.Uint64("seed", 1, "seed of the synthetic data")
	if err := fs.Parse(args); err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(*seed, *seed))
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "step\ttime\tlive heap\t\n")
	row := func(name string, start time.Time) {
		d := time.Since(start)
		fmt.Fprintf(w, "%s\t%v\t%.1f MB\t\n", name, d.Round(time.Microsecond), float64(liveHeap())/1e6)
	}

	start := time.Now()
	st := view.NewContainer(registry)
	st.SetUint(fieldSlot, 6_000_000)
	if err := fill(st, *n, r); err != nil {
		return err
	}
	row("build", start)

	start = time.Now()
	data, err := st.MarshalSSZ()
	if err != nil {
		return err
	}
	row(fmt.Sprintf("encode (%.1f MB)", float64(len(data))/1e6), start)
	st = nil

	start = time.Now()
	st, err = view.DecodeContainer(registry, data)
	if err != nil {
		return err
	}
	row("decode", start)

	start = time.Now()
	root := st.HashTreeRoot()
	row("cold root", start)

	balances := st.Field(fieldBalances).(*view.Uint64List)
	start = time.Now()
	balances.Set(7, balances.Get(7)+1_000_000_000)
	st.HashTreeRoot()
	row("1 balance + root", start)

	start = time.Now()
	for i := 0; i < 1000; i++ {
		k := r.IntN(*n)
		balances.Set(k, balances.Get(k)+1)
	}
	st.HashTreeRoot()
	row("1,000 balances + root", start)

	start = time.Now()
	all := balances.AppendValues(make([]uint64, 0, *n))
	for i := range all {
		all[i] += 1000
	}
	if err := balances.SetAll(all); err != nil {
		return err
	}
	st.HashTreeRoot()
	row("every balance + root", start)

	start = time.Now()
	snap := st.Copy()
	row("copy", start)

	start = time.Now()
	if err := deposit(st, r); err != nil {
		return err
	}
	after := st.HashTreeRoot()
	row("deposit + root", start)

	if snap.HashTreeRoot() == after {
		return fmt.Errorf("the snapshot changed with the state")
	}
	w.Flush()
	fmt.Fprintf(out, "\nfirst root  %x\nlast root   %x\n", root, after)
	return nil
}

// fill appends n synthetic validators with their balances, participation
// flags and inactivity scores, each list set in one pass.
func fill(st *view.Container, n int, r *rand.Rand) error {
	validators := make([]byte, 0, 121*n)
	balances := make([]uint64, n)
	participation := make([]uint8, n)
	scores := make([]uint64, n)
	for i := 0; i < n; i++ {
		validators = appendValidator(validators, r)
		balances[i] = 31_000_000_000 + r.Uint64N(2_000_000_000)
		participation[i] = uint8(r.IntN(8))
	}
	if err := st.Field(fieldValidators).(*view.CompactList).SetBytes(validators); err != nil {
		return err
	}
	if err := st.Field(fieldBalances).(*view.Uint64List).SetAll(balances); err != nil {
		return err
	}
	if err := st.Field(fieldPrevParticipation).(*view.ByteList).SetAll(participation); err != nil {
		return err
	}
	if err := st.Field(fieldCurrParticipation).(*view.ByteList).SetAll(participation); err != nil {
		return err
	}
	return st.Field(fieldInactivity).(*view.Uint64List).SetAll(scores)
}

func appendValidator(b []byte, r *rand.Rand) []byte {
	var v [121]byte
	for i := 0; i < 48; i += 8 {
		binary.LittleEndian.PutUint64(v[i:], r.Uint64())
	}
	v[48] = 1 // withdrawal credentials prefix
	for i := 49; i < 80; i++ {
		v[i] = byte(r.Uint32())
	}
	binary.LittleEndian.PutUint64(v[80:], 32_000_000_000)
	binary.LittleEndian.PutUint64(v[105:], 1<<64-1) // exit_epoch: FAR_FUTURE_EPOCH
	binary.LittleEndian.PutUint64(v[113:], 1<<64-1)
	return append(b, v[:]...)
}

// deposit appends one validator with its balance, participation and
// inactivity entries.
func deposit(st *view.Container, r *rand.Rand) error {
	if err := st.Field(fieldValidators).(*view.CompactList).Append(appendValidator(nil, r)); err != nil {
		return err
	}
	if err := st.Field(fieldBalances).(*view.Uint64List).Append(32_000_000_000); err != nil {
		return err
	}
	for _, f := range []int{fieldPrevParticipation, fieldCurrParticipation} {
		if err := st.Field(f).(*view.ByteList).Append(0); err != nil {
			return err
		}
	}
	return st.Field(fieldInactivity).(*view.Uint64List).Append(0)
}

func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
