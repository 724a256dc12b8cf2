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
// length), and returns it with its fork as [ReadState] finds it: from the
// state's first bytes (fork.current_version, else the slot), looked up in
// schedules and the built-in ones. The state is built as its bytes arrive
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
	prefix := make([]byte, statePrefix)
	if n, err := io.ReadFull(r, prefix); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			err = schema.ErrTruncated
		}
		return nil, Detection{}, fmt.Errorf("versioned: the first %d bytes of a state, %d read: %w", statePrefix, n, err)
	}
	d, err := DetectState(prefix, schedules...)
	if err != nil {
		return nil, d, err
	}
	t, spec, err := typesOf(d.Fork, d.Schedule.Preset())
	if err != nil {
		return nil, d, err
	}
	v, err := t.readState(spec, io.MultiReader(bytes.NewReader(prefix), r), size, maxSize)
	if err != nil {
		how := "fork.current_version " + d.Version.String()
		if d.BySlot {
			how = "slot, in the schedule of " + d.Schedule.String()
		}
		return nil, d, fmt.Errorf("versioned: a %v state by its %s: %w", d.Fork, how, err)
	}
	return &State{fork: d.Fork, preset: d.Schedule.Preset(), v: v}, d, nil
}
