package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ssztree/ssztree/fulu"
)

// TestDemo runs the demo on small states of every fork, Gloas included:
// each step, and from Electra and Fulu on their own, must appear.
func TestDemo(t *testing.T) {
	if names := demoForkNames(); names[len(names)-1] != "gloas" {
		t.Errorf("the demo's forks end at %s, want gloas", names[len(names)-1])
	}
	for _, name := range demoForkNames() {
		var out bytes.Buffer
		if err := demo([]string{"-validators", "300", "-fork", name}, &out); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := []string{"build 300 validators", "encode", "decode", "cold root", "slot + root", "every balance + root", "deposit + root", "copy", "state root after mutations"}
		if name == "electra" || name == "fulu" || name == "gloas" {
			want = append(want, "pending deposit + root")
		}
		if name == "fulu" || name == "gloas" {
			want = append(want, "lookahead rotation + root")
		}
		for _, w := range want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%s: no %q in\n%s", name, w, out.String())
			}
		}
	}
}

// TestDemoOut checks that -out writes the SSZ of the state whose root the
// demo prints, and that bad flags are errors.
func TestDemoOut(t *testing.T) {
	file := filepath.Join(t.TempDir(), "state.ssz")
	var out bytes.Buffer
	if err := demo([]string{"-validators", "200", "-out", file}, &out); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	st, err := fulu.DecodeBeaconState(fulu.Mainnet, data)
	if err != nil {
		t.Fatal(err)
	}
	if root := fmt.Sprintf("state root after decode    0x%x", st.HashTreeRoot()); !strings.Contains(out.String(), root) {
		t.Errorf("the written state's root is not the decoded one:\n%s\nwant %s", out.String(), root)
	}
	if st.Validators().Len() != 200 {
		t.Errorf("%d validators", st.Validators().Len())
	}
	for _, args := range [][]string{{"-fork", "heze"}, {"-validators", "-1"}, {"extra"}} {
		if err := demo(args, &out); err == nil {
			t.Errorf("demo %v: no error", args)
		}
	}
}
