package versioned

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"testing"
	"testing/iotest"

	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/synth"
)

// TestReadStateFrom reads the states of TestReadState from streams, of
// known size and of unknown size (a reader that hides its length and
// returns short reads): the same fork, detection, root and bytes as
// ReadState finds in the bytes.
func TestReadStateFrom(t *testing.T) {
	for _, schedule := range []*forks.Schedule{forks.MinimalSchedule, forks.HoodiSchedule, forks.MainnetSchedule} {
		for _, fork := range forks.Names() {
			if v, _ := schedule.Version(fork); v == (forks.ForkVersion{}) {
				continue // a fork the schedule lacks (Hoodi's Gloas), or mainnet phase0, found by slot
			}
			name := fmt.Sprintf("%v/%s", fork, schedule.Network())
			b := testState(t, fork, schedule, 1234)
			want, wantD, err := ReadState(b)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for _, size := range []int64{int64(len(b)), -1} {
				st, d, err := ReadStateFrom(iotest.HalfReader(bytes.NewReader(b)), size)
				if err != nil {
					t.Fatalf("%s, size %d: %v", name, size, err)
				}
				if d.Fork != wantD.Fork || d.Preset != wantD.Preset || d.Schedule != wantD.Schedule || st.ForkName() != want.ForkName() || st.Preset() != want.Preset() || st.HashTreeRoot() != want.HashTreeRoot() {
					t.Errorf("%s, size %d: read %+v, %v; want %+v", name, size, d, st.ForkName(), wantD)
				}
				if enc, err := st.MarshalSSZ(); err != nil || !bytes.Equal(enc, b) {
					t.Errorf("%s, size %d: the state read encodes otherwise (%v)", name, size, err)
				}
			}
		}
	}
}

// TestReadStateFromTruncated cuts a state's stream at many points: each
// is an error and no state, one wrapping schema.ErrTruncated where the
// size is known or the cut is inside the bytes the fork is found from;
// bytes past a state of unknown size are an error too.
func TestReadStateFromTruncated(t *testing.T) {
	b := testState(t, forks.NameFulu, forks.MainnetSchedule, 1234)
	for _, cut := range []int{0, 1, statePrefix - 1, statePrefix, statePrefix + 1, 1000, len(b) / 2, len(b) - 1} {
		for _, size := range []int64{int64(len(b)), -1} {
			st, _, err := ReadStateFrom(bytes.NewReader(b[:cut]), size)
			if err == nil || st != nil {
				t.Errorf("cut at %d of %d, size %d: %v, state %v", cut, len(b), size, err, st != nil)
				continue
			}
			if (size >= 0 || cut < statePrefix) && !errors.Is(err, schema.ErrTruncated) {
				t.Errorf("cut at %d of %d, size %d: %v, not ErrTruncated", cut, len(b), size, err)
			}
		}
	}
	if st, _, err := ReadStateFrom(bytes.NewReader(append(append([]byte(nil), b...), 0)), -1); err == nil || st != nil {
		t.Errorf("a byte past a state of unknown size: %v", err)
	}
	if _, _, err := ReadStateFrom(bytes.NewReader(b), int64(statePrefix-1)); err == nil {
		t.Error("a size below the fork's bytes: no error")
	}
}

// allocated returns the bytes f allocates on the heap.
func allocated(f func()) uint64 {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	f()
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc
}

