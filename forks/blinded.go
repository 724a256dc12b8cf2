package forks

import (
	"slices"

	"github.com/ssztree/ssztree/def"
)

// withBlinded returns containers, a fork's, followed by the blinded blocks
// of the fork's BeaconBlockBody, which containers holds (see blinded).
func withBlinded(containers []*def.Container) []*def.Container {
	i := slices.IndexFunc(containers, func(c *def.Container) bool { return c.Name == "BeaconBlockBody" })
	if i < 0 {
		panic("forks: no BeaconBlockBody to blind")
	}
	return append(containers, blinded(containers[i])...)
}

// blinded returns the blinded blocks of body, a BeaconBlockBody with an
// execution payload: the containers of the builder API
// (ethereum/builder-specs, specs/bellatrix/builder.md and the later forks',
// "Blinded beacon block") and of the beacon API (ethereum/beacon-APIs,
// types/<fork>/block.yaml), which a validator signs without the payload's
// transactions:
//
//   - BlindedBeaconBlockBody, body with execution_payload_header
//     (ExecutionPayloadHeader) in the place of execution_payload: the
//     fields before and after it (blob_kzg_commitments from Deneb on,
//     execution_requests from Electra on) stay;
//   - BlindedBeaconBlock, BeaconBlock with that body;
//   - SignedBlindedBeaconBlock, SignedBeaconBlock with that block.
//
// An ExecutionPayloadHeader has the root of its payload, so each blinded
// container has the root of the full one: a signature over one signs the
// other.
func blinded(body *def.Container) []*def.Container {
	fields := slices.Clone(body.Fields)
	i := slices.IndexFunc(fields, func(f def.Field) bool { return f.Name == "execution_payload" })
	if i < 0 {
		panic("forks: " + body.Name + " has no execution_payload to blind")
	}
	fields[i] = field("execution_payload_header", ref("ExecutionPayloadHeader"))
	block := replace(beaconBlockFields, field("body", ref("BlindedBeaconBlockBody")))
	signed := replace(signedBeaconBlockFields, field("message", ref("BlindedBeaconBlock")))
	return []*def.Container{
		container("BlindedBeaconBlockBody", fields...),
		container("BlindedBeaconBlock", block...),
		container("SignedBlindedBeaconBlock", signed...),
	}
}
