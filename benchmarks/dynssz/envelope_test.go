package dynssz

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/attestantio/go-eth2-client/spec"
	eth2altair "github.com/attestantio/go-eth2-client/spec/altair"
	eth2bellatrix "github.com/attestantio/go-eth2-client/spec/bellatrix"
	eth2capella "github.com/attestantio/go-eth2-client/spec/capella"
	eth2deneb "github.com/attestantio/go-eth2-client/spec/deneb"
	eth2electra "github.com/attestantio/go-eth2-client/spec/electra"
	eth2fulu "github.com/attestantio/go-eth2-client/spec/fulu"
	eth2gloas "github.com/attestantio/go-eth2-client/spec/gloas"
	eth2phase0 "github.com/attestantio/go-eth2-client/spec/phase0"
	dynssz "github.com/pk910/dynamic-ssz"
	"github.com/ssztree/ssztree/altair"
	"github.com/ssztree/ssztree/bellatrix"
	"github.com/ssztree/ssztree/capella"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/phase0"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/sszjson"
	"github.com/ssztree/ssztree/synth"
	"github.com/ssztree/ssztree/testutil/samples"
	"github.com/ssztree/ssztree/versioned"
)

// envelopeValidators is the number of validators of the synthetic states
// of the envelope tests: the mainnet vectors make a state's JSON some 5 MB
// whatever the validators, which only need to be there.
const envelopeValidators = 64

// envelopeFork is a fork's state and signed block in ssztree (synthetic,
// mainnet) and in go-eth2-client (spec/<fork>, Electra's block for Fulu,
// as spec.VersionedSignedBeaconBlock has it).
type envelopeFork struct {
	fork    forks.Name
	version spec.DataVersion
	// state and block return the SSZ of ssztree's synthetic state and
	// signed block.
	state func() ([]byte, error)
	block func() ([]byte, error)
	// peerState and peerBlock return go-eth2-client's types, empty.
	peerState, peerBlock func() any
}

// sszOf returns the SSZ of the value f makes.
func sszOf[V interface{ MarshalSSZ() ([]byte, error) }](f func() (V, error)) func() ([]byte, error) {
	return func() ([]byte, error) {
		v, err := f()
		if err != nil {
			return nil, err
		}
		return v.MarshalSSZ()
	}
}

// randomBlock returns the SSZ of a random signed block of a fork synth has
// no blocks of, of the fork's mainnet types.
func randomBlock(s interface{ Type(string) schema.Type }) func() ([]byte, error) {
	return func() ([]byte, error) {
		return samples.Random(rand.New(rand.NewPCG(1, 2)), s.Type("SignedBeaconBlock"), 3)
	}
}

var envelopeForks = []envelopeFork{
	{forks.NamePhase0, spec.DataVersionPhase0,
		sszOf(func() (*phase0.BeaconState, error) { return synth.Phase0State(phase0.Mainnet, envelopeValidators, 1) }),
		randomBlock(phase0.Mainnet),
		func() any { return new(eth2phase0.BeaconState) }, func() any { return new(eth2phase0.SignedBeaconBlock) }},
	{forks.NameAltair, spec.DataVersionAltair,
		sszOf(func() (*altair.BeaconState, error) { return synth.AltairState(altair.Mainnet, envelopeValidators, 2) }),
		randomBlock(altair.Mainnet),
		func() any { return new(eth2altair.BeaconState) }, func() any { return new(eth2altair.SignedBeaconBlock) }},
	{forks.NameBellatrix, spec.DataVersionBellatrix,
		sszOf(func() (*bellatrix.BeaconState, error) {
			return synth.BellatrixState(bellatrix.Mainnet, envelopeValidators, 3)
		}),
		randomBlock(bellatrix.Mainnet),
		func() any { return new(eth2bellatrix.BeaconState) }, func() any { return new(eth2bellatrix.SignedBeaconBlock) }},
	{forks.NameCapella, spec.DataVersionCapella,
		sszOf(func() (*capella.BeaconState, error) {
			return synth.CapellaState(capella.Mainnet, envelopeValidators, 4)
		}),
		sszOf(func() (*capella.SignedBeaconBlock, error) { return synth.CapellaBlock(capella.Mainnet, 4) }),
		func() any { return new(eth2capella.BeaconState) }, func() any { return new(eth2capella.SignedBeaconBlock) }},
	{forks.NameDeneb, spec.DataVersionDeneb,
		sszOf(func() (*deneb.BeaconState, error) { return synth.DenebState(deneb.Mainnet, envelopeValidators, 5) }),
		sszOf(func() (*deneb.SignedBeaconBlock, error) { return synth.DenebBlock(deneb.Mainnet, 5) }),
		func() any { return new(eth2deneb.BeaconState) }, func() any { return new(eth2deneb.SignedBeaconBlock) }},
	{forks.NameElectra, spec.DataVersionElectra,
		sszOf(func() (*electra.BeaconState, error) {
			return synth.ElectraState(electra.Mainnet, envelopeValidators, 6)
		}),
		sszOf(func() (*electra.SignedBeaconBlock, error) { return synth.ElectraBlock(electra.Mainnet, 6) }),
		func() any { return new(eth2electra.BeaconState) }, func() any { return new(eth2electra.SignedBeaconBlock) }},
	{forks.NameFulu, spec.DataVersionFulu,
		sszOf(func() (*fulu.BeaconState, error) { return synth.FuluState(fulu.Mainnet, envelopeValidators, 7) }),
		sszOf(func() (*fulu.SignedBeaconBlock, error) { return synth.FuluBlock(fulu.Mainnet, 7) }),
		func() any { return new(eth2fulu.BeaconState) }, func() any { return new(eth2electra.SignedBeaconBlock) }},
	{forks.NameGloas, spec.DataVersionGloas,
		sszOf(func() (*gloas.BeaconState, error) { return synth.GloasState(gloas.Mainnet, envelopeValidators, 8) }),
		sszOf(func() (*gloas.SignedBeaconBlock, error) { return synth.GloasBlock(gloas.Mainnet, 8) }),
		func() any { return new(eth2gloas.BeaconState) }, func() any { return new(eth2gloas.SignedBeaconBlock) }},
}

