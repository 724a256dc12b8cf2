package forkcode

import (
	"strings"
	"testing"

	"github.com/ssztree/ssztree/forks"
)

// TestSamePreset checks that a payload of the block's preset passes, and
// one of another is an error naming the package and both presets.
func TestSamePreset(t *testing.T) {
	if err := SamePreset("deneb", forks.Mainnet, forks.Mainnet); err != nil {
		t.Errorf("the same preset: %v", err)
	}
	err := SamePreset("deneb", forks.Mainnet, forks.Minimal)
	if err == nil || err.Error() != "deneb: a mainnet block unblinded with a minimal payload" {
		t.Errorf("another preset: %v", err)
	}
	if err := SamePreset("deneb", forks.Minimal, forks.Mainnet); err == nil || !strings.HasPrefix(err.Error(), "deneb: ") {
		t.Errorf("another preset: %v", err)
	}
}
