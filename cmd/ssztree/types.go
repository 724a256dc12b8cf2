package main

import (
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/ssztree/ssztree/forks"
)

// cmdTypes lists the containers that -type takes.
func cmdTypes(e *env, args []string) error {
	fs := newFlags("types", "[-fork F] [-preset P]",
		"Lists the containers of the forks' definitions that -type takes: with -fork, those of\n"+
			"that fork with the sizes of their serialization in the preset (mainnet by default);\n"+
			"without, every name with the forks that have it.",
		"ssztree types -fork gloas\nssztree types | grep Sidecar")
	forkName := fs.String("fork", "", "the fork: phase0 ... gloas")
	presetName := fs.String("preset", "mainnet", "the preset: mainnet, minimal or gnosis")
	if _, err := parse(fs, args, 0, 0); err != nil {
		return err
	}
	p, ok := forks.LookupPreset(*presetName)
	if !ok {
		return usagef("types: -preset %q: want mainnet, minimal or gnosis", *presetName)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	if *forkName != "" {
		f, err := forks.ParseName(*forkName)
		if err != nil {
			return usagef("types: -fork %q: %v", *forkName, err)
		}
		ts, err := f.Def().Resolve(p)
		if err != nil {
			return err
		}
		for _, name := range ts.Names() {
			t := ts.Type(name)
			if t == nil {
				continue
			}
			size := fmt.Sprintf("%d bytes", t.FixedSize())
			if !t.IsFixedSize() {
				size = fmt.Sprintf("%d to %d bytes", t.MinSize(), t.MaxSize())
			}
			fmt.Fprintf(tw, "%s\t%s\n", name, size)
		}
		return tw.Flush()
	}
	var names []string
	have := map[string][]string{}
	for _, f := range forks.Names() {
		ts, err := f.Def().Resolve(p)
		if err != nil {
			continue
		}
		for _, name := range ts.Names() {
			if ts.Type(name) == nil {
				continue
			}
			if _, seen := have[name]; !seen {
				names = append(names, name)
			}
			have[name] = append(have[name], f.String())
		}
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Fprintf(tw, "%s\t%s\n", name, strings.Join(have[name], " "))
	}
	return tw.Flush()
}
