package versioned_test

import (
	"errors"
	"fmt"

	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/versioned"
)

// A state of Gnosis Chain: the gnosis preset, built in, gives its sizes
// (16 slots an epoch, so a proposer lookahead of 32 slots); any other
// preset, from forks.LoadPreset, works the same.
func ExampleDecodeState_gnosis() {
	spec, err := fulu.NewSpec(forks.Gnosis)
	if err != nil {
		panic(err)
	}
	st := fulu.NewBeaconState(spec)
	st.SetSlot(1714688 * 16)
	v, _ := forks.GnosisSchedule.Version(forks.NameFulu)
	st.SetFork(fulu.Fork{CurrentVersion: fulu.Version(v)})
	b, err := st.MarshalSSZ()
	if err != nil {
		panic(err)
	}

	s, err := versioned.DecodeState(forks.NameFulu, forks.Gnosis, b)
	if err != nil {
		panic(err)
	}
	f, _ := s.Fulu()
	fmt.Println(s.ForkName(), s.Preset().Name, s.HashTreeRoot() == st.HashTreeRoot(), f.ProposerLookahead().Len())

	// The same bytes as mainnet's fail, and the version names what they
	// hold.
	_, err = versioned.DecodeState(forks.NameFulu, forks.Mainnet, b)
	var wrong *forks.WrongForkError
	fmt.Println(errors.As(err, &wrong), wrong.Schedule)
	// Output:
	// fulu gnosis true 32
	// true gnosis (gnosis preset)
}
