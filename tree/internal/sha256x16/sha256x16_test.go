package sha256x16

import (
	"bufio"
	"crypto/sha256"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// kernel is one of the package's kernels, for tests that run both.
type kernel struct {
	name  string
	lanes int
	has   func() bool
	hash  func(out, in [][32]byte) int
}

var kernels = []kernel{
	{"AVX512", 16, hasAVX512, hashAVX512Groups(false)},
	{"AVX512x2", 16, hasAVX512, hashAVX512Groups(true)},
	{"AVX2", 8, hasAVX2, hashBatchesAVX2},
}

// requireKernel skips, saying why, where k cannot run.
func requireKernel(t testing.TB, k kernel) {
	t.Helper()
	if !k.has() {
		t.Skipf("sha256x16: NOT TESTED: this processor (%s) or its operating system lacks %s, so the %d-lane kernel cannot run here",
			runtime.GOARCH, k.name, k.lanes)
	}
}

func randomChunks(r *rand.Rand, n int) [][32]byte {
	in := make([][32]byte, n)
	for i := range in {
		for j := range in[i] {
			in[i][j] = byte(r.Uint32())
		}
	}
	return in
}

// checkHashes hashes in with k into out and checks that k hashed every whole
// batch, that those hashes are crypto/sha256's and that k wrote nothing
// else of out.
func checkHashes(t *testing.T, k kernel, out, in [][32]byte) {
	t.Helper()
	sentinel := [32]byte{0: 0xa5, 31: 0x5a}
	for i := range out {
		out[i] = sentinel
	}
	pairs := len(in) / 2
	n := k.hash(out, in)
	if want := pairs - pairs%k.lanes; n != want {
		t.Fatalf("%d pairs: hashed %d, want %d", pairs, n, want)
	}
	for i := range out {
		want := sentinel
		if i < n {
			want = sha256.Sum256(append(in[2*i][:], in[2*i+1][:]...))
		}
		if out[i] != want {
			t.Fatalf("%d pairs: out[%d] = %x, want %x", pairs, i, out[i], want)
		}
	}
}

func TestBatchSizes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	sizes := []int{}
	for n := 0; n <= 64; n++ {
		sizes = append(sizes, n)
	}
	sizes = append(sizes, 127, 128, 129, 1000, 4099, 1<<14)
	for _, k := range kernels {
		t.Run(k.name, func(t *testing.T) {
			requireKernel(t, k)
			for _, pairs := range sizes {
				in := randomChunks(r, 2*pairs+pairs%2) // an odd chunk at the end is not hashed
				checkHashes(t, k, make([][32]byte, pairs), in)
			}
		})
	}
}

// unalignedChunks returns n chunks starting off bytes into a fresh buffer.
func unalignedChunks(n, off int) [][32]byte {
	buf := make([]byte, 32*n+off+1)
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*[32]byte)(unsafe.Pointer(&buf[off])), n)
}

func TestUnaligned(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, k := range kernels {
		t.Run(k.name, func(t *testing.T) {
			requireKernel(t, k)
			for off := 0; off < 64; off++ {
				pairs := 3*k.lanes + off%5
				in := unalignedChunks(2*pairs, off)
				copy(in, randomChunks(r, 2*pairs))
				checkHashes(t, k, unalignedChunks(pairs, (off*7)%64), in)
			}
		})
	}
}

// TestEdgeMessages hashes messages whose bytes are all 0x00, all 0xff and
// single set bits: the rotations, shifts and byte swaps see every bit.
func TestEdgeMessages(t *testing.T) {
	var in [][32]byte
	in = append(in, [32]byte{}, [32]byte{})
	var ones [32]byte
	for i := range ones {
		ones[i] = 0xff
	}
	in = append(in, ones, ones)
	for bit := 0; bit < 512; bit++ {
		var pair [2][32]byte
		pair[bit/256][bit%256/8] = 1 << (bit % 8)
		in = append(in, pair[0], pair[1])
	}
	for _, k := range kernels {
		t.Run(k.name, func(t *testing.T) {
			requireKernel(t, k)
			checkHashes(t, k, make([][32]byte, len(in)/2), in)
		})
	}
}

