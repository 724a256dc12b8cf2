package gloas_test

import (
	"testing"

	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/schema"
)

// TestSpecType checks that Spec.Type has every container of the fork,
// progressive or not, and an interface holding no type for a name the
// fork lacks: when Type returned a *schema.Container, the progressive
// BeaconState came back as a nil *schema.Container in a non-nil
// schema.Type, which schema.Gindex and view.Decode rejected. Container
// has the containers that are not progressive.
func TestSpecType(t *testing.T) {
	for _, spec := range []*gloas.Spec{gloas.Mainnet, gloas.Minimal} {
		st, ok := spec.Type("BeaconState").(*schema.ProgressiveContainer)
		if !ok || st == nil {
			t.Fatalf("%s: Type(BeaconState) is %T, want a *schema.ProgressiveContainer", spec.Preset.Name, spec.Type("BeaconState"))
		}
		if g, err := schema.Gindex(spec.Type("BeaconState"), "finalized_checkpoint.root"); err != nil || g != 735 {
			t.Errorf("%s: gindex of finalized_checkpoint.root %d (%v), want 735", spec.Preset.Name, g, err)
		}
		if c := spec.Container("BeaconState"); c != nil {
			t.Errorf("%s: Container(BeaconState) is %v, want nil: the state is progressive", spec.Preset.Name, c)
		}
		block, ok := spec.Type("BeaconBlock").(*schema.Container)
		if !ok || block == nil || spec.Container("BeaconBlock") != block {
			t.Errorf("%s: Type(BeaconBlock) %T and Container(BeaconBlock) differ", spec.Preset.Name, spec.Type("BeaconBlock"))
		}
		if typ := spec.Type("NoSuchContainer"); typ != nil {
			t.Errorf("%s: Type of an unknown name is %T, want nil", spec.Preset.Name, typ)
		}
		for _, name := range spec.Types().Names() {
			if typ := spec.Type(name); typ == nil || typ != spec.Types().Type(name) {
				t.Errorf("%s: Type(%s) is %v, want the resolved type", spec.Preset.Name, name, typ)
			}
		}
	}
}
