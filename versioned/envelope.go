package versioned

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/sszjson"
)

// The beacon API's JSON responses wrap the value in an envelope,
// sszjson.Envelope: {"version": "fulu", "execution_optimistic": false,
// "finalized": true, "data": ...}. The functions of this file read and
// write the envelopes of the values the package has types for. Reading,
// they skip the envelope's members they do not know (the API adds members
// over time) and keep the data strict, as the fork packages' UnmarshalJSON
// are; writing, they take the envelope's members from an sszjson.Envelope
// and the version from the value.

// ErrEnvelopeVersion is the error, wrapped, of writing an envelope whose
// Version names another fork than the value's.
var ErrEnvelopeVersion = errors.New("envelope version contradicts the value's fork")

// UnmarshalStateEnvelope returns the state in data, the beacon API's
// response {"version": "fulu", "execution_optimistic": false,
// "finalized": true, "data": {...}} (GET
// /eth/v2/debug/beacon/states/{state_id}), of the fork its version names,
// in preset, with the envelope's other members. Members of the envelope
// it does not know are skipped; a member of the data that the fork's
// state does not have is an error. [MarshalStateEnvelope] writes it.
func UnmarshalStateEnvelope(preset *def.Preset, data []byte) (*State, sszjson.Envelope, error) {
	env, fork, err := unmarshalEnvelope(data)
	if err != nil {
		return nil, env, err
	}
	st, err := DecodeStateJSON(fork, preset, env.Data)
	return st, env, err
}

// UnmarshalSignedBlockEnvelope returns the signed block in data, the
// beacon API's response {"version": "electra", "execution_optimistic":
// false, "finalized": true, "data": {...}} (GET
// /eth/v2/beacon/blocks/{block_id}), of the fork its version names, in
// preset, with the envelope's other members. Members of the envelope it
// does not know are skipped; a member of the data that the fork's block
// does not have is an error. [MarshalSignedBlockEnvelope] writes it.
func UnmarshalSignedBlockEnvelope(preset *def.Preset, data []byte) (*SignedBlock, sszjson.Envelope, error) {
	env, fork, err := unmarshalEnvelope(data)
	if err != nil {
		return nil, env, err
	}
	b, err := DecodeSignedBlockJSON(fork, preset, env.Data)
	return b, env, err
}

// UnmarshalSignedBlindedBlockEnvelope returns the signed blinded block in
// data, the beacon API's response of GET
// /eth/v1/beacon/blinded_blocks/{block_id}, as
// [UnmarshalSignedBlockEnvelope] does: a SignedBlindedBeaconBlock from
// Bellatrix on, the fork's SignedBeaconBlock before (the API's blocks of
// phase0 and Altair have no payload to blind). [MarshalSignedBlockEnvelope]
// writes it.
func UnmarshalSignedBlindedBlockEnvelope(preset *def.Preset, data []byte) (*SignedBlock, sszjson.Envelope, error) {
	env, fork, err := unmarshalEnvelope(data)
	if err != nil {
		return nil, env, err
	}
	var b *SignedBlock
	if fork < forks.NameBellatrix {
		b, err = DecodeSignedBlockJSON(fork, preset, env.Data)
	} else {
		b, err = DecodeSignedBlindedBlockJSON(fork, preset, env.Data)
	}
	return b, env, err
}

// UnmarshalBlockEnvelope returns the block in data, the beacon API's
// response to a proposer (GET /eth/v3/validator/blocks/{slot}):
// {"version": "fulu", "execution_payload_blinded": true, "data": {...}},
// a BlindedBeaconBlock when execution_payload_blinded is true, a
// BeaconBlock when it is false or absent, of the fork its version names,
// in preset. A response whose data holds the block with its blobs (the
// block contents of Deneb on) is not a BeaconBlock, and fails.
// [MarshalBlockEnvelope] writes it.
func UnmarshalBlockEnvelope(preset *def.Preset, data []byte) (*Block, sszjson.Envelope, error) {
	env, fork, err := unmarshalEnvelope(data)
	if err != nil {
		return nil, env, err
	}
	var b *Block
	if env.ExecutionPayloadBlinded != nil && *env.ExecutionPayloadBlinded {
		b, err = DecodeBlindedBlockJSON(fork, preset, env.Data)
	} else {
		b, err = DecodeBlockJSON(fork, preset, env.Data)
	}
	return b, env, err
}

