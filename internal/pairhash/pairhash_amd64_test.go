package pairhash

import (
	"math/rand/v2"
	"testing"
)

// TestPaths checks each path of the assembly that Hash takes and this
// processor can run, on the counts each is called with: multiples of 16 for
// AVX-512, any other for SHA-NI.
func TestPaths(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, p := range []struct {
		name string
		mode uint32
		ok   bool
		step int
	}{
		{"SHA-NI", modeSHANI, hasSHANI, 1},
		{"AVX-512", modeAVX512, hasAVX512, 16},
	} {
		if !p.ok {
			t.Logf("%s: not on this processor", p.name)
			continue
		}
		for n := p.step; n <= 20*p.step; n += p.step {
			chunks := randomChunks(r, 2*n)
			digests := make([][32]byte, n)
			hashAsm(&digests[0][0], chunks, uint32(n), p.mode)
			check(t, p.name, digests, chunks)
		}
	}
}

// TestPadded checks the padded wide path on every remainder it may take.
func TestPadded(t *testing.T) {
	if !hasAVX512 {
		t.Skip("no AVX-512 on this processor")
	}
	r := rand.New(rand.NewPCG(5, 6))
	for n := 1; n < 16; n++ {
		chunks := randomChunks(r, 2*n)
		digests := make([][32]byte, n+1)
		sentinel := [32]byte{9}
		digests[n] = sentinel
		hashPadded(digests[:n], chunks, n)
		check(t, "padded AVX-512", digests[:n], chunks)
		if digests[n] != sentinel {
			t.Fatalf("%d pairs: hashPadded wrote past the digests", n)
		}
	}
}