// eth2Response is the response of the beacon API as go-eth2-client's HTTP
// client reads it: the top object's members as raw JSON, the version from
// the version member (spec.DataVersion, as the client does without an
// Eth-Consensus-Version header), data into the given value of the
// client's types, and every other member into metadata.
type eth2Response struct {
	version  spec.DataVersion
	metadata map[string]any
}

// decodeEth2Response reads body into data as go-eth2-client's HTTP client
// reads a JSON response (http/json.go's decodeJSONResponse and
// http/http.go's consensus version, v0.30.1).
func decodeEth2Response(body []byte, data any) (eth2Response, error) {
	var res eth2Response
	var members map[string]json.RawMessage
	if err := json.Unmarshal(body, &members); err != nil {
		return res, err
	}
	var meta struct {
		Version spec.DataVersion `json:"version"`
	}
	if err := json.Unmarshal(body, &meta); err != nil {
		return res, fmt.Errorf("version: %w", err)
	}
	res.version = meta.Version
	res.metadata = map[string]any{}
	for k, v := range members {
		if k == "data" {
			if err := json.Unmarshal(v, data); err != nil {
				return res, fmt.Errorf("data: %w", err)
			}
			continue
		}
		var val any
		if err := json.Unmarshal(v, &val); err != nil {
			return res, fmt.Errorf("%s: %w", k, err)
		}
		res.metadata[k] = val
	}
	return res, nil
}

// emptyBytesAsMapping returns the JSON go-eth2-client wrote, with its
// empty byte lists ("", fmt's %#x of no bytes: bellatrix.Transaction's
// MarshalJSON in v0.30.1) written as the JSON mapping of the SSZ
// specification has them, "0x", which ssztree demands. No other string of
// a consensus value's JSON is empty. An empty transaction is valid SSZ but
// never in a block on chain; the random blocks of phase0 to Bellatrix
// have some.
func emptyBytesAsMapping(js []byte) []byte {
	return bytes.ReplaceAll(js, []byte(`""`), []byte(`"0x"`))
}

// eth2Envelope is the envelope of a response as a server built with
// go-eth2-client's types writes it: the version a spec.DataVersion, the
// data its JSON, and a member ssztree does not know, dependent_root.
type eth2Envelope struct {
	Version             *spec.DataVersion `json:"version,omitempty"`
	ExecutionOptimistic bool              `json:"execution_optimistic"`
	Finalized           bool              `json:"finalized"`
	DependentRoot       eth2phase0.Root   `json:"dependent_root"`
	Data                json.RawMessage   `json:"data"`
}

