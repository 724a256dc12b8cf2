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
		cases := targetSeeds(f, target)
		for _, c := range cases {
			f.Add(c, uint8(i), uint32(0))
		}
		addMutations(target, cases, func(k int, sel uint32) { f.Add(cases[k], uint8(i), sel) })
	}
	f.Fuzz(func(t *testing.T, input []byte, which uint8, sel uint32) {
		defer watch(func() []byte { return corpusFile(input, which, sel) }).Stop()
		Check(t, targets[int(which)%len(targets)], input, sel)
	})
}

// FuzzSpliced is Fuzz for targets whose seeds are too large for go test's
// fuzzing engine, which makes no execution at all on an input of a few
// megabytes (a mainnet BeaconState is 2.7 MB at least: its vectors of
// roots), as it does on inputs of 1 MiB (README.md). Its inputs are small:
// a patch, the index of the target, the index of one of the target's seeds
// (modulo their number), the offset in the seed where the patch overwrites
// it ([Splice]), and a structure-aware mutation applied after ([Mutate]).
// The engine then mutates the patch and the numbers, and the seeds, held in
// memory, stay whole. A recorded input names its seed by index: rerunning
// it takes the same conformance data.
func FuzzSpliced(f *testing.F, targets []*Target) {
	all := make([][][]byte, len(targets))
	for i, target := range targets {
		cases := targetSeeds(f, target)
		all[i] = cases
		for k := range cases {
			f.Add([]byte(nil), uint8(i), uint16(k), uint32(0), uint32(0))
		}
		addMutations(target, cases, func(k int, sel uint32) {
			f.Add([]byte(nil), uint8(i), uint16(k), uint32(0), sel)
		})
	}
	f.Fuzz(func(t *testing.T, patch []byte, which uint8, seed uint16, at uint32, sel uint32) {
		i := int(which) % len(targets)
		input := Splice(all[i][int(seed)%len(all[i])], patch, at)
		defer watch(func() []byte { return splicedCorpusFile(patch, which, seed, at, sel) }).Stop()
		Check(t, targets[i], input, sel)
	})
}

// Splice returns a copy of seed with patch written over it from offset at
// modulo len(seed)+1, extending it when the patch runs past its end.
func Splice(seed, patch []byte, at uint32) []byte {
	pos := int(uint64(at) % uint64(len(seed)+1))
	out := make([]byte, max(len(seed), pos+len(patch)))
	copy(out, seed)
	copy(out[pos:], patch)
	return out
}

// targetSeeds returns the seeds of target: the default value of its type,
// then the cases of its Seeds.
func targetSeeds(f *testing.F, target *Target) [][]byte {
	// The default value first: the seed a run without the conformance data
	// still has.
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
	return cases
}

// addMutations calls add for seedMutations mutations of cases, seeds of
// target (add(k, sel): mutation sel of case k), spread evenly over the
// cases and over each case's mutations.
func addMutations(target *Target, cases [][]byte, add func(k int, sel uint32)) {
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
			add(k, uint32(1+(j*n/m+k)%n))
		}
	}
}