// UnmarshalBlobSidecarsEnvelope returns the blob sidecars in data, the
// beacon API's response of GET /eth/v1/beacon/blob_sidecars/{block_id}:
// {"version": "deneb", "execution_optimistic": false, "finalized": true,
// "data": [...]}, of preset. The version may be absent (the response had
// none before beacon-APIs v3); where present it must name Deneb or a
// later fork, whose sidecars are all Deneb's type. The array holds at most
// MAX_BLOB_COMMITMENTS_PER_BLOCK sidecars (a block's sidecars are one a
// commitment). [MarshalBlobSidecarsEnvelope] writes it.
func UnmarshalBlobSidecarsEnvelope(preset *def.Preset, data []byte) ([]*deneb.BlobSidecar, sszjson.Envelope, error) {
	env, err := sszjson.UnmarshalEnvelope(data)
	if err != nil {
		return nil, env, err
	}
	fork := forks.NameDeneb
	if env.Version != "" {
		if fork, err = forks.ParseName(env.Version); err != nil {
			return nil, env, fmt.Errorf("versioned: envelope version: %w", err)
		}
	}
	spec, err := blobSpec(fork, preset)
	if err != nil {
		return nil, env, err
	}
	parts, err := listOf(spec, "BlobSidecar", preset, "MAX_BLOB_COMMITMENTS_PER_BLOCK", env.Data)
	if err != nil {
		return nil, env, err
	}
	sidecars := make([]*deneb.BlobSidecar, len(parts))
	for i, p := range parts {
		if sidecars[i], err = deneb.DecodeBlobSidecar(spec, p); err != nil {
			return nil, env, fmt.Errorf("versioned: blob sidecar %d: %w", i, err)
		}
	}
	return sidecars, env, nil
}

// UnmarshalDataColumnSidecarsEnvelope returns the data column sidecars
// in data, the beacon API's response of GET
// /eth/v1/debug/beacon/data_column_sidecars/{block_id}: {"version":
// "fulu", "execution_optimistic": false, "finalized": true, "data":
// [...]}, of preset. The version, where present, must be Fulu's: Gloas'
// sidecars are another type (gloas.DataColumnSidecar), and earlier forks
// have none. The array holds at most NUMBER_OF_COLUMNS sidecars.
// [MarshalDataColumnSidecarsEnvelope] writes it.
func UnmarshalDataColumnSidecarsEnvelope(preset *def.Preset, data []byte) ([]*fulu.DataColumnSidecar, sszjson.Envelope, error) {
	env, err := sszjson.UnmarshalEnvelope(data)
	if err != nil {
		return nil, env, err
	}
	fork := forks.NameFulu
	if env.Version != "" {
		if fork, err = forks.ParseName(env.Version); err != nil {
			return nil, env, fmt.Errorf("versioned: envelope version: %w", err)
		}
	}
	spec, err := columnSpec(fork, preset)
	if err != nil {
		return nil, env, err
	}
	parts, err := listOf(spec, "DataColumnSidecar", preset, "NUMBER_OF_COLUMNS", env.Data)
	if err != nil {
		return nil, env, err
	}
	sidecars := make([]*fulu.DataColumnSidecar, len(parts))
	for i, p := range parts {
		if sidecars[i], err = fulu.DecodeDataColumnSidecar(spec, p); err != nil {
			return nil, env, fmt.Errorf("versioned: data column sidecar %d: %w", i, err)
		}
	}
	return sidecars, env, nil
}

// MarshalStateEnvelope returns the beacon API's response of s, as GET
// /eth/v2/debug/beacon/states/{state_id} answers in JSON: the members of
// env (see sszjson.MarshalEnvelope; the API requires execution_optimistic
// and finalized, which the caller sets), the version of s's fork, and the
// state's JSON as the data. env.Version may be empty or the name of s's
// fork; another fork is an error wrapping [ErrEnvelopeVersion]. env.Data
// is not used, so the envelope that [UnmarshalStateEnvelope] returned
// writes a changed state back.
func MarshalStateEnvelope(s *State, env sszjson.Envelope) ([]byte, error) {
	if s == nil {
		return nil, errors.New("versioned: the envelope of a nil state")
	}
	if err := setVersion(&env, s.fork, "state"); err != nil {
		return nil, err
	}
	b, err := s.MarshalSSZ()
	if err != nil {
		return nil, err
	}
	return sszjson.MarshalVersioned(env, s.Untyped().Type(), b)
}

