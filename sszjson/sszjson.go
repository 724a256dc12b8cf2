// Package sszjson converts SSZ values between their serialization and the
// canonical JSON mapping of the SSZ specification (ssz/simple-serialize.md,
// "JSON mapping"), the encoding the Ethereum beacon-APIs use for consensus
// objects.
//
// The mapping, by type:
//
//   - uintN (8 to 256 bits): a string of the decimal value, "18446744073709551615";
//   - boolean: true or false;
//   - byte: a hex-byte-string, "0x00";
//   - Vector[byte, N], List[byte, N] and ProgressiveByteList: a
//     hex-byte-string of the bytes, "0x1122" ("0x" when empty);
//   - Bitvector[N], Bitlist[N] and ProgressiveBitList: a hex-byte-string of
//     their SSZ bytes (a bitlist with its delimiter bit);
//   - other vectors, lists and progressive lists, uint8 ones included: an
//     array of the elements;
//   - a container or a progressive container: an object with a member for
//     each field, named for it (the positions of a progressive container's
//     active_fields do not show);
//   - Union and CompatibleUnion: {"selector": string, "data": value}, the
//     selector's decimal digits in a string as for the integers, data null
//     for None.
//
// Marshal writes the members of a container in field order and no
// whitespace. Unmarshal is strict about values and about the objects
// around them: every field of a container, and the selector and data of a
// union, must be present, exactly once, and nothing else. A member that
// names no field is an error wrapping [ErrUnknownMember], so that the JSON
// of a later fork's value, whose containers have fields the earlier fork's
// lack, does not load silently into the earlier fork's type as another
// value with another root. [UnmarshalOptions] with AllowUnknownMembers
// skips such members instead, as the specification lets parsers do.
// Members may come in any order. Integers must be JSON strings of decimal
// digits (leading zeros are accepted, signs, spaces and JSON numbers are
// not); hex-byte-strings need the "0x" prefix and take digits of either
// case; lengths, limits, bitvector padding and bitlist delimiters are
// checked as SSZ decoding checks them, so the output of Unmarshal is
// always a valid serialization.
//
// The beacon API wraps the values whose type depends on the fork in an
// object that names the fork: {"version": "capella", "execution_optimistic":
// false, "finalized": true, "data": {...}}. [UnmarshalEnvelope] reads that
// object and returns the JSON text of its data; [UnmarshalVersioned]
// decodes the data as the type that a function of the caller picks for the
// version. Both skip the envelope's members they do not know, which the
// API adds over time, and keep the data strict. [MarshalEnvelope] and
// [MarshalVersioned] write the envelope, the latter converting the data
// from its serialization on the way.
//
// Both directions work on the serialization, not on trees: they walk the
// bytes or the JSON text once, guided by the schema, and append to one
// growing buffer.
//
// Errors are [*Error] values with the fields and the message format of
// schema.Error: the part at fault by its path in the notation of
// schema.ParsePath (a union's value is "data", its selector "selector"),
// its type, and the byte offset in the input: "sszjson: Checkpoint.epoch
// (uint64) at byte 10: wrong kind of JSON value: want a string, found a
// number". A member that is not known is named, quoted, in the error
// about the object that has it, at the offset of the member's value (the
// JSON of the default capella block read as a phase0 one):
//
//	sszjson: SignedBeaconBlock.message.body (BeaconBlockBody) at byte 828: unknown member: "sync_aggregate"
package sszjson

import (
	"reflect"

	"github.com/ssztree/ssztree/schema"
)

