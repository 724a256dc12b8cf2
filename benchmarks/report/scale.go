package report

import (
	"fmt"
	"sort"

	"github.com/ssztree/ssztree/benchmarks/harness"
)

// growth is how a state row's cost is expected to grow with the number of
// validators.
type growth int

const (
	// linear: the row reads, writes or hashes the whole state (decode,
	// encode, the cold root, every balance); a root row also keeps its
	// ratio to the SHA-256 floor.
	linear growth = iota + 1
	// sublinear: a fixed number of random changes, which touch more
	// distinct chunks of a larger state until every change has its own
	// (a slot's 31,250 participation flags), alone or beside changes
	// proportional to the state (an epoch's).
	sublinear
	// little: a fixed change whose path grows with the tree's depth, the
	// logarithm of the state (one balance, a copy, a root with nothing
	// changed).
	little
)

// growthOf gives the expected growth of each state row, by the ID of the
// warm row (a cold twin grows as its twin).
var growthOf = map[string]growth{
	harness.RowDecode:         linear,
	harness.RowDecodeAlloc:    linear,
	harness.RowHeapDecode:     linear,
	harness.RowHeapRoot:       linear,
	harness.RowHeapChanged:    linear,
	harness.RowEncode:         linear,
	harness.RowColdRoot:       linear,
	harness.RowDecodeColdRoot: linear,
	harness.RowBalanceAll:     linear,
	harness.RowSlot:           sublinear,
	// An epoch changes every balance, but 10,000 validators' effective
	// balances and inactivity scores whatever the state's size: at most
	// linear.
	harness.RowEpoch:        sublinear,
	harness.RowRoot:         little,
	harness.RowBalance1:     little,
	harness.RowBalance1000:  little,
	harness.RowEffective:    little,
	harness.RowAppend:       little,
	harness.RowCopy:         little,
	harness.RowCopyBalance1: little,
	harness.RowCopyHeap:     little,
}

// Tolerances of the growth marks: a linear row grows within these factors
// of the ratio of the sizes, and keeps its ratio to the floor within
// floorDrift; a sublinear row grows at most half the ratio of the sizes; a
// row that grows little at most littleLimit times (at 20 times the
// validators the tree is about 4.3 levels deeper, and caches miss more).
const (
	linearLow, linearHigh = 0.5, 1.5
	floorDrift            = 1.25
	littleLimit           = 2.0
)

// String names the growth in the scale table.
func (g growth) String() string {
	switch g {
	case linear:
		return "linear"
	case sublinear:
		return "sublinear"
	case little:
		return "logarithmic"
	}
	return ""
}

// scaleSizes returns the sizes of the headline's fork, smallest first, if
// there are at least two.
func (m *Model) scaleSizes() (string, []int) {
	if len(m.Run.Tables) == 0 {
		return "", nil
	}
	t := m.Run.Tables[0]
	sizes := append([]int(nil), t.Sizes...)
	sort.Ints(sizes)
	if len(sizes) < 2 {
		return t.Fork, nil
	}
	return t.Fork, sizes
}

// median returns ssztree's or a peer's median in a row of a state, if it
// ran the row and succeeded.
func (m *Model) median(fork string, n int, r RowInfo, peer string) (float64, bool) {
	c, ok := m.cell(StateKey(fork, n), r, peer)
	if !ok || !c.OK || c.Wrong {
		return 0, false
	}
	return c.Stat.Median, true
}

// floorRatio returns a root row's median over its SHA-256 floor on a
// state, if both are known.
func (m *Model) floorRatio(fork string, n int, r RowInfo, v float64) (float64, bool) {
	if !r.Root {
		return 0, false
	}
	p, ok := m.pairs(StateKey(fork, n), r)
	if !ok || p == 0 {
		return 0, false
	}
	f := m.floorNs(p)
	if f == 0 {
		return 0, false
	}
	return v / f, true
}

