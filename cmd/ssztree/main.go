// Command ssztree reads SSZ values of every type of every consensus fork
// through Gloas, from files, standard input and beacon nodes: their roots,
// what they are, their JSON and YAML, the parts that paths name, Merkle
// proofs of those parts, and what differs between two of them.
//
// Usage:
//
//	ssztree root    [flags] FILE|-|URL          the hash tree root
//	ssztree info    [flags] FILE|-|URL          what the value is (inspect: the same)
//	ssztree json    [flags] FILE|-|URL          the beacon API's JSON (-envelope)
//	ssztree yaml    [flags] FILE|-|URL          the spec tests' YAML
//	ssztree ssz     [flags] FILE|-|URL          the SSZ (-snappy, -framed)
//	ssztree get     [flags] FILE|-|URL PATH...  the parts that paths name, as JSON (-ssz)
//	ssztree proof   [flags] FILE|-|URL PATH...  a Merkle proof of those parts
//	ssztree verify  [flags] [PROOF]             check a proof (exit status 0 or 1)
//	ssztree diff    [flags] A B                 the parts that differ, by path
//	ssztree fetch   [flags] URL ID              a state or block from a beacon node
//	ssztree gen     [flags]                     a synthetic state or block
//	ssztree types   [-fork F]                   the containers -type takes
//	ssztree demo    [flags]                     the demonstration workload
//	ssztree conform [dir]                       the conformance cases
//
// A value is a beacon state, signed block or signed blinded block of any
// fork and preset, found from its bytes, or any container of the forks'
// definitions with -type (and -fork, -preset or -network where the bytes
// do not tell); a file is raw SSZ, snappy's block format (.ssz_snappy,
// .ssz.snappy) or framing format, the beacon API's JSON with or without
// its envelope, or the spec tests' YAML, found from its name and content.
// A raw or framed state is decoded as it is read, never held whole beside
// its tree. Flags go before or after the arguments; every subcommand's -h
// shows its flags and an example; an error is one line on standard error,
// with exit status 1, or 2 for a command line it does not take. See
// docs/cli.md.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// A subcommand runs with the standard streams and its arguments.
type subcommand struct {
	name, summary string
	run           func(e *env, args []string) error
}

// subcommands are the command's subcommands, in the order the usage lists
// them.
var subcommands = []subcommand{
	{"root", "the hash tree root", cmdRoot},
	{"info", "what the value is: type, fork, network, preset, size, slot, lists, root", cmdInfo("info")},
	{"inspect", "info's old name", cmdInfo("inspect")},
	{"json", "the beacon API's JSON (-envelope)", cmdJSON},
	{"yaml", "the spec tests' YAML", cmdYAML},
	{"ssz", "the SSZ, from any format (-snappy, -framed)", cmdSSZ},
	{"get", "the parts that paths name, as JSON (-ssz)", cmdGet},
	{"proof", "a Merkle proof of the parts that paths name", cmdProof},
	{"verify", "check a proof (exit status 0 or 1)", cmdVerify},
	{"diff", "the parts that differ between two values, by path", cmdDiff},
	{"fetch", "a state or signed block from a beacon node", cmdFetch},
	{"gen", "a synthetic state or signed block", cmdGen},
	{"types", "the containers -type takes", cmdTypes},
	{"demo", "the demonstration workload", func(e *env, args []string) error { return demo(args, e.stdout) }},
	{"conform", "run the conformance cases", func(e *env, args []string) error { return conform(args, e.stdout) }},
}

func main() {
	os.Exit(run(os.Args[1:], &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, stderrTerminal: isTerminal(os.Stderr)}))
}

// run runs the command line args and returns the exit status.
func run(args []string, e *env) int {
	if len(args) == 0 {
		usage(e.stderr)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(e.stderr)
		return 0
	}
	for _, c := range subcommands {
		if c.name != args[0] {
			continue
		}
		err := c.run(e, args[1:])
		var ue *usageError
		switch {
		case err == nil, errors.Is(err, errHelp):
			return 0
		case errors.As(err, &ue):
			fmt.Fprintln(e.stderr, "ssztree:", oneLine(err))
			return 2
		default:
			fmt.Fprintln(e.stderr, "ssztree:", oneLine(err))
			return 1
		}
	}
	fmt.Fprintf(e.stderr, "ssztree: unknown subcommand %q (ssztree -h lists them)\n", args[0])
	return 2
}

// usage lists the subcommands.
func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: ssztree SUBCOMMAND [flags] [arguments]\n\nsubcommands:")
	for _, c := range subcommands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nssztree SUBCOMMAND -h shows a subcommand's flags and an example; docs/cli.md has them all.")
}
