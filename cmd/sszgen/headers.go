package main

import "strings"

// This file writes header_gen.go: the headers that stand for a block and
// an execution payload, which every fork with those types has.

// headers writes the header functions of the fork's blocks and, if it
// has them, of its execution payloads.
func (g *gen) headers() error {
	var fns []fn
	if g.has("BeaconBlock") {
		fns = append(fns,
			g.newFn("BeaconBlock", "BeaconBlockHeaderOf", "block *BeaconBlock", "BeaconBlockHeader", "block", "the header of block", nil),
			g.newFn("SignedBeaconBlock,BeaconBlock", "SignedBeaconBlockHeaderOf", "signed *SignedBeaconBlock", "SignedBeaconBlockHeader", "signed", "the signed header of signed", nil))
	}
	// A payload's header is written by the fork that defines both (Gloas'
	// payload has no header: the state keeps the bid).
	if g.has("ExecutionPayloadHeader") && g.has("ExecutionPayload") && g.owner("ExecutionPayloadHeader") == g.owner("ExecutionPayload") {
		lists := []string{}
		for _, f := range g.lookup("ExecutionPayloadHeader").Fields {
			if name, ok := strings.CutSuffix(f.Name, "_root"); ok {
				lists = append(lists, name)
			}
		}
		d := doc("ExecutionPayloadHeaderOf returns the header of an execution payload: its fields, with the lists (", strings.Join(lists, ", "),
			") replaced by their hash tree roots, as process_execution_payload (specs/", g.fork.Name,
			"/beacon-chain.md) stores it in the state's latest_execution_payload_header. The header shares the payload's field trees, and has the payload's root.")
		fns = append(fns, g.newFn("ExecutionPayloadHeader,ExecutionPayload", "ExecutionPayloadHeaderOf", "payload *ExecutionPayload", "(*ExecutionPayloadHeader, error)", "payload", "the header of an execution payload",
			summaryData{d, "payload", "ExecutionPayloadHeader"}).as("summary"))
	}
	return g.writeFns(fns...)
}

const headerTemplates = `
{{define "BeaconBlockHeaderOf"}}
// BeaconBlockHeaderOf returns the header of block: its slot, proposer,
// parent and state roots, and the hash tree root of its body, as
// process_block_header (specs/phase0/beacon-chain.md) stores it in the
// state's latest_block_header. The header has the root of the block.
func BeaconBlockHeaderOf(block *BeaconBlock) BeaconBlockHeader {
	return BeaconBlockHeader{
		Slot:          block.Slot(),
		ProposerIndex: block.ProposerIndex(),
		ParentRoot:    block.ParentRoot(),
		StateRoot:     block.StateRoot(),
		BodyRoot:      block.Body().HashTreeRoot(),
	}
}
{{end}}

{{define "SignedBeaconBlockHeaderOf"}}
// SignedBeaconBlockHeaderOf returns the signed header of signed: the
// header of its message, with its signature, which signs the header as
// well, the two having the same root (a proposer slashing holds two such
// headers).
func SignedBeaconBlockHeaderOf(signed *SignedBeaconBlock) SignedBeaconBlockHeader {
	return SignedBeaconBlockHeader{Message: BeaconBlockHeaderOf(signed.Message()), Signature: signed.Signature()}
}
{{end}}
`
