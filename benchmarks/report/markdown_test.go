package report

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/ssztree/ssztree/benchmarks/harness"
)

// TestMarkdownLinksStatusPage checks that the report holds the generated
// results alone: it links to the status page beside it and embeds none of
// it, and every anchor it links to there exists, so that the page and the
// generator cannot drift apart unseen.
func TestMarkdownLinksStatusPage(t *testing.T) {
	const n = TargetSize
	run := &Run{SSZBytes: map[string]int{StateKey(harness.ForkFulu, n): 100e6}}
	run.Tables = []Table{{Fork: harness.ForkFulu, Sizes: []int{n}}}
	run.Outputs = []*harness.Output{{
		Peer: Reference, Fork: harness.ForkFulu, Case: harness.CaseState, Validators: n,
		Rows: []harness.Row{{Case: harness.CaseState, Name: harness.RowHeapDecode, Samples: []float64{140e6}}},
	}}
	md := Markdown(Build(run, []string{Reference}), "b.svg", time.Minute)
	if !strings.Contains(md, "[performance.md]("+StatusPage+")") {
		t.Errorf("the report does not link to %s", StatusPage)
	}
	if strings.Contains(md, "## Targets not met") {
		t.Error("the report embeds the status page's sections")
	}

	page, err := os.ReadFile(filepath.Join("..", "..", "docs", "performance.md"))
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]bool{}
	for _, h := range regexp.MustCompile(`(?m)^#{2,6} +(.+)$`).FindAllStringSubmatch(string(page), -1) {
		anchors[headingAnchor(h[1])] = true
	}
	links := regexp.MustCompile(`\(performance\.md#([^)]+)\)`).FindAllStringSubmatch(md, -1)
	if len(links) == 0 {
		t.Fatal("no link to a section of performance.md")
	}
	for _, l := range links {
		if !anchors[l[1]] {
			t.Errorf("the report links to performance.md#%s, which has no such section", l[1])
		}
	}
}

// headingAnchor returns the anchor GitHub gives a Markdown heading: lower
// case, code spans unwrapped, every character but letters, digits, spaces,
// hyphens and underscores dropped, spaces made hyphens.
func headingAnchor(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(h)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
