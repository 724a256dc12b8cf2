package benchmarks

import (
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/ssztree/ssztree/benchmarks/bench"
	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/cache"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/proofserver"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/tree"
	"github.com/ssztree/ssztree/view"
)

// The benchmarks of compact multiproofs (EIP-8364) and of the proof server
// (issue 43, item 7; DESIGN §5: a compact multiproof of 100 leaves on a
// 1,000,000-validator state within 300 µs), on the Fulu mainnet state of
// each size of SSZTREE_BENCH_VALIDATORS (go test -bench Compact with
// SSZTREE_BENCH_VALIDATORS=1000000 for the target's size).

// compactLeaves is the number of leaves of the benchmarks' proofs.
const compactLeaves = 100

// compactState returns the hashed Fulu state of n validators and 100
// generalized indices of it, half effective balances and half balances of
// random validators (of one random sequence, the same for every run).
func compactState(b *testing.B, n int) (*fulu.BeaconState, []tree.Gindex) {
	b.Helper()
	st, err := fulu.DecodeBeaconState(fulu.Mainnet, bench.State(b, harness.ForkFulu, n))
	if err != nil {
		b.Fatal(err)
	}
	st.HashTreeRoot()
	r := rand.New(rand.NewPCG(43, 7))
	typ := st.View().Type()
	var gs []tree.Gindex
	for len(gs) < compactLeaves {
		path := fmt.Sprintf("validators[%d].effective_balance", r.IntN(n))
		if len(gs)%2 == 1 {
			path = fmt.Sprintf("balances[%d]", r.IntN(n))
		}
		g, err := schema.Gindex(typ, path)
		if err != nil {
			b.Fatal(err)
		}
		if !slices.Contains(gs, g) {
			gs = append(gs, g)
		}
	}
	return st, gs
}

// BenchmarkCompactMultiproof makes the compact multiproof of 100 leaves:
// from their generalized indices (descriptor and proof), and from a
// descriptor given (what the proof server does for ?format=).
func BenchmarkCompactMultiproof(b *testing.B) {
	for _, n := range bench.Sizes(b) {
		st, gs := compactState(b, n)
		root := st.View().Node()
		desc, err := tree.CompactDescriptor(gs)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("indices/"+bench.SizeName(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := tree.ProveCompactIndices(root, gs); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("descriptor/"+bench.SizeName(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := tree.ProveCompact(root, desc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCompactEncode encodes the compact multiproof of 100 leaves in
// bytes and in JSON, and decodes each back.
func BenchmarkCompactEncode(b *testing.B) {
	for _, n := range bench.Sizes(b) {
		st, gs := compactState(b, n)
		p, err := tree.ProveCompactIndices(st.View().Node(), gs)
		if err != nil {
			b.Fatal(err)
		}
		bin, _ := p.MarshalBinary()
		js, _ := p.MarshalJSON()
		for _, c := range []struct {
			name string
			f    func() error
		}{
			{"bytes", func() error { _, err := p.MarshalBinary(); return err }},
			{"json", func() error { _, err := p.MarshalJSON(); return err }},
			{"bytes-decode", func() error { _, err := tree.UnmarshalProof(bin); return err }},
			{"json-decode", func() error { _, err := tree.UnmarshalProofJSON(js); return err }},
		} {
			b.Run(c.name+"/"+bench.SizeName(n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if err := c.f(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkCompactVerify verifies the compact multiproof of 100 leaves
// against the state's root: the descriptor of the indices the verifier
// expects, and the root of the proof.
func BenchmarkCompactVerify(b *testing.B) {
	for _, n := range bench.Sizes(b) {
		st, gs := compactState(b, n)
		p, err := tree.ProveCompactIndices(st.View().Node(), gs)
		if err != nil {
			b.Fatal(err)
		}
		root := st.HashTreeRoot()
		b.Run(bench.SizeName(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if !p.VerifyIndices(root, gs) {
					b.Fatal("does not verify")
				}
			}
		})
	}
}

// BenchmarkProofServer serves proofs over loopback to 8 clients per
// GOMAXPROCS at once, each asking the compact multiproof of 10 random
// effective balances and balances of the head state by paths, in bytes,
// and verifying every answer: reports requests per second (req/s) and the
// 99th percentile of the latency (p99-µs).
func BenchmarkProofServer(b *testing.B) {
	for _, n := range bench.Sizes(b) {
		st, _ := compactState(b, n)
		c := cache.New[*fulu.BeaconState](1 << 40)
		head, _ := c.Put(st, cache.Info{Slot: uint64(st.Slot())})
		h := proofserver.NewHandler(&proofserver.CacheResolver[*fulu.BeaconState]{
			Cache: c,
			View:  func(s *fulu.BeaconState) view.View { return s.View() },
			Named: func(id string) ([32]byte, bool) { return head, id == "head" },
		}, proofserver.Options{})
		srv := httptest.NewServer(h)
		srv.Client().Transport.(*http.Transport).MaxIdleConnsPerHost = 64
		b.Run(bench.SizeName(n), func(b *testing.B) {
			var (
				mu        sync.Mutex
				latencies []time.Duration
				seed      uint64
			)
			b.SetParallelism(8)
			start := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				mu.Lock()
				seed++
				r := rand.New(rand.NewPCG(seed, 1))
				mu.Unlock()
				var mine []time.Duration
				for pb.Next() {
					i := r.IntN(n)
					path := fmt.Sprintf("validators[%d:%d].effective_balance,balances[%d:%d]", i, min(n, i+5), i, min(n, i+5))
					t0 := time.Now()
					req, _ := http.NewRequest("GET", srv.URL+"/eth/v0/beacon/proof/state/head?paths="+url.QueryEscape(path), nil)
					req.Header.Set("Accept", "application/octet-stream")
					resp, err := srv.Client().Do(req)
					if err != nil {
						b.Error(err)
						return
					}
					body, err := io.ReadAll(resp.Body)
					resp.Body.Close()
					mine = append(mine, time.Since(t0))
					if err != nil || resp.StatusCode != 200 {
						b.Errorf("%d: %s (%v)", resp.StatusCode, body, err)
						return
					}
					p, err := tree.UnmarshalProof(body)
					if err != nil || !p.(*tree.CompactMultiproof).Verify(head) {
						b.Errorf("%s: the answer does not verify (%v)", path, err)
						return
					}
				}
				mu.Lock()
				latencies = append(latencies, mine...)
				mu.Unlock()
			})
			elapsed := time.Since(start)
			if len(latencies) > 0 {
				slices.Sort(latencies)
				b.ReportMetric(float64(len(latencies))/elapsed.Seconds(), "req/s")
				b.ReportMetric(float64(latencies[len(latencies)*99/100].Microseconds()), "p99-µs")
			}
		})
		srv.Close()
	}
}