// scaleTable writes how each of ssztree's state rows grows from the
// smallest state of the headline's fork to its largest, beside the
// fastest peer's growth, each row marked against its expected growth.
func (m *Model) scaleTable(w writer) {
	fork, sizes := m.scaleSizes()
	if sizes == nil {
		return
	}
	small, large := sizes[0], sizes[len(sizes)-1]
	times := float64(large) / float64(small)
	w("\n## Scale: %s from %s to %s validators\n\n", forkTitle(fork), Count(uint64(small)), Count(uint64(large)))
	w("How each of ssztree's costs grows with the state, from the tables above. ")
	w("Growth is the median at %s validators over the median at %s (%s times the validators); ", Count(uint64(large)), Count(uint64(small)), sig(times))
	w("the fastest peer's is that of the peer fastest at %s. ", Count(uint64(large)))
	w("Expected: *linear* where the row reads, writes or hashes the whole state (growth within %s× to %s× of %s; a root row also keeps its ratio to the SHA-256 floor within %s×), ",
		sig(linearLow), sig(linearHigh), sig(times), sig(floorDrift))
	w("*sublinear* where a fixed number of random changes touch more distinct chunks of a larger state (at most %s), ", sig(times/2))
	w("*logarithmic* where one path of the tree changes (at most %s×). ✓ as expected, ✗ not.\n\n", sig(littleLimit))
	w("| row |")
	seps := "| --- |"
	for _, n := range sizes {
		w(" %s |", Count(uint64(n)))
		seps += " --- |"
	}
	w(" growth | expected | fastest peer's growth |\n%s --- | --- | --- |\n", seps)
	for _, r := range StateRows {
		warm, ok := harness.WarmRow(r.ID)
		if !ok {
			warm = r.ID
		}
		if many, ok := harness.ManyCoreRow(warm); ok {
			warm = many // a one-core twin grows as its twin
		}
		g := growthOf[warm]
		first, okFirst := m.median(fork, small, r, Reference)
		last, okLast := m.median(fork, large, r, Reference)
		if !okFirst || !okLast || first <= 0 {
			continue
		}
		w("| %s |", r.Title)
		for _, n := range sizes {
			v, ok := m.median(fork, n, r, Reference)
			if !ok {
				w(" — |")
				continue
			}
			s := r.format(v)
			if q, ok := m.floorRatio(fork, n, r, v); ok {
				s += fmt.Sprintf(" (%s× floor)", sig(q))
			} else if size := m.sszBytes(StateKey(fork, n)); r.Bytes && size > 0 && v > float64(size)/100 {
				s += fmt.Sprintf(" (%s× SSZ)", sig(v/float64(size)))
			}
			w(" %s |", s)
		}
		grew := last / first
		w(" ×%s | %s |", sig(grew), m.growthMark(fork, small, large, r, g, grew, first, last))
		peer, s, ok := m.fastestPeer(StateKey(fork, large), r)
		theirs := "—"
		if ok {
			if before, found := m.median(fork, small, r, peer); found && before > 0 {
				theirs = fmt.Sprintf("×%s (%s)", sig(s.Median/before), peer)
			}
		}
		w(" %s |\n", theirs)
	}
	w("\n")
}

// growthMark checks a row's growth against its expected growth.
func (m *Model) growthMark(fork string, small, large int, r RowInfo, g growth, grew, first, last float64) string {
	times := float64(large) / float64(small)
	met := false
	switch g {
	case linear:
		met = grew >= linearLow*times && grew <= linearHigh*times
		if q0, ok := m.floorRatio(fork, small, r, first); ok {
			if q1, ok := m.floorRatio(fork, large, r, last); ok {
				met = met && q1/q0 <= floorDrift && q0/q1 <= floorDrift
			}
		}
	case sublinear:
		met = grew <= times/2
	case little:
		met = grew <= littleLimit
	default:
		return "—"
	}
	if met {
		return g.String() + ": ✓"
	}
	return g.String() + ": ✗"
}