// TestEnvelopeAgainstGoEth2Client writes a state and a signed block of
// every fork in the beacon API's envelope with ssztree and reads them with
// go-eth2-client's types as its HTTP client does, and the reverse: the
// envelope go-eth2-client's types make, with dependent_root beside the
// members ssztree knows, read by ssztree. The roots agree each way, and
// so do the version, execution_optimistic and finalized.
func TestEnvelopeAgainstGoEth2Client(t *testing.T) {
	ds := dynssz.NewDynSsz(nil)
	for _, f := range envelopeForks {
		stateSSZ, err := f.state()
		if err != nil {
			t.Fatalf("%v: %v", f.fork, err)
		}
		st, err := versioned.DecodeState(f.fork, forks.Mainnet, stateSSZ)
		if err != nil {
			t.Fatalf("%v: %v", f.fork, err)
		}
		blockSSZ, err := f.block()
		if err != nil {
			t.Fatalf("%v: %v", f.fork, err)
		}
		sb, err := versioned.DecodeSignedBlock(f.fork, forks.Mainnet, blockSSZ)
		if err != nil {
			t.Fatalf("%v: %v", f.fork, err)
		}
		for _, v := range []struct {
			what      string
			root      [32]byte
			ssz       []byte
			peer      func() any
			marshal   func(sszjson.Envelope) ([]byte, error)
			unmarshal func([]byte) ([32]byte, sszjson.Envelope, error)
		}{
			{"state", st.HashTreeRoot(), stateSSZ, f.peerState,
				func(env sszjson.Envelope) ([]byte, error) { return versioned.MarshalStateEnvelope(st, env) },
				func(b []byte) ([32]byte, sszjson.Envelope, error) {
					got, env, err := versioned.UnmarshalStateEnvelope(forks.Mainnet, b)
					if err != nil {
						return [32]byte{}, env, err
					}
					return got.HashTreeRoot(), env, nil
				}},
			{"signed block", sb.HashTreeRoot(), blockSSZ, f.peerBlock,
				func(env sszjson.Envelope) ([]byte, error) { return versioned.MarshalSignedBlockEnvelope(sb, env) },
				func(b []byte) ([32]byte, sszjson.Envelope, error) {
					got, env, err := versioned.UnmarshalSignedBlockEnvelope(forks.Mainnet, b)
					if err != nil {
						return [32]byte{}, env, err
					}
					return got.HashTreeRoot(), env, nil
				}},
		} {
			where := fmt.Sprintf("%v %s", f.fork, v.what)
			for _, flags := range [][2]bool{{false, true}, {true, false}} {
				// ssztree writes, go-eth2-client reads.
				optimistic, finalized := flags[0], flags[1]
				body, err := v.marshal(sszjson.Envelope{ExecutionOptimistic: &optimistic, Finalized: &finalized})
				if err != nil {
					t.Fatalf("%s: ssztree: %v", where, err)
				}
				peer := v.peer()
				res, err := decodeEth2Response(body, peer)
				if f.fork == forks.NameGloas && v.what == "state" {
					checkBuilderVersion(t, where, body, err)
					break
				}
				if err != nil {
					t.Fatalf("%s: go-eth2-client reading ssztree's envelope: %v", where, err)
				}
				if res.version != f.version || res.metadata["execution_optimistic"] != optimistic || res.metadata["finalized"] != finalized || len(res.metadata) != 3 {
					t.Errorf("%s: go-eth2-client reads version %v, metadata %v", where, res.version, res.metadata)
				}
				if root, err := ds.HashTreeRoot(peer); err != nil || root != v.root {
					t.Errorf("%s: go-eth2-client's root %x (%v), ssztree's %x", where, root, err, v.root)
				}

				// go-eth2-client's types write, ssztree reads.
				data, err := json.Marshal(peer)
				if err != nil {
					t.Fatalf("%s: go-eth2-client: %v", where, err)
				}
				data = emptyBytesAsMapping(data)
				version := f.version
				theirs, err := json.Marshal(&eth2Envelope{Version: &version, ExecutionOptimistic: optimistic, Finalized: finalized,
					DependentRoot: eth2phase0.Root{0xde, 0xad}, Data: data})
				if err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				root, env, err := v.unmarshal(theirs)
				if err != nil {
					t.Fatalf("%s: ssztree reading go-eth2-client's envelope: %v", where, err)
				}
				if root != v.root || env.Version != f.fork.String() || *env.ExecutionOptimistic != optimistic || *env.Finalized != finalized {
					t.Errorf("%s: ssztree reads root %x version %s, want %x", where, root, env.Version, v.root)
				}
			}
			// go-eth2-client's root of the SSZ is ssztree's.
			peer := v.peer()
			if err := ds.UnmarshalSSZ(peer, v.ssz); err != nil {
				t.Fatalf("%s: go-eth2-client decoding the SSZ: %v", where, err)
			}
			if root, err := ds.HashTreeRoot(peer); err != nil || root != v.root {
				t.Errorf("%s: go-eth2-client's root of the SSZ %x (%v), ssztree's %x", where, root, err, v.root)
			}
		}
	}
}