func TestHashPairs(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	p := chosen()
	for pairs := range 3*Lanes + 1 {
		in := randomChunks(r, 2*pairs)
		out := make([][32]byte, pairs)
		n := HashPairs(out, in)
		if !Enabled() {
			if n != 0 {
				t.Fatalf("HashPairs hashed %d pairs with the kernel disabled", n)
			}
			continue
		}
		want := pairs - pairs%Lanes
		if pairs%Lanes >= p.padFrom {
			want = pairs
		}
		if n != want {
			t.Fatalf("HashPairs of %d pairs hashed %d, want %d (padding from %d pairs)", pairs, n, want, p.padFrom)
		}
		for i := range n {
			if want := sha256.Sum256(append(in[2*i][:], in[2*i+1][:]...)); out[i] != want {
				t.Fatalf("HashPairs: out[%d] = %x, want %x", i, out[i], want)
			}
		}
	}
	if !avx512Ready && Enabled() {
		t.Fatal("Enabled reports true while avx512Ready is false")
	}
	if !hasAVX512() && Enabled() {
		t.Fatal("Enabled reports true on a processor without AVX-512")
	}
	if Enabled() {
		t.Logf("sha256x16: the AVX-512 kernel is on, remainders of %d pairs or more padded to a batch", p.padFrom)
	} else {
		t.Logf("sha256x16: the AVX-512 kernel is off (avx512Ready %v, AVX-512 here %v)", avx512Ready, hasAVX512())
	}
}

func TestSelfCheck(t *testing.T) {
	for _, k := range kernels {
		t.Run(k.name, func(t *testing.T) {
			requireKernel(t, k)
			if !selfCheck(k.hash, k.lanes) {
				t.Fatal("the self-check rejects a kernel that agrees with crypto/sha256")
			}
			wrong := func(out, in [][32]byte) int {
				n := k.hash(out, in)
				out[n-1][7] ^= 1
				return n
			}
			if selfCheck(wrong, k.lanes) {
				t.Fatal("the self-check accepts a kernel that gets a hash wrong")
			}
			short := func(out, in [][32]byte) int { return k.hash(out[:len(out)-k.lanes], in) }
			if selfCheck(short, k.lanes) {
				t.Fatal("the self-check accepts a kernel that hashes too few pairs")
			}
		})
	}
}

// TestDetection compares the package's CPUID and XGETBV reading with the
// flags Linux reports, which it clears for features whose register state
// it does not save.
func TestDetection(t *testing.T) {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		t.Skipf("sha256x16: no /proc/cpuinfo to compare the detection with: %v", err)
	}
	defer f.Close()
	var flags []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if name, value, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(name) == "flags" {
			flags = strings.Fields(value)
			break
		}
	}
	if flags == nil {
		t.Skip("sha256x16: /proc/cpuinfo lists no flags")
	}
	has := func(names ...string) bool {
		for _, n := range names {
			if !slices.Contains(flags, n) {
				return false
			}
		}
		return true
	}
	if got, want := hasAVX2(), runtime.GOARCH == "amd64" && has("avx2"); got != want {
		t.Errorf("hasAVX2() = %v, /proc/cpuinfo says %v", got, want)
	}
	if got, want := hasAVX512(), runtime.GOARCH == "amd64" && has("avx512f", "avx512bw", "avx512vl"); got != want {
		t.Errorf("hasAVX512() = %v, /proc/cpuinfo says %v", got, want)
	}
	t.Logf("sha256x16: AVX2 %v, AVX-512 F+BW+VL %v", hasAVX2(), hasAVX512())
}

func FuzzKernels(f *testing.F) {
	f.Add(make([]byte, 64*16), uint8(0))
	f.Add(make([]byte, 64*33+5), uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, off uint8) {
		o := int(off % 32)
		if len(data) <= o {
			return
		}
		n := (len(data) - o) / 32
		in := unalignedChunks(n, o)
		for i := range in {
			copy(in[i][:], data[o+32*i:])
		}
		for _, k := range kernels {
			if k.has() {
				checkHashes(t, k, make([][32]byte, n/2), in)
			}
		}
	})
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestPadded checks the padded batch for every count of pairs short of a
// batch: the hashes are crypto/sha256's, nothing beyond them is written,
// and nothing is allocated.
func TestPadded(t *testing.T) {
	requireKernel(t, kernels[0])
	r := rand.New(rand.NewPCG(9, 10))
	sentinel := [32]byte{0: 0x5a}
	for pairs := 1; pairs < Lanes; pairs++ {
		in := randomChunks(r, 2*pairs)
		out := make([][32]byte, pairs+1)
		out[pairs] = sentinel
		hashPadded(out[:pairs], in)
		for i := range pairs {
			if want := sha256.Sum256(append(in[2*i][:], in[2*i+1][:]...)); out[i] != want {
				t.Fatalf("%d pairs: out[%d] = %x, want %x", pairs, i, out[i], want)
			}
		}
		if out[pairs] != sentinel {
			t.Fatalf("%d pairs: wrote past its pairs", pairs)
		}
		if a := testing.AllocsPerRun(10, func() { hashPadded(out[:pairs], in) }); a != 0 {
			t.Fatalf("%d pairs: %v allocations, want 0", pairs, a)
		}
	}
}
