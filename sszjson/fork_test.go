package sszjson_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/schema"
	"github.com/ssztree/ssztree/sszjson"
)

// forkTypes returns the types of fork for the minimal preset.
func forkTypes(t *testing.T, fork *def.Fork) *def.Types {
	t.Helper()
	ts, err := fork.Resolve(forks.Minimal)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// defaultJSON returns the serialization of the default value of typ and
// its JSON.
func defaultJSON(t *testing.T, typ schema.Type) (ssz, js []byte) {
	t.Helper()
	ssz, err := typ.Encode(nil, typ.Default())
	if err != nil {
		t.Fatal(err)
	}
	if js, err = sszjson.Marshal(typ, ssz); err != nil {
		t.Fatal(err)
	}
	return ssz, js
}

// TestLaterFork checks that the JSON of a capella value does not load
// into the phase0 type of the same name: the error names the first member
// that phase0 does not have, and the object that has it. Allowing unknown
// members loads it, as another value with another root, where capella
// has every field of phase0 (blocks; not states).
func TestLaterFork(t *testing.T) {
	phase0, capella := forkTypes(t, forks.Phase0), forkTypes(t, forks.Capella)
	for _, tc := range []struct {
		name, path, typ, member string
		loads                   bool // allowing unknown members
	}{
		{"SignedBeaconBlock", "message.body", "BeaconBlockBody", "sync_aggregate", true},
		{"BeaconBlock", "body", "BeaconBlockBody", "sync_aggregate", true},
		{"BeaconBlockBody", "", "BeaconBlockBody", "sync_aggregate", true},
		{"BeaconState", "", "BeaconState", "previous_epoch_participation", false},
	} {
		later, earlier := capella.Container(tc.name), phase0.Container(tc.name)
		ssz, js := defaultJSON(t, later)
		_, err := sszjson.Unmarshal(earlier, js)
		var e *sszjson.Error
		if !errors.As(err, &e) || !errors.Is(err, sszjson.ErrUnknownMember) ||
			e.Top != tc.name || e.Path != tc.path || e.Type != tc.typ || e.Detail != `"`+tc.member+`"` {
			t.Errorf("capella %s as phase0: %v; want an unknown member %s at %s.%s", tc.name, err, tc.member, tc.name, tc.path)
		} else if at := bytes.Index(js, []byte(`"`+tc.member+`":`)) + len(tc.member) + 3; e.Offset != at {
			t.Errorf("capella %s as phase0: %v; want byte %d", tc.name, err, at)
		}
		// The message the package doc and the guide show.
		const doc = `sszjson: SignedBeaconBlock.message.body (BeaconBlockBody) at byte 828: unknown member: "sync_aggregate"`
		if tc.name == "SignedBeaconBlock" && err != nil && err.Error() != doc {
			t.Errorf("capella %s as phase0: %q, want %q", tc.name, err, doc)
		}

		out, err := sszjson.UnmarshalOptions{AllowUnknownMembers: true}.Unmarshal(earlier, js)
		if !tc.loads {
			if !errors.Is(err, sszjson.ErrField) {
				t.Errorf("capella %s as phase0 allowing unknown members: %v; want a missing member", tc.name, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("capella %s as phase0 allowing unknown members: %v", tc.name, err)
		}
		n, err := earlier.Decode(out)
		if err != nil {
			t.Fatal(err)
		}
		m, err := later.Decode(ssz)
		if err != nil {
			t.Fatal(err)
		}
		if n.Root() == m.Root() {
			t.Errorf("capella %s as phase0 allowing unknown members: the same root", tc.name)
		}
	}
}

// TestVersionedForks decodes the beacon API's response of a capella block
// with the type its version names, and with the type of another version.
func TestVersionedForks(t *testing.T) {
	types := map[string]*def.Types{"phase0": forkTypes(t, forks.Phase0), "capella": forkTypes(t, forks.Capella)}
	typeOf := func(version string) (schema.Type, error) {
		ts, ok := types[version]
		if !ok {
			return nil, fmt.Errorf("no fork %q", version)
		}
		return ts.Container("SignedBeaconBlock"), nil
	}
	ssz, js := defaultJSON(t, types["capella"].Container("SignedBeaconBlock"))
	response := func(version string) []byte {
		return []byte(`{"version":"` + version + `","execution_optimistic":false,"finalized":true,"data":` + string(js) + `}`)
	}

	env, out, err := sszjson.UnmarshalVersioned(response("capella"), typeOf)
	if err != nil || env.Version != "capella" || !bytes.Equal(out, ssz) || !bytes.Equal(env.Data, js) {
		t.Fatalf("UnmarshalVersioned of a capella block: %+v, %v", env, err)
	}

	_, _, err = sszjson.UnmarshalVersioned(response("phase0"), typeOf)
	var e *sszjson.Error
	if !errors.As(err, &e) || !errors.Is(err, sszjson.ErrUnknownMember) || e.Top != "Envelope" || e.Path != "data.message.body" || e.Detail != `"sync_aggregate"` {
		t.Fatalf("UnmarshalVersioned of a capella block as phase0: %v", err)
	}
}