// checkBuilderVersion checks the one disagreement of the JSON of a Gloas
// state: go-eth2-client v0.30.1 writes and reads a builder's version
// (uint8) as a JSON number (spec/gloas/builder.go's builderJSON), where
// the JSON mapping of SSZ and the beacon-APIs (types/primitive.yaml's
// Uint8, at 7a58b5a) have a decimal string, as ssztree writes it. err is
// go-eth2-client's error reading ssztree's envelope body; the reverse
// fails too, at the builder's version. When go-eth2-client agrees, the
// test says so, to be compared as the other forks are.
func checkBuilderVersion(t *testing.T, where string, body []byte, err error) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: go-eth2-client reads a builder's version as a string now: compare Gloas states in full", where)
		return
	}
	if !strings.Contains(err.Error(), "builders") || !strings.Contains(err.Error(), "uint8") {
		t.Errorf("%s: go-eth2-client reading ssztree's envelope: %v", where, err)
		return
	}
	numbered := regexp.MustCompile(`("version":)"([0-9]+)"`).ReplaceAll(body[bytes.Index(body, []byte(`"builders":`)):], []byte("$1$2"))
	_, _, err = versioned.UnmarshalStateEnvelope(forks.Mainnet, append(append([]byte{}, body[:bytes.Index(body, []byte(`"builders":`))]...), numbered...))
	var e *sszjson.Error
	if !errors.As(err, &e) || !errors.Is(err, sszjson.ErrKind) || !strings.HasPrefix(e.Path, "builders[0].version") {
		t.Errorf("%s: ssztree reading a builder's version as a number: %v", where, err)
	}
	t.Logf("%s: go-eth2-client v0.30.1 has a builder's version as a JSON number, the beacon-APIs a string: %v", where, err)
}

// TestBlobSidecarsEnvelopeAgainstGoEth2Client writes blob sidecars in the
// response of /eth/v1/beacon/blob_sidecars/{block_id} with ssztree, with
// and without a version, and reads them into go-eth2-client's
// []*deneb.BlobSidecar as its HTTP client does, and the reverse.
func TestBlobSidecarsEnvelopeAgainstGoEth2Client(t *testing.T) {
	ds := dynssz.NewDynSsz(nil)
	r := rand.New(rand.NewPCG(3, 4))
	var sidecars []*deneb.BlobSidecar
	for range 3 {
		b, err := samples.Random(r, deneb.Mainnet.Type("BlobSidecar"), 3)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := deneb.DecodeBlobSidecar(deneb.Mainnet, b)
		if err != nil {
			t.Fatal(err)
		}
		sidecars = append(sidecars, sc)
	}
	yes := true
	for _, version := range []string{"", "deneb", "electra"} {
		body, err := versioned.MarshalBlobSidecarsEnvelope(sidecars, sszjson.Envelope{Version: version, ExecutionOptimistic: &yes, Finalized: &yes})
		if err != nil {
			t.Fatal(err)
		}
		var peer []*eth2deneb.BlobSidecar
		res, err := decodeEth2Response(body, &peer)
		if err != nil {
			t.Fatalf("%q: go-eth2-client reading ssztree's envelope: %v", version, err)
		}
		if len(peer) != len(sidecars) || res.metadata["finalized"] != true || (version != "" && res.version.String() != version) {
			t.Fatalf("%q: go-eth2-client reads %d sidecars, version %v, metadata %v", version, len(peer), res.version, res.metadata)
		}
		for i, sc := range peer {
			if root, err := ds.HashTreeRoot(sc); err != nil || root != sidecars[i].HashTreeRoot() {
				t.Errorf("%q: sidecar %d: go-eth2-client's root %x (%v), ssztree's %x", version, i, root, err, sidecars[i].HashTreeRoot())
			}
		}

		data, err := json.Marshal(peer)
		if err != nil {
			t.Fatal(err)
		}
		env := eth2Envelope{ExecutionOptimistic: true, Data: data}
		if version != "" {
			v, err := spec.DataVersionFromString(version)
			if err != nil {
				t.Fatal(err)
			}
			env.Version = &v
		}
		theirs, err := json.Marshal(&env)
		if err != nil {
			t.Fatal(err)
		}
		got, e, err := versioned.UnmarshalBlobSidecarsEnvelope(forks.Mainnet, theirs)
		if err != nil || len(got) != len(sidecars) || e.Version != version {
			t.Fatalf("%q: ssztree reading go-eth2-client's envelope: %d sidecars, version %q, %v", version, len(got), e.Version, err)
		}
		for i := range got {
			if got[i].HashTreeRoot() != sidecars[i].HashTreeRoot() {
				t.Errorf("%q: sidecar %d differs", version, i)
			}
		}
		if !bytes.Contains(theirs, []byte(`"dependent_root"`)) {
			t.Fatal("the envelope lacks dependent_root")
		}
	}
}
