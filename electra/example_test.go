package electra_test

import (
	"fmt"

	"github.com/ssztree/ssztree/electra"
)

// An Electra attestation aggregates the votes of several committees of a
// slot: committee_bits names them, and aggregation_bits holds the bits of
// their members, one committee after the other. A single vote travels as
// a SingleAttestation, a plain struct.
func Example_attestation() {
	vote := electra.SingleAttestation{CommitteeIndex: 2, AttesterIndex: 1234}
	vote.Data.Slot = 96

	att := electra.NewAttestation(electra.Minimal)
	att.SetData(vote.Data)
	att.CommitteeBits().Set(int(vote.CommitteeIndex), true)
	const committeeSize, position = 4, 3 // the attester's place in its committee
	for i := range committeeSize {
		att.AggregationBits().Append(i == position)
	}

	fmt.Println(att.CommitteeBits().Len(), att.CommitteeBits().Count(), att.AggregationBits().Len())
	data, _ := att.MarshalSSZ()
	back, err := electra.DecodeAttestation(electra.Minimal, data)
	fmt.Println(err, back.HashTreeRoot() == att.HashTreeRoot(), back.Data().Slot)
	// Output:
	// 4 1 4
	// <nil> true 96
}
