package phase0_test

import (
	"fmt"

	"github.com/ssztree/ssztree/phase0"
)

// A block body with an attestation: the list hands out handles that write
// through to the body, and the attestation appended keeps its own value.
func Example() {
	att := phase0.NewAttestation(phase0.Minimal)
	for i := 0; i < 8; i++ {
		if err := att.AggregationBits().Append(i%2 == 0); err != nil {
			panic(err)
		}
	}
	att.SetData(phase0.AttestationData{Slot: 9, Target: phase0.Checkpoint{Epoch: 1}})

	body := phase0.NewBeaconBlockBody(phase0.Minimal)
	if err := body.Attestations().Append(att); err != nil { // its value is copied in, in O(1)
		panic(err)
	}
	inBody := body.Attestations().Get(0) // a handle: writes go to body
	inBody.AggregationBits().Set(1, true)
	fmt.Println(inBody.Data().Slot, inBody.AggregationBits().Count(), att.AggregationBits().Count())

	data, err := body.MarshalSSZ()
	if err != nil {
		panic(err)
	}
	back, err := phase0.DecodeBeaconBlockBody(phase0.Minimal, data)
	if err != nil {
		panic(err)
	}
	fmt.Println(back.Attestations().Get(0).AggregationBits().Count(), back.HashTreeRoot() == body.HashTreeRoot())

	popped, err := body.Attestations().Pop() // a value of its own from now on
	if err != nil {
		panic(err)
	}
	fmt.Println(body.Attestations().Len(), popped.AggregationBits().Count())
	// Output:
	// 9 5 4
	// 5 true
	// 0 5
}
