package report

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
)

// Machine describes where a run ran.
type Machine struct {
	CPU        string
	Cores      int
	GOMAXPROCS int
	SHANI      bool
	AVX512     bool // AVX-512F
	MemoryKB   string
	GoVersion  string
	OSArch     string
	// LoadBefore and LoadAfter are /proc/loadavg at the start and the end:
	// other processes' load makes figures noisier.
	LoadBefore, LoadAfter string
	// OtherCPU is the share of the machine's CPU time that other processes
	// than the suite's used during the run (-1 if unknown).
	OtherCPU float64
}

// CPUTimes is a sample of the machine's and the suite's CPU time.
type CPUTimes struct {
	busy, total float64 // the machine's, in seconds
	ours        float64 // this process's and its waited-for children's
	ok          bool
}

// ReadCPUTimes samples the CPU time of the machine (/proc/stat) and of this
// process and its finished children (getrusage).
func ReadCPUTimes() CPUTimes {
	var t CPUTimes
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return t
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if len(f) < 8 || f[0] != "cpu" {
		return t
	}
	var v [10]float64
	for i := 1; i < len(f) && i <= len(v); i++ {
		x, _ := strconv.ParseFloat(f[i], 64)
		v[i-1] = x / 100 // USER_HZ
	}
	// user nice system idle iowait irq softirq steal
	t.busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7]
	t.total = t.busy + v[3] + v[4]
	var self, children syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &self) != nil || syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children) != nil {
		return t
	}
	sec := func(tv syscall.Timeval) float64 { return float64(tv.Sec) + float64(tv.Usec)/1e6 }
	t.ours = sec(self.Utime) + sec(self.Stime) + sec(children.Utime) + sec(children.Stime)
	t.ok = true
	return t
}

// OtherShare returns the share of the machine's CPU time between two samples
// that other processes used, or -1 if unknown.
func OtherShare(a, b CPUTimes) float64 {
	if !a.ok || !b.ok || b.total <= a.total {
		return -1
	}
	other := (b.busy - a.busy) - (b.ours - a.ours)
	return max(0, other/(b.total-a.total))
}

// ThisMachine describes the machine running the driver.
func ThisMachine() Machine {
	m := Machine{
		Cores:      runtime.NumCPU(),
		GOMAXPROCS: runtime.GOMAXPROCS(0),
		GoVersion:  runtime.Version(),
		OSArch:     runtime.GOOS + "/" + runtime.GOARCH,
		LoadBefore: LoadAverage(),
	}
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		s := bufio.NewScanner(f)
		s.Buffer(nil, 1<<20)
		for s.Scan() {
			key, value, ok := strings.Cut(s.Text(), ":")
			if !ok {
				continue
			}
			key, value = strings.TrimSpace(key), strings.TrimSpace(value)
			switch {
			case key == "model name" && m.CPU == "":
				m.CPU = value
			case key == "flags":
				m.SHANI = strings.Contains(" "+value+" ", " sha_ni ")
				m.AVX512 = strings.Contains(" "+value+" ", " avx512f ")
			}
		}
		f.Close()
	}
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "MemTotal:"); ok {
				m.MemoryKB = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB"))
			}
		}
	}
	return m
}

// LoadAverage returns the first three fields of /proc/loadavg.
func LoadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
