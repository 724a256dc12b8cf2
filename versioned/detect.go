package versioned

import (
	"encoding/binary"
	"fmt"

	"github.com/ssztree/ssztree/forks"
)

// slotOffset is the offset of slot in the serialization of a BeaconState
// of every fork: after genesis_time (8 bytes) and genesis_validators_root
// (32).
const slotOffset = 8 + 32

// Detection is what the bytes of a state say of their fork: the fork, the
// schedule of the network and preset it is of, and how it was found.
type Detection struct {
	// Fork is the fork of the state.
	Fork forks.Name
	// Schedule is the schedule that gave Fork: that of the network
	// whose version the state holds, or the one its slot was read
	// with. Its Preset is the preset of the state.
	Schedule *forks.Schedule
	// Given is true when Schedule is one of those the caller gave.
	Given bool
	// Version is the state's fork.current_version.
	Version forks.ForkVersion
	// BySlot is true when no schedule has Version (or it is the
	// all-zero version of default states), so that Fork is the fork of
	// the state's slot in Schedule.
	BySlot bool
}

// DetectState finds the fork of the serialized BeaconState b, of any fork,
// without decoding it. It reads fork.current_version, and looks it up in
// schedules, in order, then in the built-in schedules (forks.Schedules);
// when none has it, it takes the fork of the state's slot in the first of
// schedules, or in forks.MainnetSchedule when none is given. The all-zero
// version, which every fork's default state holds, is looked up by slot
// too. Bytes too short to hold the slot and the version are an error.
func DetectState(b []byte, schedules ...*forks.Schedule) (Detection, error) {
	v, ok := forks.StateForkVersion(b)
	if !ok {
		return Detection{}, fmt.Errorf("versioned: %d bytes: too short for a state's fork.current_version, at %d",
			len(b), forks.StateForkVersionOffset)
	}
	d := Detection{Version: v}
	if v != (forks.ForkVersion{}) {
		if len(schedules) > 0 {
			if n, s, ok := forks.LookupVersion(v, schedules...); ok {
				d.Fork, d.Schedule, d.Given = n, s, true
				return d, nil
			}
		}
		if n, s, ok := forks.LookupVersion(v); ok {
			d.Fork, d.Schedule = n, s
			return d, nil
		}
	}
	d.Schedule = forks.MainnetSchedule
	if len(schedules) > 0 {
		d.Schedule, d.Given = schedules[0], true
	}
	d.BySlot = true
	d.Fork = d.Schedule.AtSlot(binary.LittleEndian.Uint64(b[slotOffset:]))
	return d, nil
}

// ReadState returns the serialized BeaconState b, of the fork and preset
// DetectState finds, with what it found. A fork that a schedule of the
// caller's gives the state's version is the state's, whatever the
// built-in schedules say of that version (see [DecodeState]).
func ReadState(b []byte, schedules ...*forks.Schedule) (*State, Detection, error) {
	d, err := DetectState(b, schedules...)
	if err != nil {
		return nil, d, err
	}
	var st *State
	if d.Given && !d.BySlot {
		st, err = decodeState(d.Fork, d.Schedule.Preset(), b, false)
	} else {
		st, err = DecodeState(d.Fork, d.Schedule.Preset(), b)
	}
	if err != nil {
		how := "fork.current_version " + d.Version.String()
		if d.BySlot {
			how = "slot, in the schedule of " + d.Schedule.String()
		}
		return nil, d, fmt.Errorf("versioned: a %v state by its %s: %w", d.Fork, how, err)
	}
	return st, d, nil
}
