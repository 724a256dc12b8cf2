package main

import (
	"flag"
	"fmt"
	"io"
)

// env is what a subcommand reads and writes: the standard streams.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// stderrTerminal is whether standard error is a terminal, which a
	// progress bar needs.
	stderrTerminal bool
}

// valueFlags are the flags of a subcommand that reads a value: its type's,
// and a beacon node's timeouts.
type valueFlags struct {
	typeFlags
	net netOptions
}

// add registers the flags on fs.
func (vf *valueFlags) add(fs *flag.FlagSet) {
	vf.typeFlags.add(fs)
	vf.net.add(fs)
}

// read loads the value of source with the flags.
func (vf *valueFlags) read(e *env, source string) (*value, error) {
	sel, err := vf.resolve()
	if err != nil {
		return nil, err
	}
	vf.net.progress = e.stderrTerminal
	vf.net.stderr = e.stderr
	return load(source, sel, e.stdin, &vf.net)
}

// readSSZ reads the value at source, as read does, and returns it with its
// serialization.
func (vf *valueFlags) readSSZ(e *env, source string) (*value, []byte, error) {
	v, err := vf.read(e, source)
	if err != nil {
		return nil, nil, err
	}
	b, err := v.v.MarshalSSZ()
	if err != nil {
		return nil, nil, err
	}
	return v, b, nil
}

// cmdRoot prints the hash tree root of a value.
func cmdRoot(e *env, args []string) error {
	fs := newFlags("root", "[flags] FILE|-|URL", "Prints the value's hash tree root, 0x..., on one line.",
		"ssztree root state.ssz\ncurl -s .../state.ssz_snappy | ssztree root -")
	var vf valueFlags
	vf.add(fs)
	pos, err := parse(fs, args, 1, 1)
	if err != nil {
		return err
	}
	v, err := vf.read(e, pos[0])
	if err != nil {
		return err
	}
	r := v.v.HashTreeRoot()
	_, err = fmt.Fprintf(e.stdout, "0x%x\n", r)
	return err
}
