package difftest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"time"
)

// A hang is a disagreement too (bad input must get an error, in bounded
// time), but the fuzzing engine of go test cannot tell one from a slow
// input: a worker that never returns shows as a run without executions, and
// when it is stopped the engine records the input it last sent, not the one
// the worker was running. watch records it instead.

// hangAfter is how long one execution of a fuzz target may take before
// watch records it. The largest inputs (states of megabytes, through four
// libraries) take well under a second. A variable for the tests.
var hangAfter = 30 * time.Second

// HangDir returns the directory where watch writes what it records: the
// value of SSZ_FUZZ_HANGS, or ssztree-fuzz-hangs in the temporary
// directory.
func HangDir() string {
	if d := os.Getenv("SSZ_FUZZ_HANGS"); d != "" {
		return d
	}
	return filepath.Join(os.TempDir(), "ssztree-fuzz-hangs")
}

// watch starts a timer that, if the execution of a fuzz target lasts
// hangAfter, writes its arguments to HangDir as a file of go test's corpus
// format (corpus returns it; copy the file to the target's
// testdata/fuzz/<Target>/ to rerun it) and, beside it, the stacks of every
// goroutine. The caller stops the timer when the execution
// returns. The input must not change meanwhile: it is the execution's own,
// and Check mutates a copy.
func watch(corpus func() []byte) *time.Timer {
	return time.AfterFunc(hangAfter, func() {
		dir := HangDir()
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return
		}
		name := fmt.Sprintf("%d-%d", os.Getpid(), time.Now().UnixNano())
		var stacks bytes.Buffer
		_ = pprof.Lookup("goroutine").WriteTo(&stacks, 2)
		writeWhole(dir, name, corpus())
		writeWhole(dir, name+".stacks", stacks.Bytes())
	})
}

// writeWhole writes b to the file name in dir so that whoever lists dir
// sees the file whole or not at all: b goes to a hidden file first (its
// name starts with a dot), which is then renamed.
func writeWhole(dir, name string, b []byte) {
	tmp := filepath.Join(dir, "."+name+".partial")
	if os.WriteFile(tmp, b, 0o644) == nil {
		_ = os.Rename(tmp, filepath.Join(dir, name))
	}
}

// corpusFile and splicedCorpusFile return the arguments of a target of
// Fuzz and of FuzzSpliced in go test's corpus format.
func corpusFile(input []byte, which uint8, sel uint32) []byte {
	return fmt.Appendf(nil, "go test fuzz v1\n[]byte(%q)\nbyte('\\x%02x')\nuint32(%d)\n", input, which, sel)
}

func splicedCorpusFile(patch []byte, which uint8, seed uint16, at, sel uint32) []byte {
	return fmt.Appendf(nil, "go test fuzz v1\n[]byte(%q)\nbyte('\\x%02x')\nuint16(%d)\nuint32(%d)\nuint32(%d)\n", patch, which, seed, at, sel)
}
