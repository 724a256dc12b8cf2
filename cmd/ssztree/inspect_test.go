package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/golang/snappy"

	"github.com/ssztree/ssztree/deneb"
	"github.com/ssztree/ssztree/electra"
	"github.com/ssztree/ssztree/fulu"
	"github.com/ssztree/ssztree/gloas"
	"github.com/ssztree/ssztree/synth"
)

// write writes b to the file name in dir and returns its path.
func write(t *testing.T, dir, name string, b []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestInspectState(t *testing.T) {
	st := fulu.NewBeaconState(fulu.Mainnet)
	st.SetSlot(13_200_005)
	st.SetFork(fulu.Fork{CurrentVersion: fulu.Version{0x06}})
	for range 2 {
		if err := st.Validators().Append(fulu.Validator{}); err != nil {
			t.Fatal(err)
		}
	}
	b, err := st.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	var framed bytes.Buffer
	w := snappy.NewBufferedWriter(&framed)
	w.Write(b)
	w.Close()
	dir := t.TempDir()
	root := st.HashTreeRoot()
	for _, file := range []string{
		write(t, dir, "state.ssz", b),
		write(t, dir, "serialized.ssz_snappy", snappy.Encode(nil, b)),
		write(t, dir, "state.sz", framed.Bytes()),
	} {
		var out bytes.Buffer
		if err := inspect([]string{file}, &out); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, want := range []string{
			"fork        fulu (by its structure)",
			"network     mainnet", "preset      mainnet", "slot        13200005", "validators  2",
			fmt.Sprintf("root        0x%x", root),
		} {
			if !strings.Contains(out.String(), want+"\n") {
				t.Errorf("%s: no %q in\n%s", file, want, out.String())
			}
		}
	}

	// A minimal-preset state of an unknown network: its structure says
	// what it is; -fork and -preset read it too.
	m := electra.NewBeaconState(electra.Minimal)
	m.SetSlot(3)
	m.SetFork(electra.Fork{CurrentVersion: electra.Version{0xee, 0xee, 0xee, 0xee}})
	b, _ = m.MarshalSSZ()
	file := write(t, dir, "devnet.ssz", b)
	var out bytes.Buffer
	if err := inspect([]string{file}, &out); err != nil {
		t.Errorf("by structure: %v", err)
	}
	for _, want := range []string{"fork        electra (by its structure)\n", "preset      minimal\n", "network     unknown (fork.current_version 0xeeeeeeee is in no schedule)\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("by structure: no %q in\n%s", want, out.String())
		}
	}
	out.Reset()
	if err := inspect([]string{"-fork", "Electra", "-preset", "minimal", file}, &out); err != nil || !strings.Contains(out.String(), "fork        electra (as -fork says)\n") {
		t.Errorf("with -fork: %v\n%s", err, out.String())
	}
	// A network's config.yaml names it.
	cfg := write(t, dir, "config.yaml", []byte("CONFIG_NAME: devnet\nPRESET_BASE: minimal\nGENESIS_FORK_VERSION: 0xaaaaaaaa\n"+
		"ALTAIR_FORK_VERSION: 0xbbbbbbbb\nALTAIR_FORK_EPOCH: 0\nBELLATRIX_FORK_VERSION: 0xcccccccc\nBELLATRIX_FORK_EPOCH: 0\n"+
		"CAPELLA_FORK_VERSION: 0xdddddddd\nCAPELLA_FORK_EPOCH: 0\nDENEB_FORK_VERSION: 0xdeadbeef\nDENEB_FORK_EPOCH: 0\n"+
		"ELECTRA_FORK_VERSION: 0xeeeeeeee\nELECTRA_FORK_EPOCH: 0\n"))
	out.Reset()
	if err := inspect([]string{"-network", cfg, file}, &out); err != nil || !strings.Contains(out.String(), "network     devnet\n") {
		t.Errorf("with -network: %v\n%s", err, out.String())
	}
	for _, args := range [][]string{{}, {"-fork", "gloas", file}, {"-preset", "gnosis", file}, {"-network", "holesky", file}, {filepath.Join(dir, "none")}} {
		if err := inspect(args, &bytes.Buffer{}); err == nil {
			t.Errorf("inspect %q: no error", args)
		}
	}
	bad := write(t, dir, "bad.ssz_snappy", []byte{0xff, 0xff, 0xff, 0xff, 0x0f, 1})
	if err := inspect([]string{bad}, &bytes.Buffer{}); err == nil {
		t.Error("a corrupt .ssz_snappy: no error")
	}
}

func TestInspectBlock(t *testing.T) {
	sb := deneb.NewSignedBeaconBlock(deneb.Mainnet)
	sb.Message().SetSlot(269568*32 + 1) // Deneb on mainnet
	sb.Message().SetProposerIndex(42)
	b, _ := sb.MarshalSSZ()
	file := write(t, t.TempDir(), "block.ssz", b)
	var out bytes.Buffer
	// Its layout is that of a gnosis-preset block too, at a slot of
	// Chiado's Deneb: ambiguous without a network.
	if err := inspect([]string{"-block", file}, &out); err == nil || !strings.Contains(err.Error(), "mainnet/deneb, gnosis/deneb") {
		t.Errorf("no network: %v", err)
	}
	if err := inspect([]string{"-block", "-network", "mainnet", file}, &out); err != nil {
		t.Fatal(err)
	}
	root := sb.Message().HashTreeRoot()
	for _, want := range []string{"fork        deneb (by its structure)", "proposer    42", fmt.Sprintf("root        0x%x", root)} {
		if !strings.Contains(out.String(), want+"\n") {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
	if err := inspect([]string{"-block", "-fork", "capella", file}, &bytes.Buffer{}); err == nil {
		t.Error("a deneb block as capella: no error")
	}
}

// TestInspectGloasState inspects a synthetic Gloas state: its fork is found
// from its version, 0x07000000, and the progressive validators counted.
func TestInspectGloasState(t *testing.T) {
	st, err := synth.GloasState(gloas.Mainnet, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := st.MarshalSSZ()
	if err != nil {
		t.Fatal(err)
	}
	file := write(t, t.TempDir(), "gloas.ssz", b)
	var out bytes.Buffer
	if err := inspect([]string{file}, &out); err != nil {
		t.Fatal(err)
	}
	root := st.HashTreeRoot()
	for _, want := range []string{
		"fork        gloas (by its structure)",
		"validators  5", fmt.Sprintf("root        0x%x", root),
	} {
		if !strings.Contains(out.String(), want+"\n") {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
}
