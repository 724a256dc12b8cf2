package workload

// Interim inputs of the Deneb, Electra and Fulu tables, until the public
// synth package has an entry per fork (synth.FuluState, synth.FuluBlock and
// those of Electra and Deneb): the Capella state and block of this package
// carried into the later fork field by field, with the fields the later
// forks add at their defaults, except a block's blob commitments and
// execution requests. Every peer decodes the same bytes, so the tables
// compare like with like; the contents are less realistic than synth's
// (no pending deposits, withdrawals or consolidations, no proposer
// lookahead, no attestations).

import (
	"fmt"

	"github.com/ssztree/ssztree/benchmarks/harness"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/internal/synth"
	"github.com/ssztree/ssztree/view"
)

// copyFields sets the first src.NumFields() fields of dst, but those of
// except, to src's: the fields a later fork kept, in order.
func copyFields(dst, src *view.Container, except ...int) error {
	skip := map[int]bool{}
	for _, i := range except {
		skip[i] = true
	}
	for i := range src.NumFields() {
		if skip[i] {
			continue
		}
		if err := dst.SetBytes(i, src.Bytes(i)); err != nil {
			return fmt.Errorf("%s.%s: %w", dst.Schema(), dst.Schema().Field(i).Name, err)
		}
	}
	return nil
}

// Fields of the Capella containers whose type the later forks changed.
const (
	stateHeader = 24 // BeaconState.latest_execution_payload_header
	blockBody   = 4  // BeaconBlock.body
	bodyPayload = 9  // BeaconBlockBody.execution_payload
	// BeaconBlockBody's operation lists, whose element types Electra
	// changed; empty in the Capella block.
	bodyAttesterSlashings = 4
	bodyAttestations      = 5
)

// forkVersions are the mainnet fork versions (consensus-specs v1.6.1,
// configs/mainnet.yaml).
var forkVersions = map[string]byte{harness.ForkDeneb: 4, harness.ForkElectra: 5, harness.ForkFulu: 6}

// interimState returns the serialization of the Capella state of n
// validators carried into a later fork.
func interimState(fork string, n int) ([]byte, error) {
	src, err := synth.CapellaState(capella.Mainnet, n, Seed)
	if err != nil {
		return nil, err
	}
	var dst *view.Container
	switch fork {
	case harness.ForkDeneb:
		dst = deneb.NewBeaconState(deneb.Mainnet).View()
	case harness.ForkElectra:
		dst = electra.NewBeaconState(electra.Mainnet).View()
	case harness.ForkFulu:
		dst = fulu.NewBeaconState(fulu.Mainnet).View()
	}
	s := src.View()
	if err := copyFields(dst, s, stateHeader); err != nil {
		return nil, err
	}
	header, ok := dst.Field(stateHeader).(*view.Container)
	if !ok {
		return nil, fmt.Errorf("latest_execution_payload_header is not a container")
	}
	if err := copyFields(header, s.Field(stateHeader).(*view.Container)); err != nil {
		return nil, err
	}
	f := src.Fork()
	f.PreviousVersion, f.CurrentVersion = capella.Version{forkVersions[fork] - 1}, capella.Version{forkVersions[fork]}
	b, err := f.MarshalSSZ()
	if err != nil {
		return nil, err
	}
	if err := dst.SetBytes(3, b); err != nil {
		return nil, err
	}
	return dst.MarshalSSZ()
}

// Blobs is the number of blob commitments in the blocks of Deneb and later.
const Blobs = 9