// TestReadStateFromMemory bounds what reading a state from a stream
// allocates per byte that arrives: a whole mainnet Fulu state, and the
// first bytes of one whose stream claims the whole size and ends early,
// as a hostile or broken peer's would. The tree of a state takes about
// 1.3 times its bytes, the buffers of a part read whole four times what
// arrived of it at most (schema's readPart), and those of the fixed part
// that detection reads first (readPrefix) grow four times at each step
// from 64 KiB: the bounds leave room for those, not for a size the input
// claims.
func TestReadStateFromMemory(t *testing.T) {
	st, err := synth.FuluState(fulu.Mainnet, 4000, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := st.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	const perByte = 4.5
	var read *State
	whole := allocated(func() { read, _, err = ReadStateFrom(bytes.NewReader(b), -1) })
	if err != nil {
		t.Fatal(err)
	}
	if read.HashTreeRoot() != st.HashTreeRoot() {
		t.Fatal("the state read has another root")
	}
	t.Logf("%d bytes of state: %d allocated (%.2f a byte)", len(b), whole, float64(whole)/float64(len(b)))
	if float64(whole) > perByte*float64(len(b)) {
		t.Errorf("reading %d bytes allocated %d, over %.1f a byte", len(b), whole, perByte)
	}
	for _, cut := range []int{statePrefix + 8, 1 << 16, len(b) / 2} {
		var err error
		got := allocated(func() { _, _, err = ReadStateFrom(io.LimitReader(bytes.NewReader(b), int64(cut)), int64(len(b))) })
		if !errors.Is(err, schema.ErrTruncated) {
			t.Errorf("cut at %d: %v", cut, err)
		}
		t.Logf("cut at %d of %d: %d allocated", cut, len(b), got)
		if float64(got) > perByte*float64(cut)+2*prefixChunk {
			t.Errorf("a stream cut at %d of %d bytes allocated %d", cut, len(b), got)
		}
	}
}

// countReader counts the bytes read from it.
type countReader struct {
	r io.Reader
	n int
}

func (c *countReader) Read(b []byte) (int, error) {
	k, err := c.r.Read(b)
	c.n += k
	return k, err
}

// TestReadStateFromMax reads a Gloas state (its lists progressive, so
// that only the caller's bound limits a stream of unknown size) and a
// Fulu one at bounds about their size: at the size or above, the state;
// a byte below, an error wrapping schema.ErrTooLarge, no state, and at
// most the bound and one byte read (nothing for a known size).
func TestReadStateFromMax(t *testing.T) {
	for _, fork := range []forks.Name{forks.NameGloas, forks.NameFulu} {
		b := testState(t, fork, forks.MinimalSchedule, 1234)
		want, _, err := ReadState(b)
		if err != nil {
			t.Fatal(err)
		}
		n := int64(len(b))
		for _, bound := range []int64{n, n + 1, n - 1, n / 2, int64(statePrefix) + 1, int64(statePrefix) - 1, 0} {
			for _, size := range []int64{n, -1} {
				cr := &countReader{r: iotest.HalfReader(bytes.NewReader(b))}
				st, _, err := ReadStateFromMax(cr, size, bound)
				if bound >= n {
					if err != nil || st.HashTreeRoot() != want.HashTreeRoot() {
						t.Errorf("%v, size %d, bound %d: %v", fork, size, bound, err)
					}
					continue
				}
				if !errors.Is(err, schema.ErrTooLarge) || st != nil {
					t.Errorf("%v, size %d, bound %d of %d: %v, state %v", fork, size, bound, n, err, st != nil)
				}
				if cr.n > int(bound)+1 || size >= 0 && cr.n > 0 {
					t.Errorf("%v, size %d, bound %d: read %d bytes", fork, size, bound, cr.n)
				}
				if bound == n-1 && size < 0 {
					t.Log(err)
				}
			}
		}
		// A byte past the state, of unknown size: an error at any bound.
		long := append(append([]byte(nil), b...), 0)
		for _, bound := range []int64{n, n + 1} {
			if st, _, err := ReadStateFromMax(bytes.NewReader(long), -1, bound); err == nil || st != nil {
				t.Errorf("%v: a byte past the state, bound %d: %v", fork, bound, err)
			}
		}
	}
	if _, _, err := ReadStateFromMax(bytes.NewReader(nil), -1, -1); err == nil {
		t.Error("a negative bound: no error")
	}
}
