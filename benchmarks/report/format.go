package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Duration formats nanoseconds with three significant digits.
func Duration(ns float64) string {
	switch {
	case ns < 1e3:
		return sig(ns) + " ns"
	case ns < 1e6:
		return sig(ns/1e3) + " µs"
	case ns < 1e9:
		return sig(ns/1e6) + " ms"
	}
	return sig(ns/1e9) + " s"
}

// Bytes formats a byte count in decimal units (kB, MB, GB).
func Bytes(b float64) string {
	switch {
	case b < 1e3:
		return fmt.Sprintf("%.0f B", b)
	case b < 1e6:
		return sig(b/1e3) + " kB"
	case b < 1e9:
		return sig(b/1e6) + " MB"
	}
	return sig(b/1e9) + " GB"
}

// sig formats x with three significant digits (no exponent).
func sig(x float64) string {
	switch {
	case x >= 100:
		return strconv.FormatFloat(x, 'f', 0, 64)
	case x >= 10:
		return strconv.FormatFloat(x, 'f', 1, 64)
	}
	return strconv.FormatFloat(x, 'f', 2, 64)
}

// Count formats an integer with thousands separators.
func Count(n uint64) string {
	s := strconv.FormatUint(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// Spread formats the spread of a stat: half its range, relative to its
// median.
func Spread(s Stat) string {
	if s.Median == 0 || s.Runs < 2 {
		return ""
	}
	p := 50 * (s.Max - s.Min) / s.Median
	if p < 1 {
		return "±<1%"
	}
	return fmt.Sprintf("±%.0f%%", math.Round(p))
}