// MarshalSignedBlockEnvelope returns the beacon API's response of b, as
// GET /eth/v2/beacon/blocks/{block_id} answers in JSON, or GET
// /eth/v1/beacon/blinded_blocks/{block_id} for a blinded block: the
// members of env (the API requires execution_optimistic and finalized),
// the version of b's fork, and the block's JSON as the data. env.Version
// may be empty or the name of b's fork; another fork is an error wrapping
// [ErrEnvelopeVersion]. env.Data is not used.
func MarshalSignedBlockEnvelope(b *SignedBlock, env sszjson.Envelope) ([]byte, error) {
	if b == nil {
		return nil, errors.New("versioned: the envelope of a nil signed block")
	}
	if err := setVersion(&env, b.fork, "signed block"); err != nil {
		return nil, err
	}
	ssz, err := b.MarshalSSZ()
	if err != nil {
		return nil, err
	}
	return sszjson.MarshalVersioned(env, b.v.View().Schema(), ssz)
}

// MarshalBlockEnvelope returns the beacon API's response to a proposer of
// b, as GET /eth/v3/validator/blocks/{slot} answers in JSON: the members
// of env (the API requires execution_payload_value and
// consensus_block_value), the version of b's fork, execution_payload_blinded
// saying whether b is blinded, and the block's JSON as the data. Where
// env's version or execution_payload_blinded is set and contradicts b, it
// is an error wrapping [ErrEnvelopeVersion]. env.Data is not used.
func MarshalBlockEnvelope(b *Block, env sszjson.Envelope) ([]byte, error) {
	if b == nil {
		return nil, errors.New("versioned: the envelope of a nil block")
	}
	if err := setVersion(&env, b.fork, "block"); err != nil {
		return nil, err
	}
	if env.ExecutionPayloadBlinded != nil && *env.ExecutionPayloadBlinded != b.blinded {
		return nil, fmt.Errorf("versioned: envelope's execution_payload_blinded is %t, the block's Blinded %t: %w", *env.ExecutionPayloadBlinded, b.blinded, ErrEnvelopeVersion)
	}
	blinded := b.blinded
	env.ExecutionPayloadBlinded = &blinded
	ssz, err := b.MarshalSSZ()
	if err != nil {
		return nil, err
	}
	return sszjson.MarshalVersioned(env, b.v.View().Schema(), ssz)
}

// MarshalBlobSidecarsEnvelope returns the beacon API's response of GET
// /eth/v1/beacon/blob_sidecars/{block_id} in JSON: the members of env and
// the array of the sidecars' JSON as the data. The version is written as
// env has it, empty (the response of beacon-APIs before v3) or the name of
// Deneb or a later fork, which the caller knows from the block (the
// sidecars of those forks are all Deneb's type); a version of an earlier
// fork is an error wrapping forks.ErrUnknownFork. A nil sidecar is an
// error. env.Data is not used.
func MarshalBlobSidecarsEnvelope(sidecars []*deneb.BlobSidecar, env sszjson.Envelope) ([]byte, error) {
	if env.Version != "" {
		fork, err := forks.ParseName(env.Version)
		if err != nil {
			return nil, fmt.Errorf("versioned: envelope version: %w", err)
		}
		if fork < forks.NameDeneb {
			return nil, fmt.Errorf("versioned: envelope version: %v has no BlobSidecar: %w", fork, forks.ErrUnknownFork)
		}
	}
	return marshalList(sidecars, "blob sidecar", env)
}