// interimBlock returns the serialization of the Capella block carried into a
// later fork, with Blobs blob commitments and, from Electra on, execution
// requests: 2 deposits, 2 withdrawals, 1 consolidation.
func interimBlock(fork string) ([]byte, error) {
	in, err := capellaBlock()
	if err != nil {
		return nil, err
	}
	src, err := capella.DecodeSignedBeaconBlock(capella.Mainnet, in)
	if err != nil {
		return nil, err
	}
	r := rng(5)
	var signed *view.Container
	var commitments func(c deneb.KZGCommitment) error
	var requests func() error
	switch fork {
	case harness.ForkDeneb:
		b := deneb.NewSignedBeaconBlock(deneb.Mainnet)
		signed = b.View()
		commitments = b.Message().Body().BlobKZGCommitments().Append
	case harness.ForkElectra, harness.ForkFulu:
		spec := electra.Mainnet
		if fork == harness.ForkFulu {
			spec = fulu.Mainnet.Electra
		}
		b := electra.NewSignedBeaconBlock(spec)
		signed = b.View()
		body := b.Message().Body()
		commitments = body.BlobKZGCommitments().Append
		requests = func() error {
			reqs := body.ExecutionRequests()
			for i := range 2 {
				d := electra.DepositRequest{Amount: 32_000_000_000, Index: 2_000_000 + uint64(i)}
				fill(r, d.Pubkey[:])
				fill(r, d.WithdrawalCredentials[:])
				fill(r, d.Signature[:])
				if err := reqs.Deposits().Append(d); err != nil {
					return err
				}
				w := electra.WithdrawalRequest{Amount: electra.Gwei(r.Uint64N(1_000_000_000))}
				fill(r, w.SourceAddress[:])
				fill(r, w.ValidatorPubkey[:])
				if err := reqs.Withdrawals().Append(w); err != nil {
					return err
				}
			}
			var c electra.ConsolidationRequest
			fill(r, c.SourceAddress[:])
			fill(r, c.SourcePubkey[:])
			fill(r, c.TargetPubkey[:])
			return reqs.Consolidations().Append(c)
		}
	}
	s := src.View()
	if err := copyFields(signed, s, 0); err != nil {
		return nil, err
	}
	msg, srcMsg := signed.Field(0).(*view.Container), s.Field(0).(*view.Container)
	if err := copyFields(msg, srcMsg, blockBody); err != nil {
		return nil, err
	}
	body, srcBody := msg.Field(blockBody).(*view.Container), srcMsg.Field(blockBody).(*view.Container)
	if err := copyFields(body, srcBody, bodyAttesterSlashings, bodyAttestations, bodyPayload); err != nil {
		return nil, err
	}
	if err := copyFields(body.Field(bodyPayload).(*view.Container), srcBody.Field(bodyPayload).(*view.Container)); err != nil {
		return nil, err
	}
	for range Blobs {
		var c deneb.KZGCommitment
		fill(r, c[:])
		c[0] |= 0x80 // a compressed G1 point's flag
		if err := commitments(c); err != nil {
			return nil, err
		}
	}
	if requests != nil {
		if err := requests(); err != nil {
			return nil, err
		}
	}
	return signed.MarshalSSZ()
}

// Inputs says how the inputs of the tables were made, for the report's
// method section.
const Inputs = "synthetic mainnet states: ssztree's Capella state of n validators (`internal/synth`, `synth.CapellaState(capella.Mainnet, n, 1)`: random keys and roots, balances around 32 ETH, full root vectors, sync committees) carried into each later fork field by field, the fields Deneb, Electra and Fulu add at their defaults (`benchmarks/workload`, until the public `synth` package has a state per fork), then encoded; micro inputs built with ssztree's fork packages."

// BlockContents says what the block of a fork holds, for the report.
func BlockContents(fork string) string {
	const capellaBlock = "1,000 transactions of 150 to 450 bytes and 16 withdrawals in its execution payload, its other fields random and its operation lists empty"
	switch fork {
	case harness.ForkCapella:
		return "A block with " + capellaBlock + "."
	case harness.ForkDeneb:
		return fmt.Sprintf("A block with %s, and %d blob commitments.", capellaBlock, Blobs)
	case harness.ForkElectra, harness.ForkFulu:
		return fmt.Sprintf("A block with %s, %d blob commitments and execution requests (2 deposits, 2 withdrawals, 1 consolidation).", capellaBlock, Blobs)
	}
	return ""
}
