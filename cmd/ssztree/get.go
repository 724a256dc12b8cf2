package main

import (
	"encoding/json"
	"fmt"

	"github.com/ssztree/ssztree/sszjson"
)

// cmdGet prints the parts of a value that paths name.
func cmdGet(e *env, args []string) error {
	fs := newFlags("get", "[flags] FILE|-|URL PATH...",
		"Prints the part of the value each path names, in the notation of the consensus spec's\n"+
			"get_generalized_index (slot, validators[12], validators[12].effective_balance,\n"+
			"finalized_checkpoint.root, balances.__len__; a range, balances[0:10], names each of its\n"+
			"elements), as JSON: the value for one path, an object of them by path for several.\n"+
			"-ssz writes the serialization of one part.",
		"ssztree get state.ssz finalized_checkpoint validators[0].pubkey\nssztree get -ssz state.ssz validators[7] | ssztree json -type Validator -fork phase0 -")
	var vf valueFlags
	vf.add(fs)
	raw := fs.Bool("ssz", false, "write the part's SSZ serialization (one path)")
	pos, err := parse(fs, args, 2, -1)
	if err != nil {
		return err
	}
	if *raw && len(pos) != 2 {
		return usagef("get: -ssz takes one path")
	}
	v, err := vf.read(e, pos[0])
	if err != nil {
		return err
	}
	paths, err := expandPaths(pos[1:])
	if err != nil {
		return err
	}
	var out []byte
	if len(paths) > 1 {
		out = append(out, '{')
	}
	for i, path := range paths {
		p, err := partAt(v.v, path)
		if err != nil {
			return err
		}
		if *raw {
			return writeOutput(e, "", p.ssz, true)
		}
		if len(paths) > 1 {
			if i > 0 {
				out = append(out, ',')
			}
			k, _ := json.Marshal(path)
			out = append(append(out, k...), ':')
		}
		if out, err = sszjson.AppendJSON(out, p.t, p.ssz); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	if len(paths) > 1 {
		out = append(out, '}')
	}
	_, err = e.stdout.Write(append(out, '\n'))
	return err
}
