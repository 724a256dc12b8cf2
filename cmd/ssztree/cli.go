package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// usageError is the error of a command line that the command does not
// accept: an unknown flag, a missing or extra argument. main exits with
// status 2 for it, 1 for every other error.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// usagef returns a usageError.
func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// errHelp is returned by parse when -h was given: the usage has been
// printed, and the command exits with status 0.
var errHelp = errors.New("help requested")

// usages print the usage of the subcommands' flag sets: their synopsis,
// what they do, an example and the flags.
var usages = map[*flag.FlagSet]func(){}

// newFlags returns the flag set of the subcommand name, whose usage text is
// its synopsis, what it does, an example and the flags.
func newFlags(name, synopsis, about, example string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // parse reports the errors itself, in one line
	fs.Usage = func() {}     // the flag package calls it on errors too
	usages[fs] = func() {
		w := os.Stderr
		fmt.Fprintf(w, "usage: ssztree %s %s\n\n%s\n\nexample:\n  %s\n", name, synopsis, about, strings.ReplaceAll(example, "\n", "\n  "))
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			fmt.Fprintln(w, "\nflags:")
			fs.SetOutput(w)
			fs.PrintDefaults()
			fs.SetOutput(io.Discard)
		}
	}
	return fs
}

// parse parses args with fs, taking flags before, between and after the
// arguments (a Go command's convention: "ssztree root state.ssz -fork
// fulu"), and returns the arguments. "--" ends the flags; "-" is an
// argument (standard input). An argument count outside [minArgs, maxArgs]
// (maxArgs -1: any) is a usage error.
func parse(fs *flag.FlagSet, args []string, minArgs, maxArgs int) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				usages[fs]()
				return nil, errHelp
			}
			return nil, usagef("%s: %v (ssztree %s -h for help)", fs.Name(), err, fs.Name())
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			pos = append(pos, rest...) // after "--": arguments only
			break
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
	if len(pos) < minArgs || maxArgs >= 0 && len(pos) > maxArgs {
		want := fmt.Sprintf("%d", minArgs)
		switch {
		case maxArgs < 0:
			want = fmt.Sprintf("at least %d", minArgs)
		case maxArgs != minArgs:
			want = fmt.Sprintf("%d to %d", minArgs, maxArgs)
		}
		return nil, usagef("%s: %d arguments, want %s (ssztree %s -h for help)", fs.Name(), len(pos), want, fs.Name())
	}
	return pos, nil
}

// oneLine returns the message of err on one line: a newline in it (a
// wrapped error of a library, a server's body) becomes "; ".
func oneLine(err error) string {
	s := strings.TrimSpace(err.Error())
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\n", "; ")
}

// isTerminal reports whether f is a terminal: a character device, as a
// terminal is and a file or a pipe is not. It is the standard library's
// check, without a dependency; /dev/null, also a character device, is
// taken for a terminal, which only shows a progress bar to no one.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
