//go:build !ssztree_nofork

package schema_test

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/synth"
)

// TestRootOfBlocks compares schema.Root of blocks of several forks, on one
// goroutine and with the values of large lists hashed apart on several,
// with the root of the tree the same bytes decode to (tree.HashAll's,
// which shares no layout with Root): synth's blocks of Deneb, Electra,
// Fulu and Gloas, and Fulu blocks whose transactions take odd shapes
// (none, one, one empty, a count that is no power of two, one far larger
// than the others, hundreds of the same size).
func TestRootOfBlocks(t *testing.T) {
	type block interface{ MarshalSSZ() ([]byte, error) }
	cases := []struct {
		name string
		typ  schema.Type
		blk  block
	}{
		{"deneb", deneb.Mainnet.Type("SignedBeaconBlock"), must(synth.DenebBlock(deneb.Mainnet, 5))},
		{"electra", electra.Mainnet.Type("SignedBeaconBlock"), must(synth.ElectraBlock(electra.Mainnet, 5))},
		{"fulu", fulu.Mainnet.Type("SignedBeaconBlock"), must(synth.FuluBlock(fulu.Mainnet, 5))},
		{"gloas", gloas.Mainnet.Type("SignedBeaconBlock"), must(synth.GloasBlock(gloas.Mainnet, 5))},
	}
	r := rand.New(rand.NewPCG(5, 6))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	txs := func(sizes ...int) [][]byte {
		out := make([][]byte, len(sizes))
		for i, n := range sizes {
			out[i] = random(n)
		}
		return out
	}
	sizes := func(n, lo, hi int) []int {
		s := make([]int, n)
		for i := range s {
			s[i] = lo + r.IntN(hi-lo+1)
		}
		return s
	}
	for _, shape := range []struct {
		name string
		txs  [][]byte
	}{
		{"no transactions", nil},
		{"one transaction", txs(300)},
		{"one empty transaction", txs(0)},
		{"1,000 transactions", txs(sizes(1000, 100, 1000)...)},
		{"1,023 transactions", txs(sizes(1023, 0, 500)...)},
		{"one of 200 kB among 100", txs(append(sizes(50, 100, 400), append([]int{200_000}, sizes(50, 100, 400)...)...)...)},
		{"300 of 4,096 bytes", txs(sizes(300, 4096, 4096)...)},
	} {
		blk, _ := blockWithTransactions(t, shape.txs)
		cases = append(cases, struct {
			name string
			typ  schema.Type
			blk  block
		}{"fulu, " + shape.name, fulu.Mainnet.Type("SignedBeaconBlock"), blk})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := must(c.blk.MarshalSSZ())
			want := must(c.typ.Decode(b)).Root()
			for _, procs := range []int{1, 2, 4} {
				prev := runtime.GOMAXPROCS(procs)
				got, err := schema.Root(c.typ, b)
				runtime.GOMAXPROCS(prev)
				if err != nil || got != want {
					t.Fatalf("GOMAXPROCS %d: Root %x, %v; the tree's root %x", procs, got, err, want)
				}
			}
		})
	}
}
