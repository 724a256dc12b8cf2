package benchmarks

import (
	"testing"

	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/benchmarks/peers"
	"github.com/ssztree/ssztree/benchmarks/workload"
)

// agreementValidators is the size of the states of the agreement tests.
const agreementValidators = 2000

// TestAgreement runs every operation of the script once on a small state of
// each fork, and the micro cases with that fork's block, on every peer of
// this module of the fork, and demands the same roots as ssztree's (and
// encodings equal to the input).
func TestAgreement(t *testing.T) {
	all := peers.All()
	for _, fork := range harness.Forks(all) {
		t.Run(fork, func(t *testing.T) {
			checkAgreement(t, all, fork)
		})
	}
}

// checkAgreement checks the peers of all on fork against ssztree's peer of
// that fork.
func checkAgreement(t *testing.T, all []harness.Peer, fork string) {
	const n = agreementValidators
	state, err := workload.State(fork, n)
	if err != nil {
		t.Fatal(err)
	}
	micro, err := workload.Micro(fork)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := harness.Reference(all, "ssztree", fork)
	if err != nil {
		t.Fatal(err)
	}
	want := harness.AllChecks(ref, state, n, micro)
	if len(want) == 0 {
		t.Fatal("ssztree ran no checks")
	}
	for _, c := range want {
		if c.Err != "" {
			t.Errorf("ssztree %s/%s: %s", c.Case, c.Name, c.Err)
		}
	}
	others := 0
	for _, p := range all {
		if p.Name == ref.Name || p.Fork != fork {
			continue
		}
		others++
		for _, d := range harness.Disagreements(p.Name, harness.AllChecks(p, state, n, micro), want) {
			t.Error(d)
		}
	}
	if others == 0 && !siblingOnly[fork] {
		t.Errorf("no peer of fork %s beside ssztree", fork)
	}
}

// siblingOnly are the forks whose only peers besides ssztree are in the
// sibling module ./dynssz, whose TestAgreement checks them: Gloas, which
// dynamic-ssz alone expresses.
var siblingOnly = map[string]bool{harness.ForkGloas: true}
