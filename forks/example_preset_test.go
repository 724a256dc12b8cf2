package forks_test

import (
	"fmt"
	"testing/fstest"

	"github.com/ssztree/ssztree/forks"
)

// A preset of the specification's files, loaded at run time, and a
// network's config.yaml that names it as its PRESET_BASE.
func ExampleLoadPreset() {
	// The folder presets/fast of a copy of the specification (os.DirFS of
	// its root, in a program): mainnet's values but 4 slots an epoch.
	specs := fstest.MapFS{}
	var phase0, rest string
	for k, v := range forks.Mainnet.Values {
		if _, derived := forks.Derived[k]; derived {
			continue
		}
		if k == "SLOTS_PER_EPOCH" {
			v = 4
		}
		line := fmt.Sprintf("%s: %d\n", k, v)
		if k == "SLOTS_PER_EPOCH" {
			phase0 += line
		} else {
			rest += line
		}
	}
	specs["presets/fast/phase0.yaml"] = &fstest.MapFile{Data: []byte(phase0)}
	specs["presets/fast/others.yaml"] = &fstest.MapFile{Data: []byte(rest)}

	preset, err := forks.LoadPreset(specs, "presets/fast")
	if err != nil {
		panic(err)
	}
	fmt.Println(preset.Name, preset.Values["SLOTS_PER_EPOCH"], preset.Values["PROPOSER_LOOKAHEAD_SLOTS"])

	config := []byte(`CONFIG_NAME: 'devnet'
PRESET_BASE: 'fast'
GENESIS_FORK_VERSION: 0x10000042
ALTAIR_FORK_VERSION: 0x20000042
ALTAIR_FORK_EPOCH: 10
`)
	schedule, err := forks.ParseConfig(config, preset)
	if err != nil {
		panic(err)
	}
	fmt.Println(schedule, schedule.AtSlot(40))

	// Without the preset, the config names what it lacks.
	_, err = forks.ParseConfig(config)
	fmt.Println(err)

	// Gnosis' preset and networks are built in.
	g, _ := forks.LookupPreset("gnosis")
	fmt.Println(g.Values["SLOTS_PER_EPOCH"], forks.ChiadoSchedule, forks.GnosisSchedule.AtEpoch(1714688))
	// Output:
	// fast 4 8
	// devnet (fast preset) altair
	// forks: config devnet: PRESET_BASE "fast": unknown preset: neither built in (mainnet, minimal, gnosis) nor given (none)
	// 16 chiado (gnosis preset) fulu
}
