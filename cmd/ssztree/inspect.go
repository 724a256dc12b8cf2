package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/golang/snappy"

	"github.com/ssztree/ssztree/def"
	"github.com/ssztree/ssztree/forks"
	"github.com/ssztree/ssztree/versioned"
)

// maxInspectSize is the largest SSZ value inspect decompresses, 2 GiB:
// many times any beacon state of today, well below what a corrupt length
// prefix of a snappy file can claim, so that a bad file costs no more than
// this. On a 32-bit platform, whose ints stop there, it is a byte less.
const maxInspectSize = min(2<<30, math.MaxInt)

// snappyStreamMagic begins a snappy stream in the framing format (the
// stream identifier chunk): the encoding of the p2p network's
// ssz_snappy. The spec tests' .ssz_snappy files are the block format, a
// single compressed value without it.
var snappyStreamMagic = []byte("\xff\x06\x00\x00sNaPpY")

// inspect prints what a file holds: the fork, network, preset, slot,
// validator count and root of a state, found from its bytes unless -fork
// says, or those of a signed block with -block.
//
//	ssztree inspect [-block] [-fork NAME] [-preset NAME] [-network NAME|config.yaml] FILE
func inspect(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("inspect", flag.ContinueOnError)
	block := fs.Bool("block", false, "the file holds a SignedBeaconBlock, not a BeaconState")
	forkFlag := fs.String("fork", "", "the fork of the value (phase0 ... gloas); default: from the state's fork.current_version, or the slot")
	presetFlag := fs.String("preset", "", "the preset: mainnet or minimal; default: the network's")
	networkFlag := fs.String("network", "", "the network: mainnet, sepolia, hoodi, minimal, or the path of a config.yaml; default: found from the state's version, else mainnet")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: ssztree inspect [-block] [-fork NAME] [-preset NAME] [-network NAME|config.yaml] FILE")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("inspect: one file")
	}
	b, err := readSSZ(fs.Arg(0))
	if err != nil {
		return err
	}
	var schedules []*forks.Schedule
	if *networkFlag != "" {
		s, err := scheduleNamed(*networkFlag)
		if err != nil {
			return err
		}
		schedules = append(schedules, s)
	}
	var preset *def.Preset
	if *presetFlag != "" {
		if preset = forks.Presets[*presetFlag]; preset == nil {
			return fmt.Errorf("inspect: unknown preset %q (mainnet, minimal)", *presetFlag)
		}
	}
	var fork *forks.Name
	if *forkFlag != "" {
		n, err := forks.ParseName(*forkFlag)
		if err != nil {
			return err
		}
		fork = &n
	}
	if *block {
		return inspectBlock(out, b, fork, preset, schedules)
	}
	return inspectState(out, b, fork, preset, schedules)
}

// inspectState prints the state b, of fork and preset where given, found
// from the bytes (versioned.ReadState) where not.
func inspectState(out io.Writer, b []byte, fork *forks.Name, preset *def.Preset, schedules []*forks.Schedule) error {
	st, d, err := versioned.ReadState(b, schedules...)
	how := "by its " + d.Rule.String()
	if fork != nil || preset != nil {
		f, p := d.Fork, preset
		if fork != nil {
			f, how = *fork, "as -fork says"
		}
		if p == nil {
			p = forks.Mainnet
			if len(schedules) > 0 {
				p = schedules[0].Preset()
			}
		}
		st, err = versioned.DecodeState(f, p, b)
	}
	if err != nil {
		return err
	}
	network := "unknown (fork.current_version " + d.Version.String() + " is in no schedule)"
	if d.Schedule != nil {
		network = d.Schedule.Network()
	}
	root := st.HashTreeRoot()
	fmt.Fprintf(out, "state\nfork        %v (%s)\nnetwork     %s\npreset      %s\nslot        %d\nvalidators  %d\nroot        0x%x\n",
		st.ForkName(), how, network, st.Preset().Name, st.Slot(), st.Validators().Len(), root)
	return nil
}

// inspectBlock prints the signed block b, of fork and preset where given,
// found from the bytes (versioned.ReadSignedBlock) where not.
func inspectBlock(out io.Writer, b []byte, fork *forks.Name, preset *def.Preset, schedules []*forks.Schedule) error {
	sb, d, err := versioned.ReadSignedBlock(b, schedules...)
	how := "by its " + d.Rule.String()
	if fork != nil || preset != nil {
		f, p := d.Fork, preset
		if fork != nil {
			f, how = *fork, "as -fork says"
		}
		if p == nil {
			p = forks.Mainnet
			if len(schedules) > 0 {
				p = schedules[0].Preset()
			}
		}
		sb, err = versioned.DecodeSignedBlock(f, p, b)
	}
	if err != nil {
		return err
	}
	m := sb.Message()
	root := m.HashTreeRoot()
	fmt.Fprintf(out, "signed block\nfork        %v (%s)\npreset      %s\nslot        %d\nproposer    %d\nparent      %v\nstate root  %v\nroot        0x%x\n",
		sb.ForkName(), how, sb.Preset().Name, m.Slot(), m.ProposerIndex(), m.ParentRoot(), m.StateRoot(), root)
	return nil
}

// scheduleNamed returns the built-in schedule of a network's name, or the
// one of the config.yaml at a path.
func scheduleNamed(name string) (*forks.Schedule, error) {
	for _, s := range forks.Schedules() {
		if s.Network() == name {
			return s, nil
		}
	}
	if !strings.HasSuffix(name, ".yaml") && !strings.ContainsRune(name, os.PathSeparator) {
		return nil, fmt.Errorf("inspect: unknown network %q (mainnet, sepolia, hoodi, minimal, or a config.yaml)", name)
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return forks.ParseConfig(b)
}

// readSSZ returns the SSZ bytes of the file name: as they are, or
// decompressed from snappy's framing format or, for a .ssz_snappy file,
// its block format.
func readSSZ(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxInspectSize+1))
	if err != nil {
		return nil, err
	}
	switch {
	case bytes.HasPrefix(b, snappyStreamMagic):
		d, err := io.ReadAll(io.LimitReader(snappy.NewReader(bytes.NewReader(b)), maxInspectSize+1))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		b = d
	case strings.HasSuffix(name, ".ssz_snappy"):
		n, err := snappy.DecodedLen(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		if n > maxInspectSize {
			return nil, fmt.Errorf("%s: decompresses to %d bytes, more than %d", name, n, maxInspectSize)
		}
		if b, err = snappy.Decode(make([]byte, n), b); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
	}
	if len(b) > maxInspectSize {
		return nil, fmt.Errorf("%s: more than %d bytes", name, maxInspectSize)
	}
	return b, nil
}
