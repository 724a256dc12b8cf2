package harness

// The forks the suite measures, by the names of the consensus
// specification (and of the beacon API's Eth-Consensus-Version). Each peer
// runs on the latest fork it can express; ssztree runs on every one.
const (
	ForkCapella = "capella"
	ForkDeneb   = "deneb"
	ForkElectra = "electra"
	ForkFulu    = "fulu"
	ForkGloas   = "gloas"
)

// stateDepth returns the depth of the tree of a BeaconState's fields in a
// fork: 28 fields from Capella through Deneb (depth 5), 37 in Electra
// (EIP-6110, EIP-7002, EIP-7251) and 38 in Fulu (proposer_lookahead),
// depth 6 (consensus-specs v1.6.1, specs/<fork>/beacon-chain.md). It
// returns 0 for a fork the suite does not know and for Gloas, whose state
// is a ProgressiveContainer (EIP-7495): its fields are no tree of one
// depth.
func stateDepth(fork string) uint {
	switch fork {
	case ForkCapella, ForkDeneb:
		return 5
	case ForkElectra, ForkFulu:
		return 6
	}
	return 0
}
