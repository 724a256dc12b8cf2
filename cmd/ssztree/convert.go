package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/golang/snappy"
	"gopkg.in/yaml.v3"

	"github.com/ssztree/ssztree/sszjson"
)

// outputFlag registers -o on fs.
func outputFlag(fs *flag.FlagSet) *string {
	return fs.String("o", "", "write to this file rather than to standard output")
}

// writeOutput writes b to the file name, or to standard output when name
// is empty; binary output is refused on a terminal.
func writeOutput(e *env, name string, b []byte, binary bool) error {
	if name == "" {
		if f, ok := e.stdout.(*os.File); ok && binary && isTerminal(f) {
			return fmt.Errorf("binary output to a terminal: give -o FILE or pipe it")
		}
		_, err := e.stdout.Write(b)
		return err
	}
	return os.WriteFile(name, b, 0o644)
}

// cmdJSON prints a value's beacon-API JSON.
func cmdJSON(e *env, args []string) error {
	fs := newFlags("json", "[flags] FILE|-|URL", "Prints the value's JSON in the beacon API's format; -envelope wraps it as a beacon node answers,\n{\"version\": fork, \"data\": ...}.",
		"ssztree json state.ssz | jq .slot\nssztree json -envelope block.ssz_snappy > block.json")
	var vf valueFlags
	vf.add(fs)
	envelope := fs.Bool("envelope", false, "wrap the value in the beacon API's envelope, with the fork as its version")
	out := outputFlag(fs)
	pos, err := parse(fs, args, 1, 1)
	if err != nil {
		return err
	}
	v, b, err := vf.readSSZ(e, pos[0])
	if err != nil {
		return err
	}
	var j []byte
	if *envelope {
		j, err = sszjson.MarshalVersioned(sszjson.Envelope{Version: v.fork.String()}, v.v.Type(), b)
	} else {
		j, err = sszjson.Marshal(v.v.Type(), b)
	}
	if err != nil {
		return err
	}
	return writeOutput(e, *out, append(j, '\n'), false)
}

// cmdYAML prints a value in the YAML of the spec tests' value.yaml.
func cmdYAML(e *env, args []string) error {
	fs := newFlags("yaml", "[flags] FILE|-|URL", "Prints the value in the YAML of the consensus spec tests' value.yaml files.",
		"ssztree yaml attestation.ssz -type Attestation -fork electra")
	var vf valueFlags
	vf.add(fs)
	out := outputFlag(fs)
	pos, err := parse(fs, args, 1, 1)
	if err != nil {
		return err
	}
	v, b, err := vf.readSSZ(e, pos[0])
	if err != nil {
		return err
	}
	j, err := sszjson.Marshal(v.v.Type(), b)
	if err != nil {
		return err
	}
	n, err := yamlOf(j)
	if err != nil {
		return err
	}
	var sb strings.Builder
	enc := yaml.NewEncoder(&sb)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	return writeOutput(e, *out, []byte(sb.String()), false)
}

// cmdSSZ writes a value's SSZ.
func cmdSSZ(e *env, args []string) error {
	fs := newFlags("ssz", "[flags] FILE|-|URL", "Writes the value's SSZ serialization (from JSON, with or without the envelope, YAML, or any\nsnappy form); -snappy writes snappy's block format (.ssz_snappy), -framed its framing format.",
		"ssztree ssz state.json -o state.ssz\nssztree ssz -snappy value.yaml -type Checkpoint -fork phase0 > checkpoint.ssz_snappy")
	var vf valueFlags
	vf.add(fs)
	block := fs.Bool("snappy", false, "compress with snappy's block format (the spec tests' .ssz_snappy, Prysm's .ssz.snappy)")
	framed := fs.Bool("framed", false, "compress with snappy's framing format (the p2p stream format)")
	out := outputFlag(fs)
	pos, err := parse(fs, args, 1, 1)
	if err != nil {
		return err
	}
	if *block && *framed {
		return usagef("ssz: -snappy or -framed, not both")
	}
	_, b, err := vf.readSSZ(e, pos[0])
	if err != nil {
		return err
	}
	switch {
	case *block:
		b = snappy.Encode(nil, b)
	case *framed:
		b = frame(b)
	}
	return writeOutput(e, *out, b, true)
}

// frame returns b compressed in snappy's framing format.
func frame(b []byte) []byte {
	var sb strings.Builder
	w := snappy.NewBufferedWriter(&sb)
	w.Write(b) // a strings.Builder does not fail
	w.Close()
	return []byte(sb.String())
}
