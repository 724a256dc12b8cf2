package report

import (
	"fmt"
	"math"
	"strings"

	"github.com/ssztree/ssztree/benchmarks/harness"
)

// palette colors the peers in order; ssztree, first, gets the first.
var palette = []string{"#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#8c564b", "#ff7f0e", "#17becf", "#7f7f7f"}

// bar is one peer's value in a group of a panel.
type bar struct {
	value float64
	ok    bool
	wrong bool
}

// barGroup is one row of a panel: a bar per peer and an optional floor.
type barGroup struct {
	label []string // lines
	bars  []bar
	floor float64
}

// panel is one chart: groups of bars on a log scale.
type panel struct {
	title  string
	format func(float64) string
	groups []barGroup
}

// Chart layout, in pixels.
const (
	barWidth    = 11
	groupGap    = 18
	leftMargin  = 78
	rightMargin = 16
	panelTop    = 34 // title and space above the plot
	plotHeight  = 230
	labelHeight = 52 // group labels below the plot
)

// SVG renders the chart of a model: the state rows of the headline's state
// (time, then memory), its proofs and the micro cases, each peer a color,
// on log scales.
func SVG(m *Model) string {
	fork, n := m.headlineState()
	panels := []panel{
		m.statePanel(fork, n),
		m.memoryPanel(fork, n),
	}
	if m.Cells[ProofKey(fork, n)] != nil {
		panels = append(panels, m.proofPanel(fork, n))
	}
	panels = append(panels, m.microPanel())
	groupWidth := len(m.Peers)*barWidth + groupGap
	width := leftMargin + rightMargin
	for _, p := range panels {
		width = max(width, leftMargin+rightMargin+len(p.groups)*groupWidth)
	}
	legendHeight := 30
	height := legendHeight
	for range panels {
		height += panelTop + plotHeight + labelHeight
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", width, height)
	x := leftMargin
	for i, p := range m.Peers {
		fmt.Fprintf(&b, `<rect x="%d" y="10" width="12" height="12" fill="%s"/><text x="%d" y="20">%s</text>`+"\n", x, palette[i%len(palette)], x+16, esc(p.Name))
		x += 16 + 7*len(p.Name) + 18
	}
	fmt.Fprintf(&b, `<line x1="%d" y1="16" x2="%d" y2="16" stroke="black" stroke-width="2"/><text x="%d" y="20">SHA-256 floor</text>`+"\n", x, x+14, x+18)
	x += 18 + 7*len("SHA-256 floor") + 18
	if len(m.Failures) > 0 {
		fmt.Fprintf(&b, `<rect x="%d" y="10" width="12" height="12" fill="#d62728" fill-opacity="0.3" stroke="black" stroke-dasharray="2,2"/><text x="%d" y="20">wrong root (see Correctness)</text>`+"\n", x, x+16)
	}
	y := legendHeight
	for _, p := range panels {
		p.render(&b, y, groupWidth, len(m.Peers), width)
		y += panelTop + plotHeight + labelHeight
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// render draws panel p with its top at y.
func (p panel) render(b *strings.Builder, y, groupWidth, peers, width int) {
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="13" font-weight="bold">%s</text>`+"\n", leftMargin, y+20, esc(p.title))
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, g := range p.groups {
		for _, v := range g.bars {
			if v.ok && v.value > 0 {
				lo, hi = math.Min(lo, v.value), math.Max(hi, v.value)
			}
		}
		if g.floor > 0 {
			lo, hi = math.Min(lo, g.floor), math.Max(hi, g.floor)
		}
	}
	if math.IsInf(lo, 0) {
		return
	}
	dLo, dHi := math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	if dHi == dLo {
		dHi++
	}
	top := float64(y + panelTop)
	bottom := top + plotHeight
	yOf := func(v float64) float64 {
		return bottom - (math.Log10(v)-dLo)/(dHi-dLo)*plotHeight
	}
	for d := dLo; d <= dHi; d++ {
		gy := yOf(math.Pow(10, d))
		fmt.Fprintf(b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>`, leftMargin, gy, width-rightMargin, gy)
		fmt.Fprintf(b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", leftMargin-6, gy+4, esc(p.format(math.Pow(10, d))))
	}
	fmt.Fprintf(b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="black"/>`+"\n", leftMargin, bottom, width-rightMargin, bottom)
	for gi, g := range p.groups {
		gx := leftMargin + gi*groupWidth + groupGap/2
		for i, v := range g.bars {
			bx := gx + i*barWidth
			if !v.ok || v.value <= 0 {
				fmt.Fprintf(b, `<text x="%d" y="%.1f" text-anchor="middle" fill="#999">–</text>`, bx+barWidth/2, bottom-3)
				continue
			}
			by := yOf(v.value)
			stroke := ""
			if v.wrong {
				stroke = ` stroke="black" stroke-dasharray="2,2" fill-opacity="0.3"`
			}
			fmt.Fprintf(b, `<rect x="%d" y="%.1f" width="%d" height="%.1f" fill="%s"%s><title>%s</title></rect>`,
				bx, by, barWidth-1, bottom-by, palette[i%len(palette)], stroke, esc(p.format(v.value)))
		}
		if g.floor > 0 {
			fy := yOf(g.floor)
			fmt.Fprintf(b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="black" stroke-width="2"><title>floor %s</title></line>`,
				gx-2, fy, gx+peers*barWidth+1, fy, esc(p.format(g.floor)))
		}
		for li, line := range g.label {
			fmt.Fprintf(b, `<text x="%d" y="%.1f" text-anchor="middle">%s</text>`, gx+peers*barWidth/2, bottom+14+float64(li)*12, esc(line))
		}
		b.WriteString("\n")
	}
}

