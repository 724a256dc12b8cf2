package forkcode

import (
	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
)

// StateFork returns the error of decoding b as the BeaconState of fork in
// preset, given err, the decoder's error: nil before decoding. Before
// decoding, a fork.current_version in b that a built-in schedule gives to
// another fork is a *forks.WrongForkError; after a failed decoding, so is
// one that names another fork or another preset, wrapping err. Otherwise
// it returns err: a version no schedule knows (a custom network's) leaves
// the decoding as it is, and so does the all-zero version, which every
// fork's default state holds and which therefore names no fork here,
// though mainnet's phase0 has it. A version of the same fork in another
// preset is no error when the state decodes: the shape decides, and a
// test state may carry mainnet's version in the minimal preset.
func StateFork(fork string, preset *def.Preset, b []byte, err error) error {
	v, ok := forks.StateForkVersion(b)
	if !ok || v == (forks.ForkVersion{}) {
		return err
	}
	held, s, ok := forks.LookupVersion(v)
	if !ok {
		return err
	}
	decoded, perr := forks.ParseName(fork)
	if perr != nil {
		panic("forkcode: StateFork of " + fork + ": " + perr.Error()) // a bug of the generator
	}
	if held == decoded && (err == nil || s.Preset().Name == preset.Name) {
		return err
	}
	return &forks.WrongForkError{Version: v, Fork: held, Schedule: s,
		DecodedFork: decoded, DecodedPreset: preset.Name, Err: err}
}
