// Command clibench measures the ssztree command's root of a Fulu state
// file, wall time and peak resident memory, beside the same job written
// as a program with the library (open the file, versioned.ReadStateFrom,
// HashTreeRoot: the library's own read + decode + root) and with
// dynamic-ssz through go-eth2-client's spec/fulu types (read the file,
// UnmarshalSSZ, HashTreeRoot): item 5 of issue 39, whose targets are time
// ≤ 1.2 × the library's and peak ≤ 1.4 × the SSZ size.
//
// Each job is a program of its own (the command; libroot and dynroot of
// this folder), built with go build (the go command must be on PATH) and
// run as a child process, one after another; its peak RSS is the
// kernel's (getrusage's ru_maxrss of the child); the roots of the three
// are compared. The state is synth.FuluState of the mainnet preset, made
// by ssztree gen into a file in a temporary folder (or -state FILE), so
// that this process, whose memory at each exec the children's peak RSS
// counts, never holds one.
//
//	go run ./cmd/clibench                       # 1,000,000 validators, 5 runs
//	go run ./cmd/clibench -validators 10000 -runs 1   # a check that it works
//
// It prints a Markdown table, the medians of the runs.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	n := flag.Int("validators", 1_000_000, "validators of the Fulu state")
	runs := flag.Int("runs", 5, "runs of each job; the table has their medians")
	seed := flag.Uint64("seed", 1, "seed of the synthetic state")
	keep := flag.String("state", "", "the state file to use (written there if absent); default: one in a temporary folder")
	flag.Parse()
	if err := bench(*n, *runs, *seed, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "clibench:", err)
		os.Exit(1)
	}
}

// measurement is one run of a job.
type measurement struct {
	wall time.Duration
	rss  int64 // bytes
	root string
}

// measure runs the command and returns its wall time, peak RSS and output.
func measure(name string, args ...string) (measurement, error) {
	cmd := exec.Command(name, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return measurement{}, fmt.Errorf("%s %s: %v: %s", filepath.Base(name), strings.Join(args, " "), err, errb.Bytes())
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return measurement{}, fmt.Errorf("no resource usage on %s", runtime.GOOS)
	}
	return measurement{wall: wall, rss: int64(ru.Maxrss) * 1024, root: strings.TrimSpace(out.String())}, nil
}

// bench writes the state, builds the command and runs the jobs.
func bench(n, runs int, seed uint64, file string) error {
	dir, err := os.MkdirTemp("", "clibench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if file == "" {
		file = filepath.Join(dir, "fulu.ssz")
	}
	// Each job is a program of its own, built here: the command, and the
	// library's and dynamic-ssz's programs of this folder.
	bins := map[string]string{
		"ssztree": "github.com/ssztree/ssztree/cmd/ssztree",
		"libroot": "github.com/ssztree/ssztree/benchmarks/dynssz/cmd/clibench/libroot",
		"dynroot": "github.com/ssztree/ssztree/benchmarks/dynssz/cmd/clibench/dynroot",
	}
	for name, pkg := range bins {
		bins[name] = filepath.Join(dir, name)
		if out, err := exec.Command("go", "build", "-o", bins[name], pkg).CombinedOutput(); err != nil {
			return fmt.Errorf("building %s: %v: %s", pkg, err, out)
		}
	}
	if _, err := os.Stat(file); err != nil {
		// The state is made by the command, in a process of its own: a
		// child's peak RSS (ru_maxrss) counts the high-water mark of the
		// parent's memory at the exec, so this process must never hold a
		// state itself.
		gen := exec.Command(bins["ssztree"], "gen", "-fork", "fulu", "-validators", strconv.Itoa(n), "-seed", strconv.FormatUint(seed, 10), "-o", file)
		if out, err := gen.CombinedOutput(); err != nil {
			return fmt.Errorf("ssztree gen: %v: %s", err, out)
		}
	}
	fi, err := os.Stat(file)
	if err != nil {
		return err
	}
	size := fi.Size()
	jobs := []struct {
		name string
		run  func() (measurement, error)
	}{
		{"ssztree root FILE (the command)", func() (measurement, error) { return measure(bins["ssztree"], "root", file) }},
		{"library: versioned.ReadStateFrom + HashTreeRoot (libroot)", func() (measurement, error) { return measure(bins["libroot"], file) }},
		{"dynamic-ssz: read file + UnmarshalSSZ + HashTreeRoot (dynroot)", func() (measurement, error) { return measure(bins["dynroot"], file) }},
	}
	results := make([][]measurement, len(jobs))
	for r := 0; r < runs; r++ {
		for i, j := range jobs {
			m, err := j.run()
			if err != nil {
				return err
			}
			results[i] = append(results[i], m)
		}
	}
	root := results[0][0].root
	for i, ms := range results {
		for _, m := range ms {
			if m.root != root {
				return fmt.Errorf("%s: root %s, the command's is %s", jobs[i].name, m.root, root)
			}
		}
	}
	lib := median(results[1])
	fmt.Printf("Fulu mainnet state, %d validators, %.1f MB of SSZ, root %s; medians of %d runs (their range in brackets), GOMAXPROCS %d\n\n",
		n, float64(size)/1e6, root, runs, runtime.GOMAXPROCS(0))
	fmt.Println("| job | wall time | × library | peak RSS | × SSZ size |")
	fmt.Println("| --- | ---: | ---: | ---: | ---: |")
	for i, j := range jobs {
		m, lo, hi := median(results[i]), least(results[i]), most(results[i])
		fmt.Printf("| %s | %v (%v–%v) | %.2f | %.1f MB (%.1f–%.1f) | %.2f |\n", j.name,
			m.wall.Round(time.Millisecond), lo.wall.Round(time.Millisecond), hi.wall.Round(time.Millisecond),
			float64(m.wall)/float64(lib.wall), float64(m.rss)/1e6, float64(lo.rss)/1e6, float64(hi.rss)/1e6, float64(m.rss)/float64(size))
	}
	return nil
}

// order returns the wall times and peak RSS of ms, each sorted.
func order(ms []measurement) ([]time.Duration, []int64) {
	w := make([]time.Duration, len(ms))
	r := make([]int64, len(ms))
	for i, m := range ms {
		w[i], r[i] = m.wall, m.rss
	}
	slices.Sort(w)
	slices.Sort(r)
	return w, r
}

// median returns the median wall time and the median peak RSS of ms.
func median(ms []measurement) measurement {
	w, r := order(ms)
	return measurement{wall: w[len(w)/2], rss: r[len(r)/2]}
}

// least returns the least wall time and peak RSS of ms.
func least(ms []measurement) measurement {
	w, r := order(ms)
	return measurement{wall: w[0], rss: r[0]}
}

// most returns the greatest wall time and peak RSS of ms.
func most(ms []measurement) measurement {
	w, r := order(ms)
	return measurement{wall: w[len(w)-1], rss: r[len(r)-1]}
}