// esc escapes text for SVG.
func esc(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

// groupOf returns the bars of a row of a group of the model.
func (m *Model) groupOf(group string, r RowInfo, label ...string) barGroup {
	g := barGroup{label: label}
	for _, p := range m.Peers {
		c, ok := m.cell(group, r, p.Name)
		g.bars = append(g.bars, bar{value: c.Stat.Median * r.scale(), ok: ok && c.OK, wrong: c.Wrong})
	}
	if pairs, ok := m.pairs(group, r); ok && r.Root && pairs > 0 {
		g.floor = m.floorNs(pairs) * r.scale()
	}
	return g
}

func (m *Model) statePanel(fork string, n int) panel {
	group := StateKey(fork, n)
	p := panel{title: fmt.Sprintf("%s state of %s validators: time per operation (log scale)", forkTitle(fork), Count(uint64(n))), format: Duration}
	for _, row := range []struct {
		id    string
		label []string
	}{
		{harness.RowDecode, []string{"decode"}},
		{harness.RowEncode, []string{"encode"}},
		{harness.RowColdRoot, []string{"cold", "root"}},
		{harness.RowRoot, []string{"root,", "no change"}},
		{harness.RowBalance1, []string{"1 balance", "+ root"}},
		{harness.RowBalance1000, []string{"1,000 bal.", "+ root"}},
		{harness.RowEffective, []string{"eff. bal.", "+ root"}},
		{harness.RowAppend, []string{"append", "+ root"}},
		{harness.RowBalanceAll, []string{"all bal.", "+ root"}},
		{harness.RowCopy, []string{"copy"}},
		{harness.RowCopyBalance1, []string{"copy: 1 bal.", "+ root"}},
	} {
		p.groups = append(p.groups, m.groupOf(group, stateRow(row.id), row.label...))
	}
	return p
}

func (m *Model) memoryPanel(fork string, n int) panel {
	group := StateKey(fork, n)
	p := panel{title: fmt.Sprintf("%s state of %s validators (%s of SSZ): memory (log scale)", forkTitle(fork), Count(uint64(n)), Bytes(float64(m.Run.SSZBytes[group]))), format: Bytes}
	p.groups = append(p.groups,
		m.groupOf(group, stateRow(harness.RowHeapDecode), "live heap", "after decode"),
		m.groupOf(group, stateRow(harness.RowDecodeAlloc), "allocated", "by decode"),
		m.groupOf(group, stateRow(harness.RowCopyHeap), "extra heap of", "changed copy"))
	return p
}

func (m *Model) proofPanel(fork string, n int) panel {
	group := ProofKey(fork, n)
	p := panel{title: fmt.Sprintf("Merkle proofs, %s state of %s validators: time per proof (log scale)", forkTitle(fork), Count(uint64(n))), format: Duration}
	for _, row := range []struct {
		id    string
		label []string
	}{
		{harness.RowProveFinalized, []string{"finalized", "root"}},
		{harness.RowProveBalance, []string{"balance"}},
		{harness.RowProveEffective, []string{"eff. bal."}},
		{harness.RowMultiBalance, []string{"100", "balances"}},
		{harness.RowMultiEffective, []string{"100", "eff. bal."}},
		{harness.RowMultiMixed, []string{"100", "mixed"}},
	} {
		for _, r := range ProofRows {
			if r.ID == row.id {
				p.groups = append(p.groups, m.groupOf(group, r, row.label...))
			}
		}
	}
	return p
}

func (m *Model) microPanel() panel {
	fork, _ := m.headlineState()
	p := panel{title: fmt.Sprintf("Micro cases and the %s block: time per operation (log scale)", forkTitle(fork)), format: Duration}
	for _, r := range MicroRows {
		group := MicroKey
		if r.Case == harness.CaseBlock {
			group = BlockKey(fork)
		}
		label := strings.SplitN(r.Title, ": ", 2)
		switch r.Case {
		case harness.CaseByteList:
			label[0] = "1 MiB list"
		case harness.CaseVector:
			label[0] = "uint64 vector"
		case harness.CaseBlock:
			label[0] = "block"
		case harness.CaseCheckpoint:
			label = []string{"Checkpoint", "×1M decodes"}
		}
		p.groups = append(p.groups, m.groupOf(group, r, label...))
	}
	return p
}
