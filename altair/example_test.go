package altair_test

import (
	"fmt"

	"github.com/ssztree/ssztree/altair"
)

// An Altair state: participation flags and inactivity scores beside the
// balances, and the sync committees.
func Example() {
	st := altair.NewBeaconState(altair.Minimal)
	st.SetSlot(64)
	for i := 0; i < 4; i++ {
		st.Validators().Append(altair.Validator{EffectiveBalance: 32_000_000_000, ExitEpoch: 1<<64 - 1})
		st.Balances().Append(32_000_000_000)
		st.PreviousEpochParticipation().Append(0)
		st.CurrentEpochParticipation().Append(0)
		st.InactivityScores().Append(0)
	}
	// A validator that attested in time to the source, target and head:
	// the three participation flags (specs/altair/beacon-chain.md).
	st.CurrentEpochParticipation().Set(2, 0b111)

	committee := st.CurrentSyncCommittee() // a handle: writes go to st
	committee.Pubkeys().Set(0, altair.BLSPubkey{0xaa})

	data, _ := st.MarshalSSZ()
	back, _ := altair.DecodeBeaconState(altair.Minimal, data)
	fmt.Println(back.CurrentEpochParticipation().Get(2), back.CurrentSyncCommittee().Pubkeys().Get(0)[0] == 0xaa)
	fmt.Println(back.CurrentSyncCommittee().Pubkeys().Len(), "members in a minimal sync committee")
	fmt.Println(back.HashTreeRoot() == st.HashTreeRoot())
	// Output:
	// 7 true
	// 32 members in a minimal sync committee
	// true
}
