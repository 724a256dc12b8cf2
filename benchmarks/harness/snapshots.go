package harness

import "fmt"

// DecodeHeap returns the live heap that peer p's state, decoded from in (of
// n validators), holds: the figure of the decode row (heap-B of
// BenchmarkDecode), which for a flat peer is also what each snapshot of its
// state costs, a flat copy holding every byte again. It is an error if p
// has no state workloads.
func DecodeHeap(p Peer, in []byte, n int) (uint64, error) {
	if p.State == nil {
		return 0, fmt.Errorf("harness: peer %s has no state workloads", p.Name)
	}
	x, err := p.State.session(in, n)
	if err != nil {
		return 0, err
	}
	_, heap, _, err := x.liveHeapOfDecode()
	return heap, err
}
