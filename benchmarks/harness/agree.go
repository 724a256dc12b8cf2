package harness

import "fmt"

// AllChecks runs every check of p once: the state script on in (n
// validators), if p has state workloads, its proofs on in, if it has
// proofs, and its micro cases on micro.
func AllChecks(p Peer, in []byte, n int, micro map[string][]byte) []Check {
	var checks []Check
	if p.State != nil {
		checks = append(checks, Verify(p.State, in, n)...)
	}
	if p.Proof != nil {
		checks = append(checks, VerifyProofs(p.Proof, in, n)...)
	}
	return append(checks, VerifyMicro(p, micro)...)
}

// Disagreements compares the checks of a peer with the reference's (ssztree's)
// and describes each one that failed or differs.
func Disagreements(peer string, got, want []Check) []string {
	ref := map[string]Check{}
	for _, c := range want {
		ref[c.Case+"/"+c.Name] = c
	}
	var out []string
	for _, c := range got {
		key := c.Case + "/" + c.Name
		w, ok := ref[key]
		switch {
		case c.Err != "":
			out = append(out, fmt.Sprintf("%s %s: %s", peer, key, c.Err))
		case !ok:
			out = append(out, fmt.Sprintf("%s %s: the reference has no such check", peer, key))
		case w.Err != "":
			out = append(out, fmt.Sprintf("%s %s: the reference failed: %s", peer, key, w.Err))
		case c.Value != w.Value:
			out = append(out, fmt.Sprintf("%s %s = %s, reference %s", peer, key, c.Value, w.Value))
		}
	}
	return out
}

// Reference returns the peer of all named name on fork, with the micro
// cases that have no fork (all but CaseBlock) of every peer of that name
// added: what the peers of the fork are checked against.
func Reference(all []Peer, name, fork string) (Peer, error) {
	var ref Peer
	found := false
	micro := map[string]*Micro{}
	for _, p := range all {
		if p.Name != name {
			continue
		}
		if p.Fork == fork {
			ref, found = p, true
		}
		for cs, m := range p.Micro {
			if cs != CaseBlock || p.Fork == fork {
				micro[cs] = m
			}
		}
	}
	if !found {
		return Peer{}, fmt.Errorf("harness: no peer %s of fork %s", name, fork)
	}
	ref.Micro = micro
	return ref, nil
}

// Forks returns the forks of the peers, in the order of their first peer.
func Forks(all []Peer) []string {
	var forks []string
	seen := map[string]bool{}
	for _, p := range all {
		if !seen[p.Fork] {
			seen[p.Fork] = true
			forks = append(forks, p.Fork)
		}
	}
	return forks
}