// MarshalDataColumnSidecarsEnvelope returns the beacon API's response of
// GET /eth/v1/debug/beacon/data_column_sidecars/{block_id} in JSON: the
// members of env, the version "fulu" (the sidecars' type is Fulu's; an
// env.Version of another fork is an error wrapping
// [ErrEnvelopeVersion]), and the array of the sidecars' JSON as the data.
// A nil sidecar is an error. env.Data is not used.
func MarshalDataColumnSidecarsEnvelope(sidecars []*fulu.DataColumnSidecar, env sszjson.Envelope) ([]byte, error) {
	if err := setVersion(&env, forks.NameFulu, "data column sidecar"); err != nil {
		return nil, err
	}
	return marshalList(sidecars, "data column sidecar", env)
}

// unmarshalEnvelope reads the envelope in data and the fork its version
// names, which the response must have.
func unmarshalEnvelope(data []byte) (sszjson.Envelope, forks.Name, error) {
	env, err := sszjson.UnmarshalEnvelope(data)
	if err != nil {
		return env, 0, err
	}
	if env.Version == "" {
		return env, 0, &sszjson.Error{Top: "Envelope", Path: "version", Offset: -1, Err: sszjson.ErrField,
			Detail: "missing or empty: the fork of the data is not known"}
	}
	fork, err := forks.ParseName(env.Version)
	if err != nil {
		return env, 0, fmt.Errorf("versioned: envelope version: %w", err)
	}
	return env, fork, nil
}

// setVersion sets env's version to fork's name where it is empty, and
// returns an error wrapping ErrEnvelopeVersion where it names another
// fork than fork, that of a value of the kind what.
func setVersion(env *sszjson.Envelope, fork forks.Name, what string) error {
	if env.Version == "" {
		env.Version = fork.String()
		return nil
	}
	named, err := forks.ParseName(env.Version)
	if err != nil {
		return fmt.Errorf("versioned: envelope version: %w", err)
	}
	if named != fork {
		return fmt.Errorf("versioned: envelope version %q, the %s's fork is %v: %w", env.Version, what, fork, ErrEnvelopeVersion)
	}
	env.Version = fork.String()
	return nil
}

// marshalList writes the envelope env with the array of the JSON of
// values as its data; what names a value in errors.
func marshalList[T any, V interface {
	*T
	MarshalJSON() ([]byte, error)
}](values []V, what string, env sszjson.Envelope) ([]byte, error) {
	data := []byte{'['}
	for i, v := range values {
		if v == nil {
			return nil, fmt.Errorf("versioned: %s %d is nil", what, i)
		}
		js, err := v.MarshalJSON()
		if err != nil {
			return nil, fmt.Errorf("versioned: %s %d: %w", what, i, err)
		}
		if i > 0 {
			data = append(data, ',')
		}
		data = append(data, js...)
	}
	env.Data = append(data, ']')
	return sszjson.MarshalEnvelope(env)
}

// listOf converts data, the JSON array of values of the type named elem
// in spec, at most the preset's value named limit of them, into the
// serialization of each value.
func listOf(spec interface{ Type(string) schema.Type }, elem string, preset *def.Preset, limit string, data []byte) ([][]byte, error) {
	t := spec.Type(elem)
	n, ok := preset.Values[limit]
	if !ok {
		return nil, fmt.Errorf("versioned: preset %s has no %s: %w", preset.Name, limit, ErrPreset)
	}
	list, err := schema.NewList(t, n)
	if err != nil {
		return nil, err
	}
	b, err := sszjson.Unmarshal(list, data)
	if err != nil {
		return nil, err
	}
	return splitList(t, b), nil
}

// splitList returns the serializations of the elements of the list of
// elements of type t serialized in b, a valid serialization.
func splitList(t schema.Type, b []byte) [][]byte {
	if t.IsFixedSize() {
		size := t.FixedSize()
		parts := make([][]byte, len(b)/size)
		for i := range parts {
			parts[i] = b[i*size : (i+1)*size]
		}
		return parts
	}
	if len(b) == 0 {
		return nil
	}
	// The offsets of the elements, then their bytes: the first offset is
	// the size of the offsets.
	parts := make([][]byte, binary.LittleEndian.Uint32(b)/4)
	for i := range parts {
		start, end := binary.LittleEndian.Uint32(b[4*i:]), uint32(len(b))
		if i+1 < len(parts) {
			end = binary.LittleEndian.Uint32(b[4*i+4:])
		}
		parts[i] = b[start:end]
	}
	return parts
}
