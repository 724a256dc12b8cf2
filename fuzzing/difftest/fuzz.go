package difftest

import (
	"testing"
)

// seedMutations is the number of structure-aware mutations of each target's
// spec-test cases added as seeds, spread over the cases and over each
// case's mutations: enough that the seeds, run as a test, exercise every
// kind of mutation on every type, few enough that they run in seconds.
// Targets of large values (states of megabytes) get fewer, so that their
// mutated seeds add up to at most seedBytes.
const (
	seedMutations = 48
	seedBytes     = 32 << 20
)

// Fuzz runs the fuzz target of targets (one type in several forks, or
// several types of one kind): each input is bytes, the index of the target
// that decodes them (modulo their number) and a structure-aware mutation
// applied first ([Mutate]). The seeds are the default value of each
// target's type ([DefaultSeeds]) and the cases of its Seeds, as they are
// and through seedMutations of their mutations.
func Fuzz(f *testing.F, targets []*Target) {
	for i, target := range targets {
		// The default value first: the seed a run without the
		// conformance data still has.
		cases, err := DefaultSeeds(target.Type)()
		if err != nil {
			f.Fatal(err)
		}
		if target.Seeds != nil {
			more, err := target.Seeds()
			if err != nil {
				f.Fatal(err)
			}
			cases = append(cases, more...)
		}
		for _, c := range cases {
			f.Add(c, uint8(i), uint32(0))
		}
		addMutations(f, target, cases, uint8(i))
	}
	f.Fuzz(func(t *testing.T, input []byte, which uint8, sel uint32) {
		defer watch(input, which, sel).Stop()
		Check(t, targets[int(which)%len(targets)], input, sel)
	})
}

// addMutations adds seedMutations mutations of cases as seeds of target i,
// spread evenly over the cases and over each case's mutations.
func addMutations(f *testing.F, target *Target, cases [][]byte, i uint8) {
	if len(cases) == 0 {
		return
	}
	total := 0
	for _, c := range cases {
		total += len(c)
	}
	budget := seedMutations
	if avg := total / len(cases); avg > 0 {
		budget = max(1, min(budget, seedBytes/avg))
	}
	per := max(1, budget/len(cases))
	for k, c := range cases {
		if k >= budget {
			return
		}
		n := len(Mutations(target.Type, c))
		m := min(per, n)
		for j := range m {
			// Spread over the case's mutations, starting at a different
			// one for each case, so that every kind is seeded somewhere.
			f.Add(c, i, uint32(1+(j*n/m+k)%n))
		}
	}
}
