package harness

// Micro cases of the objects a node takes from gossip all day: most are
// decoded, checked, hashed once and dropped (issue 15). Their types are
// Fulu's (of mainnet), and they have no fork dimension: a library that is
// several Peers holds them in its Fulu peer.
const (
	CaseSingleAttestation = "single-attestation" // Electra SingleAttestation (workload.SingleAttestation)
	CaseAggregate         = "aggregate"          // Electra SignedAggregateAndProof of one committee (workload.SignedAggregateAndProof)
	CaseBlobSidecar       = "blob-sidecar"       // Deneb BlobSidecar of a full blob (workload.BlobSidecar)
	CaseColumnSidecar     = "column-sidecar"     // Fulu DataColumnSidecar of 9 blobs (workload.DataColumnSidecar)
)

// GossipCases lists the gossip micro cases in the order they are run.
var GossipCases = []string{CaseSingleAttestation, CaseAggregate, CaseBlobSidecar, CaseColumnSidecar}
