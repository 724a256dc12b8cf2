package forkcode

import (
	"strings"
	"testing"

	"github.com/ssztree/ssztree/def"
)

func TestCheckPostState(t *testing.T) {
	a, b := [32]byte{1}, [32]byte{2}
	if err := CheckPostState("altair", "state", 5, 5, a, a); err != nil {
		t.Errorf("a post state: %v", err)
	}
	if err := CheckPostState("altair", "state", 6, 5, a, a); err == nil || !strings.HasPrefix(err.Error(), "altair: state at slot 6 has a latest block header of slot 5") {
		t.Errorf("slots apart: got %v", err)
	}
	if err := CheckPostState("deneb", "attested state", 5, 5, a, b); err == nil || err.Error() != "deneb: the attested state is not the post state of its block" {
		t.Errorf("roots apart: got %v", err)
	}
}

func TestAttestedInPeriod(t *testing.T) {
	p := &def.Preset{Name: "minimal", Values: map[string]uint64{"SLOTS_PER_EPOCH": 8, "EPOCHS_PER_SYNC_COMMITTEE_PERIOD": 8}}
	parent := [32]byte{7}
	for _, c := range []struct {
		slot, attested uint64
		same           bool
	}{{65, 64, true}, {64, 63, false}, {63, 1, true}} {
		same, err := AttestedInPeriod("altair", p, c.slot, c.attested, parent, parent)
		if err != nil || same != c.same {
			t.Errorf("slots %d and %d: got %v, %v, want %v", c.slot, c.attested, same, err, c.same)
		}
	}
	if _, err := AttestedInPeriod("fulu", p, 65, 64, parent, [32]byte{8}); err == nil || err.Error() != "fulu: the attested block is not the parent of the block" {
		t.Errorf("not the parent: got %v", err)
	}
	if _, err := AttestedInPeriod("fulu", &def.Preset{Name: "empty"}, 65, 64, parent, parent); err == nil || !strings.HasPrefix(err.Error(), "fulu: preset empty") {
		t.Errorf("a preset without periods: got %v", err)
	}
}

func TestCheckFinalized(t *testing.T) {
	a := [32]byte{3}
	if err := CheckFinalized("capella", false, a, a); err != nil {
		t.Errorf("the checkpoint's block: %v", err)
	}
	if err := CheckFinalized("capella", false, [32]byte{4}, a); err == nil || !strings.HasPrefix(err.Error(), "capella: the finalized block is not") {
		t.Errorf("another block: got %v", err)
	}
	if err := CheckFinalized("capella", true, a, [32]byte{}); err != nil {
		t.Errorf("genesis, zero checkpoint: %v", err)
	}
	if err := CheckFinalized("capella", true, a, a); err == nil || !strings.HasPrefix(err.Error(), "capella: a finalized block at the genesis slot") {
		t.Errorf("genesis, checkpoint not zero: got %v", err)
	}
}
