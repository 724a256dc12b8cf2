package report

import "github.com/ssztree/ssztree/benchmarks/harness"

// gossipRows are the rows of the gossip micro cases: decode, encode and
// decode + root of each, like the block's.
func gossipRows() []RowInfo {
	var rows []RowInfo
	for _, cs := range harness.GossipCases {
		title := gossipTitle(cs)
		rows = append(rows,
			RowInfo{Case: cs, ID: harness.RowMicroDecode, Title: title + ": decode", Target: "≤ fastest peer", kind: fastestPeer},
			RowInfo{Case: cs, ID: harness.RowMicroEncode, Title: title + ": encode", Target: "≤ fastest peer", kind: fastestPeer},
			RowInfo{Case: cs, ID: harness.RowMicroEncodeHashed, Title: title + ": encode, after a root", Target: "≤ fastest peer", kind: fastestPeer},
			RowInfo{Case: cs, ID: harness.RowMicroDecodeRoot, Title: title + ": decode + root", Root: true, Target: "≤ fastest peer", kind: fastestPeer},
		)
	}
	return rows
}

// gossipTitle returns the title of a gossip micro case: its type and what
// it holds.
func gossipTitle(cs string) string {
	switch cs {
	case harness.CaseSingleAttestation:
		return "SingleAttestation"
	case harness.CaseAggregate:
		return "SignedAggregateAndProof (one committee)"
	case harness.CaseBlobSidecar:
		return "BlobSidecar (128 KiB blob)"
	case harness.CaseColumnSidecar:
		return "DataColumnSidecar (9 cells)"
	}
	return cs
}
