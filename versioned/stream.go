package versioned

import (
	"bytes"
	"fmt"
	"io"

	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/schema"
)

// statePrefix is the bytes of a serialized BeaconState, of every fork,
// that DetectState reads: up to the end of fork.current_version, past the
// slot.
const statePrefix = forks.StateForkVersionOffset + len(forks.ForkVersion{})

// ReadStateFrom reads a serialized BeaconState of any fork from r, of size
// bytes, or up to the end of r when size is -1 (an HTTP body without a
// length), and returns it with its fork and preset as [ReadState] finds
// them, from the state's fixed part (the largest of a state's, a few
// megabytes, is read first, and held while the rest arrives): the
// structure of the fixed part and the sizes its offsets give, then its
// fork.current_version, then its slot. What only the bytes of a nested
// container tell, such as Capella's state from Deneb's (their execution
// payload headers differ), is left to the version and the slot here, as
// those bytes arrive after the state's lists. The state is built as its bytes arrive
// ([view.DecodeReader]), so that the bytes and the tree are never both
// held whole: a 1,000,000-validator state from a file peaks near 1.4
// times its size, not 2.3 times.
//
// A stream that ends before the state does is an error wrapping
// [schema.ErrTruncated], and returns no state; bytes beyond a state of
// unknown size are an error too. Allocations follow the bytes that
// arrive, never a size the input merely claims.
//
// Of a stream of unknown size, ReadStateFrom reads what the state's type
// allows, which for a Gloas state (progressive lists) is any amount:
// [ReadStateFromMax] takes a bound.
func ReadStateFrom(r io.Reader, size int64, schedules ...*forks.Schedule) (*State, Detection, error) {
	return readStateFrom(r, size, -1, schedules)
}

// ReadStateFromMax is [ReadStateFrom] for a state of at most maxSize
// bytes (see [schema.DecodeReaderMax]): a state that needs more is an
// error wrapping [schema.ErrTooLarge], and no state. A known size above
// maxSize is that error before anything is read; of a stream of unknown
// size, ReadStateFromMax reads at most maxSize+1 bytes. A negative
// maxSize is an error.
func ReadStateFromMax(r io.Reader, size, maxSize int64, schedules ...*forks.Schedule) (*State, Detection, error) {
	if maxSize < 0 {
		return nil, Detection{}, fmt.Errorf("versioned: reading a state: a negative bound, %d bytes", maxSize)
	}
	return readStateFrom(r, size, maxSize, schedules)
}

// readStateFrom is ReadStateFrom with a bound of maxSize bytes, or none
// for a negative maxSize.
func readStateFrom(r io.Reader, size, maxSize int64, schedules []*forks.Schedule) (*State, Detection, error) {
	if maxSize >= 0 && size > maxSize {
		return nil, Detection{}, fmt.Errorf("versioned: a state of %d bytes: %w of %d bytes", size, schema.ErrTooLarge, maxSize)
	}
	if maxSize >= 0 && maxSize < int64(statePrefix) {
		return nil, Detection{}, fmt.Errorf("versioned: every state is %w of %d bytes (its fork.current_version ends at byte %d)", schema.ErrTooLarge, maxSize, statePrefix)
	}
	if size >= 0 && size < int64(statePrefix) {
		return nil, Detection{}, fmt.Errorf("versioned: a stream of %d bytes: too short for a state's fork.current_version, at %d",
			size, forks.StateForkVersionOffset)
	}
	if err := checkSchedules(schedules); err != nil {
		return nil, Detection{}, err
	}
	// The fixed part of the largest state, which detection reads, or all of
	// a smaller stream.
	want := int64(max(statePrefix, maxFixedPart(KindState, schedules)))
	if size >= 0 {
		want = min(want, size)
	}
	if maxSize >= 0 {
		want = min(want, maxSize+1)
	}
	prefix, err := readPrefix(r, int(want))
	n := len(prefix)
	total := int(size)
	switch {
	case err != nil:
		return nil, Detection{}, fmt.Errorf("versioned: the first %d bytes of a state, %d read: %w", want, n, err)
	case n < int(want) && size < 0 && n >= statePrefix:
		total = n // the whole state: shorter than the largest fixed part
	case n < int(want):
		return nil, Detection{}, fmt.Errorf("versioned: the first %d bytes of a state, %d read: %w", want, n, schema.ErrTruncated)
	}
	if maxSize >= 0 && int64(n) > maxSize {
		return nil, Detection{}, fmt.Errorf("versioned: a state of more than %d bytes: %w", maxSize, schema.ErrTooLarge)
	}
	d, err := detect(KindState, prefix, total, schedules)
	if err != nil {
		return nil, d, err
	}
	t, spec, err := typesOf(d.Fork, d.Preset)
	if err != nil {
		return nil, d, err
	}
	v, err := t.readState(spec, io.MultiReader(bytes.NewReader(prefix), r), size, maxSize)
	if err != nil {
		return nil, d, fmt.Errorf("versioned: %v: %w", d, err)
	}
	return &State{fork: d.Fork, preset: d.Preset, v: v}, d, nil
}

// prefixChunk is the first allocation of readPrefix; each next one is
// prefixGrowth times larger, up to what is wanted.
const (
	prefixChunk  = 64 << 10
	prefixGrowth = 4
)

// readPrefix reads want bytes of r, or up to its end, into a buffer grown
// as the bytes arrive, so that a stream that ends early, or a size it only
// claims, allocates about what came: at most 1.5 times that, and never
// more than want and its smaller steps.
func readPrefix(r io.Reader, want int) ([]byte, error) {
	buf := make([]byte, 0, min(want, prefixChunk))
	for {
		n, err := io.ReadFull(r, buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF || err == io.ErrUnexpectedEOF || len(buf) == want {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
		grown := make([]byte, len(buf), min(want, prefixGrowth*cap(buf)))
		copy(grown, buf)
		buf = grown
	}
}
