// Command libroot prints the root of the Fulu state file it is given, read
// as a program that uses the library would read it: open the file,
// versioned.ReadStateFrom (the state's tree built as the bytes arrive),
// HashTreeRoot. It is clibench's reference for the ssztree command.
package main

import (
	"fmt"
	"os"

	"github.com/ssztree/ssztree/versioned"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: libroot STATE.ssz")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "libroot:", err)
		os.Exit(1)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		fmt.Fprintln(os.Stderr, "libroot:", err)
		os.Exit(1)
	}
	st, _, err := versioned.ReadStateFrom(f, fi.Size())
	if err != nil {
		fmt.Fprintln(os.Stderr, "libroot:", err)
		os.Exit(1)
	}
	fmt.Printf("0x%x\n", st.HashTreeRoot())
}
