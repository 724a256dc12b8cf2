package difftest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestWatch checks that an execution outlasting hangAfter leaves its input,
// in go test's corpus format, and the goroutines' stacks in HangDir, and
// that one stopped in time leaves nothing.
func TestWatch(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("SSZ_FUZZ_HANGS", dir)
	defer func(d time.Duration) { hangAfter = d }(hangAfter)
	hangAfter = 20 * time.Millisecond

	watch(func() []byte { return corpusFile([]byte("quick"), 1, 2) }).Stop()
	time.Sleep(3 * hangAfter)
	if files := written(dir); len(files) != 0 {
		t.Fatalf("an execution stopped in time left %d files", len(files))
	}

	timer := watch(func() []byte { return corpusFile([]byte("a \"slow\" one\x00"), 0x9c, 7) })
	deadline := time.Now().Add(10 * time.Second)
	var files []os.DirEntry
	for len(files) < 2 && time.Now().Before(deadline) {
		time.Sleep(hangAfter)
		files = written(dir)
	}
	timer.Stop()
	if len(files) != 2 {
		t.Fatalf("a hang left %d files, want the input and its stacks", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f.Name(), ".stacks") {
			if !strings.Contains(string(b), "goroutine") {
				t.Errorf("%s holds no goroutine's stack", f.Name())
			}
			continue
		}
		want := "go test fuzz v1\n[]byte(\"a \\\"slow\\\" one\\x00\")\nbyte('\\x9c')\nuint32(7)\n"
		if string(b) != want {
			t.Errorf("recorded input:\n%s\nwant:\n%s", b, want)
		}
	}
}

// TestSplice checks Splice's overwrite, extension and offsets.
func TestSplice(t *testing.T) {
	seed := []byte("abcdef")
	for _, c := range []struct {
		patch string
		at    uint32
		want  string
	}{
		{"", 3, "abcdef"},
		{"XY", 0, "XYcdef"},
		{"XY", 4, "abcdXY"},
		{"XYZ", 5, "abcdeXYZ"},
		{"XY", 6, "abcdefXY"},
		{"XY", 7, "XYcdef"}, // modulo len(seed)+1
	} {
		if got := Splice(seed, []byte(c.patch), c.at); string(got) != c.want {
			t.Errorf("Splice(%q, %q, %d) = %q, want %q", seed, c.patch, c.at, got, c.want)
		}
	}
	if string(seed) != "abcdef" {
		t.Errorf("Splice changed its seed to %q", seed)
	}
}

// written lists the files of dir written whole (see writeWhole).
func written(dir string) []os.DirEntry {
	all, _ := os.ReadDir(dir)
	var files []os.DirEntry
	for _, f := range all {
		if !strings.HasPrefix(f.Name(), ".") {
			files = append(files, f)
		}
	}
	return files
}
