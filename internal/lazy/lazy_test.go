package lazy

import (
	"sync"
	"testing"
)

// TestInit checks that goroutines racing to set one pointer all get the
// value the first of them set (under -race, that the accesses are safe).
func TestInit(t *testing.T) {
	var p *int
	if Load(&p) != nil {
		t.Fatal("Load of a nil pointer is not nil")
	}
	got := make([]*int, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := i
			got[i] = Init(&p, &v)
		}()
	}
	wg.Wait()
	for _, g := range got {
		if g != got[0] || g != Load(&p) {
			t.Fatal("goroutines got different values")
		}
	}
	old := Load(&p)
	other := 99
	if Init(&p, &other) != old {
		t.Fatal("Init replaced a value that was set")
	}
}
