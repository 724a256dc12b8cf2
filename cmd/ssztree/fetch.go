package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/golang/snappy"

	"github.com/ssztree/ssztree/sszjson"
)

// cmdFetch downloads a state or a signed block from a beacon node.
func cmdFetch(e *env, args []string) error {
	fs := newFlags("fetch", "[flags] URL ID",
		"Downloads a state (/eth/v2/debug/beacon/states/ID) or, with -block, a signed block\n"+
			"(/eth/v2/beacon/blocks/ID) from the beacon node at URL, as SSZ (JSON where the node serves\n"+
			"only that, converted with the fork its Eth-Consensus-Version header names), to -o FILE\n"+
			"(raw SSZ; snappy's block format for .ssz_snappy or .ssz.snappy; the API's JSON envelope\n"+
			"for .json) or to standard output, to pipe into another subcommand. ID is head, genesis,\n"+
			"finalized, justified, a slot or a 0x root. A progress bar shows on standard error when it\n"+
			"is a terminal. Every other subcommand also reads a node's state: URL#ID for FILE.",
		"ssztree fetch -o head.ssz http://localhost:5052 head\nssztree fetch http://localhost:5052 finalized | ssztree info -")
	var o netOptions
	o.add(fs)
	fs.BoolVar(&o.block, "block", false, "a signed block rather than a state")
	out := outputFlag(fs)
	pos, err := parse(fs, args, 2, 2)
	if err != nil {
		return err
	}
	if !isURL(pos[0]) {
		return usagef("fetch: %q is not an http:// or https:// URL", pos[0])
	}
	if pos[1] == "" || strings.ContainsAny(pos[1], "/?#") {
		return usagef("fetch: %q is no state or block id", pos[1])
	}
	outFormat := formatOfName(*out)
	switch outFormat {
	case "":
		outFormat = fmtSSZ
	case fmtYAML:
		return usagef("fetch: -o %s: writes SSZ (.ssz), snappy (.ssz_snappy) or JSON (.json); ssztree yaml converts", *out)
	}
	o.progress, o.stderr = e.stderrTerminal, e.stderr
	u, err := resourceURL(strings.TrimSuffix(pos[0], "/")+"#"+pos[1], o.block)
	if err != nil {
		return err
	}
	r, err := request(u, &o)
	if err != nil {
		return err
	}
	defer r.Close()
	if r.format == fmtSSZ && outFormat != fmtSnappy && outFormat != fmtJSON {
		// Streamed through, whatever its size.
		return copyOut(e, *out, r)
	}
	// Converted: read whole.
	in := &input{name: u, r: r.body, size: r.size, fork: r.fork}
	if err := in.settle(r.format); err != nil {
		return err
	}
	sel := &selection{}
	if o.block {
		sel.typeName = "SignedBeaconBlock"
	}
	v, err := loadInput(in, sel)
	if err != nil {
		return err
	}
	b, err := v.v.MarshalSSZ()
	if err != nil {
		return err
	}
	switch outFormat {
	case fmtSnappy:
		b = snappy.Encode(nil, b)
	case fmtJSON:
		if b, err = sszjson.MarshalVersioned(sszjson.Envelope{Version: v.fork.String()}, v.v.Type(), b); err != nil {
			return err
		}
		b = append(b, '\n')
	}
	return writeOutput(e, *out, b, outFormat != fmtJSON)
}

// copyOut streams the SSZ of a response to the file name, or to standard
// output, and checks that it is whole.
func copyOut(e *env, name string, r *response) error {
	var w io.Writer = e.stdout
	if name == "" {
		if f, ok := e.stdout.(*os.File); ok && isTerminal(f) {
			return fmt.Errorf("binary output to a terminal: give -o FILE or pipe it")
		}
	} else {
		f, err := os.Create(name)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	n, err := io.Copy(w, r.body)
	if err != nil {
		if name != "" {
			os.Remove(name)
		}
		return err
	}
	if n == 0 {
		return fmt.Errorf("an empty answer")
	}
	if r.size >= 0 && n != r.size {
		return fmt.Errorf("%d bytes of the %d of its Content-Length", n, r.size)
	}
	if f, ok := w.(*os.File); ok && name != "" {
		return f.Close()
	}
	return nil
}