// Marshal returns the JSON of the value of type t serialized in ssz.
// Invalid SSZ bytes give an [*Error] wrapping the sentinel error of
// package schema that its Decode would give (schema.ErrOffset...).
func Marshal(t schema.Type, ssz []byte) ([]byte, error) {
	// The JSON of a beacon state is about 3.3 times its serialization (a
	// validator's 121 bytes become 330 to 415 characters, BenchmarkMarshal
	// 3.2), so one allocation of 3.5 times usually holds it all.
	out, err := AppendJSON(make([]byte, 0, len(ssz)/2*7+64), t, ssz)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// AppendJSON appends the JSON of the value of type t serialized in ssz to
// dst, as Marshal does. On error it returns dst unchanged.
//
// It checks ssz as it walks it, with the rules of package schema's Decode,
// rather than calling schema.Validate first: that costs no second pass
// (Validate builds trees for lists), and schema.Validate rejects every
// value of a variable-size container or vector.
func AppendJSON(dst []byte, t schema.Type, ssz []byte) ([]byte, error) {
	if isNil(t) {
		return dst, &Error{Offset: -1, Err: ErrUnsupportedType, Detail: "nil type"}
	}
	out, err := appendValue(dst, t, ssz, 0)
	if err != nil {
		atTop(err, t)
		return dst, err
	}
	return out, nil
}

// Unmarshal returns the SSZ serialization of the value of type t whose
// JSON is data. The output is a valid serialization: t.Decode accepts it.
// Invalid JSON, or JSON that does not describe a value of type t, gives an
// [*Error] naming the path to the fault; so does a member of an object
// that names none of its fields (ErrUnknownMember). Unmarshal is
// UnmarshalOptions{}.Unmarshal.
//
// Unmarshal scans data with its own JSON scanner rather than encoding/json:
// data is walked once, in place, guided by the schema, with no allocation
// per value and no intermediate map, RawMessage tree or token stream, and
// the output grows in one buffer. The cost is a scanner to maintain; the
// gain is speed (BenchmarkUnmarshal in this package, beside encoding/json
// decoding the same JSON into Go structs in the same run: about 8 times
// faster on the helper's run; re-run it to quote a figure) and memory (the output buffer
// only, where a map[string]any of a beacon state would take gigabytes).
// The scanner accepts only JSON (RFC 8259; like encoding/json it does not
// check UTF-8 in strings), which the fuzz tests check against json.Valid.
// A member seen before the ones that precede it in field order is skipped
// once and decoded when its turn comes, so out-of-order objects cost one
// more scan of their members.
func Unmarshal(t schema.Type, data []byte) ([]byte, error) {
	return UnmarshalOptions{}.Unmarshal(t, data)
}

// UnmarshalOptions are the choices of Unmarshal and of the functions that
// read the beacon API's envelope. The zero value is the default, strict
// behaviour of the package's functions of the same names. A value is safe
// to use from several goroutines at once.
type UnmarshalOptions struct {
	// AllowUnknownMembers makes the methods of UnmarshalOptions skip the
	// members of an object (a container's, a union's) that name none of
	// its fields, checking only their syntax, where they would otherwise
	// return an error wrapping ErrUnknownMember. The members of the beacon
	// API's envelope around the data are skipped either way (see
	// [UnmarshalEnvelope]); this option is about the data. Duplicates
	// among the skipped members go unnoticed; a known member twice is an
	// error either way. It suits JSON from newer software that adds
	// members of its own, at the price of reading a later fork's value
	// into an earlier fork's type without an error.
	AllowUnknownMembers bool
}

// Unmarshal is [Unmarshal] with the options of o.
func (o UnmarshalOptions) Unmarshal(t schema.Type, data []byte) ([]byte, error) {
	if isNil(t) {
		return nil, &Error{Offset: -1, Err: ErrUnsupportedType, Detail: "nil type"}
	}
	d := decoder{data: data, allowUnknown: o.AllowUnknownMembers}
	// The serialization of byte data is half its JSON (two hex digits a
	// byte), and of most other data less: one allocation usually holds it.
	// No value is longer than its type's MaxSize, which bounds the buffer
	// that a long text of a small type (an error to come) would size.
	out, err := d.value(make([]byte, 0, min(uint64(len(data)/2+16), t.MaxSize())), t)
	if err == nil {
		err = d.end()
	}
	if err != nil {
		atTop(err, t)
		return nil, err
	}
	return out, nil
}

// isNil reports whether t is nil or a nil pointer in an interface (the
// result of a lookup of a type that is not there, def.Types.Container of
// an unknown name), neither of which describes a type.
func isNil(t schema.Type) bool {
	if t == nil {
		return true
	}
	v := reflect.ValueOf(t)
	return v.Kind() == reflect.Pointer && v.IsNil()
}
