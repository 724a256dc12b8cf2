package tree

import (
	"math/rand/v2"
	"runtime"
	"testing"
	"weak"
)

// changeLeaves is how many changes each test of this file makes: enough
// that, were replaced versions kept in chains, most of them would be.
const changeLeaves = 2000

// collectedAll fails t unless every version of versions has been
// collected: none is referenced but through the weak pointers.
func collectedAll(t *testing.T, what string, versions []weak.Pointer[Node]) {
	t.Helper()
	runtime.GC()
	alive := 0
	for _, v := range versions {
		if v.Value() != nil {
			alive++
		}
	}
	if alive > 0 {
		t.Errorf("%s: %d of %d replaced versions are still alive", what, alive, len(versions))
	}
}

// TestReplacedVersionsAreCollected changes a list's data tree one leaf at
// a time, hashing after each change as a node does after a slot, and
// checks that no version it replaced stays alive once only the newest is
// referenced. A path allocated as one slab broke this: a later change
// beside it replaced its upper nodes and kept its lower ones, which kept
// the slab alive, and with it the dead upper nodes' children, the nodes
// of the version before, themselves in slabs of older paths: every version
// stayed alive (a Fulu state's live heap grew by 1.7 kB with each balance
// changed and hashed, docs/performance.md#tried).
func TestReplacedVersionsAreCollected(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	leaves := make([]*Node, 1024)
	for i := range leaves {
		leaves[i] = NewLeaf([32]byte{byte(i), byte(i >> 8), 3})
	}
	// 1,024 leaves at depth 10 under a stem of 20 levels: a list's data
	// tree with a limit far above its length.
	const depth = 30
	for _, mixIn := range []bool{false, true} {
		root := must(Build(depth, leaves, 0))
		versions := make([]weak.Pointer[Node], 0, changeLeaves)
		for i := range changeLeaves {
			idx := []uint64{r.Uint64N(uint64(len(leaves)))}
			if i%10 == 0 {
				// Two paths in one change now and then.
				idx = append(idx, (idx[0]+1+r.Uint64N(100))%uint64(len(leaves)))
				if idx[1] < idx[0] {
					idx[0], idx[1] = idx[1], idx[0]
				}
			}
			nodes := make([]*Node, len(idx))
			for k := range nodes {
				nodes[k] = NewLeaf([32]byte{byte(i), byte(i >> 8), byte(k), 4})
			}
			var next *Node
			if mixIn {
				data := root
				if i > 0 {
					data, _ = root.Children()
				}
				next = must(SetManyMixIn(data, depth, idx, nodes, uint64(len(leaves))))
			} else {
				next = must(SetMany(root, depth, idx, nodes))
			}
			HashAll(next)
			versions = append(versions, weak.Make(root))
			root = next
		}
		name := "SetMany"
		if mixIn {
			name = "SetManyMixIn"
		}
		collectedAll(t, name, versions[1:]) // the first is the built tree, a slab
		runtime.KeepAlive(root)
	}
}

// TestReplacedSpinesAreBounded does what TestReplacedVersionsAreCollected
// does to a progressive tree whose spine is kept, as a progressive list
// keeps it: each change replaces one subtree and the branches above it,
// which NewProgressiveOver makes one by one over the spine below. No
// replaced version stays alive: the newest spine shares no allocation with
// an older one but its own branches, where a shared slab of branches would
// keep the replaced ones alive, and the subtrees they were over; a spine
// that starts as a slab (slabSpine) is copied out of it at the first change.
func TestReplacedSpinesAreBounded(t *testing.T) {
	for _, slab := range []bool{false, true} {
		replacedSpines(t, slab)
	}
}

func replacedSpines(t *testing.T, slab bool) {
	r := rand.New(rand.NewPCG(7, 8))
	subs := make([]*Node, 6)
	for k := range subs {
		subs[k] = must(BuildLeaves(2*k, randomBytes(r, 32<<(2*k))))
	}
	branches := make([]*Node, len(subs))
	root := NewProgressiveOver(subs, Zero(0), branches)
	if slab {
		root = slabSpine(subs)
		for k, n := 0, root; k < len(subs); k, n = k+1, n.right {
			branches[k] = n
		}
	}
	HashAll(root)
	versions := make([]weak.Pointer[Node], 0, changeLeaves)
	for i := range changeLeaves {
		// Never the last subtree: the spine below a change is shared.
		high := r.IntN(len(subs) - 1)
		var chunk [32]byte
		chunk[0], chunk[1] = byte(i), byte(i>>8)
		subs[high] = must(Set(subs[high], 2*high, r.Uint64N(uint64(1)<<(2*high)), NewLeaf(chunk)))
		rest := Zero(0)
		if high+1 < len(subs) {
			rest = branches[high+1]
		}
		next := NewProgressiveOver(subs[:high+1], rest, branches)
		HashAll(next)
		versions = append(versions, weak.Make(root))
		root = next
	}
	runtime.GC()
	alive := 0
	for _, v := range versions {
		if v.Value() != nil {
			alive++
		}
	}
	if alive > 0 {
		t.Errorf("NewProgressiveOver (from a slab %v): %d of %d replaced versions are still alive, want none", slab, alive, len(versions))
	}
	runtime.KeepAlive(root)
}
