package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
)

// TestExtrasFresh checks that each fork's package has the files of the
// concerns the generator writes for it now, and none of the others.
func TestExtrasFresh(t *testing.T) {
	for _, f := range []*def.Fork{forks.Phase0, forks.Altair, forks.Bellatrix, forks.Capella, forks.Deneb, forks.Electra, forks.Fulu, forks.Gloas} {
		files, err := generateExtras(f)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		for name, want := range files {
			path := filepath.Join("..", "..", f.Name, name)
			got, err := os.ReadFile(path)
			switch {
			case want == nil && err == nil:
				t.Errorf("%s is of no concern of %s: run go generate ./...", path, f.Name)
			case want != nil && !bytes.Equal(got, want):
				t.Errorf("%s is stale: run go generate ./...", path)
			}
		}
	}
}

// TestExtrasOfNewFork generates the concerns of a fork after Gloas that
// changes only its state, as the next fork may: what it takes unchanged
// calls the functions of the fork that defines it, and what it defines
// (the state's light-client branches and builders) is its own, at the
// indices of its state.
func TestExtrasOfNewFork(t *testing.T) {
	state := forks.Gloas.Derive("BeaconState").Append(def.Field{Name: "new_field", Type: def.Basic(forks.Uint64.Basic)})
	f := &def.Fork{Name: "testfork", Parent: forks.Gloas, Containers: []*def.Container{state}}
	files, err := generateExtras(f)
	if err != nil {
		t.Fatal(err)
	}
	for name, wants := range map[string][]string{
		"header_gen.go": {
			"func BeaconBlockHeaderOf(block *BeaconBlock) BeaconBlockHeader {\n\treturn gloas.BeaconBlockHeaderOf(block)\n}",
		},
		"lightclient_gen.go": {
			`FinalizedRootGindex = forkcode.Gindex(Mainnet.Type("BeaconState"), "finalized_checkpoint.root")`,
			`return b, forkcode.Branch("testfork", st.View(), FinalizedRootGindex, b[:])`,
			"return gloas.BlockToLightClientHeader(block)",
			`var lightClient = lightclient.NewFork("testfork", BlockToLightClientHeader,`,
			"return gloas.CreateLightClientFinalityUpdate(update)",
		},
	} {
		src := string(files[name])
		for _, want := range wants {
			if !strings.Contains(src, want) {
				t.Errorf("%s lacks %s", name, want)
			}
		}
	}
	for _, absent := range []string{"ExecutionBranch(", "GindexAtSlot("} {
		if strings.Contains(string(files["lightclient_gen.go"]), absent) {
			t.Errorf("lightclient_gen.go has %s, of a container or an index the fork does not change", absent)
		}
	}
	if files["blinded_gen.go"] != nil || files["sidecar_gen.go"] != nil {
		t.Error("the fork has blinded blocks or blob sidecars, which Gloas has not")
	}
}
