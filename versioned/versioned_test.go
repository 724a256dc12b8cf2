package versioned

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/synth"
)

// stateSetter is what the tests set in a state of any fork.
type stateSetter interface {
	SetSlot(phase0.Slot)
	SetFork(phase0.Fork)
	SetFinalizedCheckpoint(phase0.Checkpoint)
}

// testState returns the bytes of a state of fork in the preset of
// schedule, its version the schedule's, at slot, with 3 validators.
func testState(t *testing.T, fork forks.Name, schedule *forks.Schedule, slot phase0.Slot) []byte {
	t.Helper()
	v := types[fork].newState(mustSpec(t, fork, schedule.Preset()))
	version, _ := schedule.Version(fork)
	s := v.(stateSetter)
	s.SetSlot(slot)
	s.SetFork(phase0.Fork{CurrentVersion: phase0.Version(version), Epoch: 7})
	s.SetFinalizedCheckpoint(phase0.Checkpoint{Epoch: 5, Root: phase0.Root{0xf1}})
	for i := range 3 {
		if err := types[fork].validators(v).Append(phase0.Validator{EffectiveBalance: 32e9, WithdrawableEpoch: phase0.Epoch(i)}); err != nil {
			t.Fatal(err)
		}
		if err := types[fork].balances(v).Append(phase0.Gwei(32e9 + uint64(i))); err != nil {
			t.Fatal(err)
		}
	}
	b, err := v.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// forkViews returns which of the typed accessors of st return true.
func forkViews(st *State) []bool {
	_, p0 := st.Phase0()
	_, a := st.Altair()
	_, b := st.Bellatrix()
	_, c := st.Capella()
	_, d := st.Deneb()
	_, e := st.Electra()
	_, f := st.Fulu()
	_, g := st.Gloas()
	return []bool{p0, a, b, c, d, e, f, g}
}

// A state of every fork and preset, its fork found from its bytes: the
// common methods read it, and the fork's own view is the one accessor
// that answers.
func TestReadState(t *testing.T) {
	for _, schedule := range []*forks.Schedule{forks.MinimalSchedule, forks.HoodiSchedule, forks.MainnetSchedule} {
		for _, fork := range forks.Names() {
			if v, _ := schedule.Version(fork); v == (forks.ForkVersion{}) {
				continue // mainnet phase0, by slot in TestDetectBySlot
			}
			name := fmt.Sprintf("%v/%s", fork, schedule.Network())
			b := testState(t, fork, schedule, 1234)
			st, d, err := ReadState(b)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if d.Fork != fork || d.Schedule != schedule || (d.Rule == BySlot) || st.ForkName() != fork || st.Preset() != schedule.Preset() {
				t.Errorf("%s: detected %+v, state of %v %s", name, d, st.ForkName(), st.Preset().Name)
			}
			if st.Slot() != 1234 || st.Fork().Epoch != 7 || st.FinalizedCheckpoint().Root != (phase0.Root{0xf1}) ||
				st.Validators().Len() != 3 || st.Balances().Get(2) != 32e9+2 || st.Validators().Get(1).WithdrawableEpoch != 1 {
				t.Errorf("%s: slot %d fork %+v finalized %+v, %d validators", name, st.Slot(), st.Fork(), st.FinalizedCheckpoint(), st.Validators().Len())
			}
			views := forkViews(st)
			for i, ok := range views {
				if ok != (forks.Name(i) == fork) {
					t.Errorf("%s: accessor of %v: %v", name, forks.Name(i), ok)
				}
			}
			if fmt.Sprintf("%T", st.Any()) != fmt.Sprintf("*%v.BeaconState", fork) {
				t.Errorf("%s: Any is %T", name, st.Any())
			}

			// Encodings round-trip.
			again, err := st.MarshalSSZ()
			if err != nil || !bytes.Equal(again, b) {
				t.Errorf("%s: MarshalSSZ differs: %v", name, err)
			}
			js, err := st.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			fromJSON, err := DecodeStateJSON(fork, schedule.Preset(), js)
			if err != nil || fromJSON.HashTreeRoot() != st.HashTreeRoot() {
				t.Errorf("%s: JSON round trip: %v", name, err)
			}
			env := []byte(`{"version":"` + strings.ToUpper(fork.String()) + `","execution_optimistic":false,"finalized":true,"data":` + string(js) + `}`)
			fromEnv, e, err := UnmarshalStateEnvelope(schedule.Preset(), env)
			if err != nil || fromEnv.ForkName() != fork || fromEnv.HashTreeRoot() != st.HashTreeRoot() || e.Finalized == nil || !*e.Finalized {
				t.Errorf("%s: envelope: %v", name, err)
			}

			// A copy is independent.
			c := st.Copy()
			c.Balances().Set(0, 1)
			if st.Balances().Get(0) != 32e9 || c.Balances().Get(0) != 1 || c.HashTreeRoot() == st.HashTreeRoot() || c.ForkName() != fork {
				t.Errorf("%s: copy not independent", name)
			}

			// Paths resolve in the state's own fork.
			want := uint64(105) // FINALIZED_ROOT_GINDEX, altair/light-client/sync-protocol.md
			if fork >= forks.NameElectra {
				want = 169 // FINALIZED_ROOT_GINDEX_ELECTRA, electra/light-client/sync-protocol.md
			}
			if fork >= forks.NameGloas {
				want = forks.FinalizedRootIndexGloas // 735, gloas/light-client/sync-protocol.md
			}
			if st.View() == nil || st.View().Type() != st.Untyped().Type() || st.Untyped().HashTreeRoot() != st.HashTreeRoot() {
				t.Errorf("%s: View %T, Untyped %T", name, st.View(), st.Untyped())
			}
			g, err := st.Gindex("finalized_checkpoint.root")
			if err != nil || uint64(g) != want {
				t.Errorf("%s: gindex %v, %v; want %d", name, g, err, want)
			}
			pg, leaf, _, err := st.ProveBranch("finalized_checkpoint.root")
			if err != nil || pg != g || leaf != [32]byte{0xf1} {
				t.Errorf("%s: ProveBranch %v %x %v", name, pg, leaf, err)
			}
			if _, err := st.Prove("slot", "validators[2].effective_balance"); err != nil {
				t.Errorf("%s: Prove: %v", name, err)
			}
		}
	}
}

// A state whose version no schedule has is found by its structure; from
// a stream, where Capella's state and Deneb's differ only in bytes that
// arrive after the lists (their execution payload headers), by its slot.
func TestDetectBySlot(t *testing.T) {
	unknown := forks.ForkVersion{0xde, 0xad, 0xbe, 0xef}
	slot := phase0.Slot(411392*32 + 7) // in mainnet's first Fulu epoch
	b := testState(t, forks.NameFulu, forks.MainnetSchedule, slot)
	copy(b[forks.StateForkVersionOffset:], unknown[:])
	st, d, err := ReadState(b)
	if err != nil || d.Rule != ByStructure || d.Fork != forks.NameFulu || d.Preset != forks.Mainnet || d.Schedule != nil || st.ForkName() != forks.NameFulu {
		t.Fatalf("by structure: %+v, %v", d, err)
	}
	if d.Version != unknown || d.Slot != uint64(slot) {
		t.Errorf("version %v, slot %d", d.Version, d.Slot)
	}
	// Before Fulu, the gnosis preset lays a state out as mainnet's does
	// (their roots differ): the slot names mainnet's Electra, which no other
	// network has at that slot.
	b = testState(t, forks.NameElectra, forks.MainnetSchedule, 364032*32)
	copy(b[forks.StateForkVersionOffset:], unknown[:])
	if _, d, err := ReadState(b); err != nil || d.Rule != BySlot || d.Fork != forks.NameElectra || d.Preset != forks.Mainnet || d.Schedule != forks.MainnetSchedule ||
		!slices.Contains(d.Candidates, Candidate{forks.NameElectra, forks.Gnosis}) {
		t.Errorf("electra, by slot: %+v, %v", d, err)
	}
	// At a slot of no network's Electra, the presets stay apart.
	b = testState(t, forks.NameElectra, forks.MainnetSchedule, 3)
	copy(b[forks.StateForkVersionOffset:], unknown[:])
	var amb *AmbiguousError
	if _, _, err := ReadState(b); !errors.As(err, &amb) || !slices.Equal(amb.Candidates, []Candidate{{forks.NameElectra, forks.Mainnet}, {forks.NameElectra, forks.Gnosis}}) {
		t.Errorf("electra at slot 3: %v", err)
	}
	// The network given decides.
	if _, d, err := ReadState(b, forks.GnosisSchedule); err != nil || d.Preset != forks.Gnosis || !d.Given {
		t.Errorf("electra at slot 3, gnosis given: %+v, %v", d, err)
	}

	// A Capella state whose execution payload header comes after the
	// largest fixed part, which a stream's detection reads first.
	big, err := synth.CapellaState(capella.Mainnet, 20_000, 1)
	if err != nil {
		t.Fatal(err)
	}
	bigState := func(slot uint64) []byte {
		b, err := big.MarshalSSZ()
		if err != nil {
			t.Fatal(err)
		}
		binary.LittleEndian.PutUint64(b[slotOffset:], slot)
		copy(b[forks.StateForkVersionOffset:], unknown[:])
		return b
	}
	b = bigState(194048 * 32) // mainnet's first Capella slot
	if _, d, err := ReadState(b, forks.MainnetSchedule); err != nil || d.Rule != ByStructure || d.Fork != forks.NameCapella {
		t.Errorf("capella, whole: %+v, %v", d, err)
	}
	// Streamed, mainnet's schedule given: Chiado's has Capella at that
	// slot too, in the gnosis preset, which lays it out alike.
	st, d, err = ReadStateFrom(bytes.NewReader(b), int64(len(b)), forks.MainnetSchedule)
	if err != nil || d.Rule != BySlot || d.Fork != forks.NameCapella || d.Schedule != forks.MainnetSchedule || !d.Given || st.Validators().Len() != 20_000 {
		t.Errorf("capella, streamed: %+v, %v", d, err)
	}
	if !slices.Contains(d.Candidates, Candidate{forks.NameDeneb, forks.Mainnet}) {
		t.Errorf("capella, streamed: candidates %v, without mainnet/deneb", d.Candidates)
	}
	// At a Deneb slot, the stream is read as Deneb's, which it is not.
	b = bigState(269568 * 32)
	if _, _, err := ReadStateFrom(bytes.NewReader(b), int64(len(b)), forks.MainnetSchedule); err == nil || !strings.Contains(err.Error(), "a deneb state of the mainnet preset, network mainnet, by its slot: ") {
		t.Errorf("a capella state at a deneb slot: %v", err)
	}

	// A custom network: its versions, its epochs.
	devnet, err := forks.NewSchedule("devnet", "minimal",
		forks.ScheduledFork{Name: forks.NamePhase0, Version: forks.ForkVersion{0x10, 0, 0, 0x38}},
		forks.ScheduledFork{Name: forks.NameAltair, Version: forks.ForkVersion{0x20, 0, 0, 0x38}, Epoch: 10})
	if err != nil {
		t.Fatal(err)
	}
	b = testState(t, forks.NameAltair, devnet, 80)
	st, d, err = ReadState(b, devnet)
	if err != nil || (d.Rule == BySlot) || d.Schedule != devnet || st.ForkName() != forks.NameAltair || st.Preset() != forks.Minimal {
		t.Errorf("devnet: %+v %v", d, err)
	}
	// Mainnet's genesis version is the zero version, mainnet's phase0.
	b = testState(t, forks.NamePhase0, forks.MainnetSchedule, 0)
	if st, d, err := ReadState(b); err != nil || d.Schedule != forks.MainnetSchedule || st.ForkName() != forks.NamePhase0 || st.Preset() != forks.Mainnet {
		t.Errorf("phase0: %+v %v", d, err)
	}
	if _, err := DetectState(b[:55]); err == nil {
		t.Error("DetectState of 55 bytes: no error")
	}
}

// Given the wrong fork, DecodeState says which the bytes hold.
func TestDecodeStateWrongFork(t *testing.T) {
	b := testState(t, forks.NameFulu, forks.MainnetSchedule, 1)
	_, err := DecodeState(forks.NameCapella, forks.Mainnet, b)
	var wrong *forks.WrongForkError
	if !errors.As(err, &wrong) || wrong.Fork != forks.NameFulu || wrong.DecodedFork != forks.NameCapella {
		t.Errorf("fulu as capella: %v", err)
	}
	if _, err := DecodeState(forks.NameFulu, &def.Preset{Name: "empty"}, b); !errors.Is(err, ErrPreset) {
		t.Errorf("a preset without values: %v", err)
	}
	if _, err := DecodeState(forks.NameFulu, nil, b); !errors.Is(err, ErrPreset) {
		t.Errorf("nil preset: %v", err)
	}
	if _, err := DecodeState(forks.Name(9), forks.Mainnet, b); !errors.Is(err, forks.ErrUnknownFork) {
		t.Errorf("Name(9): %v", err)
	}
	if _, _, err := UnmarshalStateEnvelope(forks.Mainnet, []byte(`{"version":"heze","data":{}}`)); !errors.Is(err, forks.ErrUnknownFork) {
		t.Errorf("heze envelope: %v", err)
	}
}

// Blocks of every fork: the header's root is the block's, and the
// signed block's message is the block.
func TestBlocks(t *testing.T) {
	type blockSetter interface {
		SetSlot(phase0.Slot)
		SetProposerIndex(phase0.ValidatorIndex)
		SetParentRoot(phase0.Root)
	}
	for _, fork := range forks.Names() {
		for _, minimal := range []bool{false, true} {
			preset := map[bool]*def.Preset{false: forks.Mainnet, true: forks.Minimal}[minimal]
			name := fmt.Sprintf("%v/%s", fork, preset.Name)
			sb := types[fork].newSigned(mustSpec(t, fork, preset))
			m := types[fork].message(sb).(blockSetter)
			m.SetSlot(99)
			m.SetProposerIndex(7)
			m.SetParentRoot(phase0.Root{0xaa})
			b, err := sb.MarshalSSZ()
			if err != nil {
				t.Fatal(err)
			}
			signed, err := DecodeSignedBlock(fork, preset, b)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			block := signed.Message()
			if block.Slot() != 99 || block.ProposerIndex() != 7 || block.ParentRoot() != (phase0.Root{0xaa}) || block.ForkName() != fork {
				t.Errorf("%s: %+v", name, block.Header())
			}
			if h := block.Header(); h.HashTreeRoot() != block.HashTreeRoot() {
				t.Errorf("%s: header root differs from the block's", name)
			}
			mb, err := block.MarshalSSZ()
			if err != nil {
				t.Fatal(err)
			}
			alone, err := DecodeBlock(fork, preset, mb)
			if err != nil || alone.HashTreeRoot() != block.HashTreeRoot() {
				t.Errorf("%s: DecodeBlock: %v", name, err)
			}
			js, err := signed.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			env := []byte(`{"version":"` + fork.String() + `","execution_optimistic":false,"finalized":false,"data":` + string(js) + `}`)
			fromEnv, _, err := UnmarshalSignedBlockEnvelope(preset, env)
			if err != nil || fromEnv.HashTreeRoot() != signed.HashTreeRoot() || fromEnv.Message().HashTreeRoot() != block.HashTreeRoot() {
				t.Errorf("%s: envelope: %v", name, err)
			}
			c := signed.Copy()
			c.Message().Any().(blockSetter).SetSlot(100)
			if signed.Message().Slot() != 99 || c.Message().Slot() != 100 {
				t.Errorf("%s: copy not independent", name)
			}
			// A later fork's JSON into an earlier fork's type fails
			// (Fulu's blocks are Electra's).
			if fork > forks.NamePhase0 && fork != forks.NameFulu {
				if _, err := DecodeSignedBlockJSON(fork-1, preset, js); err == nil {
					t.Errorf("%s: JSON decoded as %v", name, fork-1)
				}
			}
		}
	}
	// The header is what the fork package derives.
	cb := capella.NewBeaconBlock(capella.Mainnet)
	cb.SetSlot(5)
	b, _ := cb.MarshalSSZ()
	block, err := DecodeBlock(forks.NameCapella, forks.Mainnet, b)
	if err != nil || block.Header() != capella.BeaconBlockHeaderOf(cb) {
		t.Errorf("capella header: %+v %v", block.Header(), err)
	}
	if c, ok := block.Capella(); !ok || c.Slot() != 5 {
		t.Error("Capella() of a capella block")
	}
	if _, ok := block.Deneb(); ok {
		t.Error("Deneb() of a capella block")
	}
}

func TestSidecars(t *testing.T) {
	sc := deneb.NewBlobSidecar(deneb.Minimal)
	sc.SetIndex(3)
	b, _ := sc.MarshalSSZ()
	for _, fork := range []forks.Name{forks.NameDeneb, forks.NameElectra, forks.NameFulu} {
		got, err := DecodeBlobSidecar(fork, forks.Minimal, b)
		if err != nil || got.Index() != 3 {
			t.Errorf("%v blob sidecar: %v", fork, err)
		}
		js, _ := got.MarshalJSON()
		if back, err := DecodeBlobSidecarJSON(fork, forks.Minimal, js); err != nil || back.HashTreeRoot() != got.HashTreeRoot() {
			t.Errorf("%v blob sidecar JSON: %v", fork, err)
		}
	}
	if _, err := DecodeBlobSidecar(forks.NameCapella, forks.Minimal, b); !errors.Is(err, forks.ErrUnknownFork) {
		t.Errorf("capella blob sidecar: %v", err)
	}
	col := fulu.NewDataColumnSidecar(fulu.Mainnet)
	col.SetIndex(9)
	b, _ = col.MarshalSSZ()
	got, err := DecodeDataColumnSidecar(forks.NameFulu, forks.Mainnet, b)
	if err != nil || got.Index() != 9 {
		t.Errorf("column sidecar: %v", err)
	}
	js, _ := got.MarshalJSON()
	if back, err := DecodeDataColumnSidecarJSON(forks.NameFulu, forks.Mainnet, js); err != nil || back.HashTreeRoot() != got.HashTreeRoot() {
		t.Errorf("column sidecar JSON: %v", err)
	}
	if _, err := DecodeDataColumnSidecar(forks.NameElectra, forks.Mainnet, b); !errors.Is(err, forks.ErrUnknownFork) {
		t.Errorf("electra column sidecar: %v", err)
	}
	if _, err := DecodeDataColumnSidecar(forks.NameGloas, forks.Mainnet, b); !errors.Is(err, forks.ErrUnknownFork) {
		t.Errorf("gloas column sidecar: %v", err)
	}
}

// Synthetic states and blocks of a mainnet chain (package synth), with
// their contents: ReadState finds their forks, and the common methods
// agree with the fork's own view.
func TestSynthetic(t *testing.T) {
	const n = 300
	type state interface {
		MarshalSSZ() ([]byte, error)
		HashTreeRoot() [32]byte
	}
	mk := map[forks.Name]func() (state, error){
		forks.NameCapella: func() (state, error) { return synth.CapellaState(capella.Mainnet, n, 3) },
		forks.NameDeneb:   func() (state, error) { return synth.DenebState(deneb.Mainnet, n, 3) },
		forks.NameElectra: func() (state, error) { return synth.ElectraState(electra.Mainnet, n, 3) },
		forks.NameFulu:    func() (state, error) { return synth.FuluState(fulu.Mainnet, n, 3) },
	}
	for fork, f := range mk {
		want, err := f()
		if err != nil {
			t.Fatal(err)
		}
		b, err := want.MarshalSSZ()
		if err != nil {
			t.Fatal(err)
		}
		st, d, err := ReadState(b)
		if err != nil {
			t.Fatalf("%v: %v", fork, err)
		}
		if st.ForkName() != fork || d.Schedule != forks.MainnetSchedule || (d.Rule == BySlot) || st.Validators().Len() != n ||
			st.HashTreeRoot() != want.HashTreeRoot() || forks.MainnetSchedule.AtSlot(uint64(st.Slot())) != fork {
			t.Errorf("%v: read as %v of %v, %d validators", fork, st.ForkName(), d.Schedule, st.Validators().Len())
		}
	}
	sb, err := synth.FuluBlock(fulu.Mainnet, 3)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := sb.MarshalSSZ()
	got, err := DecodeSignedBlock(forks.NameFulu, forks.Mainnet, b)
	if err != nil {
		t.Fatal(err)
	}
	if got.Message().Header() != fulu.BeaconBlockHeaderOf(sb.Message()) || got.HashTreeRoot() != sb.HashTreeRoot() {
		t.Error("fulu block: header or root differs")
	}
	if f, ok := got.Fulu(); !ok || f.Message().Body().BlobKZGCommitments().Len() != 9 {
		t.Errorf("Fulu() of a fulu block: %v", ok)
	}
	if _, ok := got.Electra(); ok {
		t.Error("Electra() of a fulu block")
	}
}

// The caller's schedules come first: a network that gives a version of
// mainnet's Capella to its Deneb has Deneb states, which DecodeState,
// with the built-in schedules alone, takes for Capella's. A version of
// none of the caller's schedules is looked up in the built-in ones.
func TestGivenSchedulesFirst(t *testing.T) {
	odd, err := forks.NewSchedule("odd", "mainnet",
		forks.ScheduledFork{Name: forks.NamePhase0, Version: forks.ForkVersion{0x70}},
		forks.ScheduledFork{Name: forks.NameAltair, Version: forks.ForkVersion{0x71}},
		forks.ScheduledFork{Name: forks.NameBellatrix, Version: forks.ForkVersion{0x72}},
		forks.ScheduledFork{Name: forks.NameCapella, Version: forks.ForkVersion{0x73}},
		forks.ScheduledFork{Name: forks.NameDeneb, Version: forks.ForkVersion{0x03}})
	if err != nil {
		t.Fatal(err)
	}
	b := testState(t, forks.NameDeneb, odd, 10)
	st, d, err := ReadState(b, odd)
	if err != nil || st.ForkName() != forks.NameDeneb || d.Schedule != odd || !d.Given || (d.Rule == BySlot) {
		t.Errorf("odd network: %+v, %v", d, err)
	}
	var wrong *forks.WrongForkError
	if _, err := DecodeState(forks.NameDeneb, forks.Mainnet, b); !errors.As(err, &wrong) || wrong.Fork != forks.NameCapella {
		t.Errorf("DecodeState: %v", err)
	}
	b = testState(t, forks.NameElectra, forks.SepoliaSchedule, 10)
	st, d, err = ReadState(b, odd)
	if err != nil || st.ForkName() != forks.NameElectra || d.Schedule != forks.SepoliaSchedule || d.Given {
		t.Errorf("sepolia state, odd schedule given: %+v, %v", d, err)
	}
}
