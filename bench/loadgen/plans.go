package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/teachpilot/site/internal/plan"
	"github.com/teachpilot/site/internal/store"
)

// The plan bench: lesson-plan requests that vary like teachers' (every model, lengths from
// 15 to 180 minutes, every subject, the differentiation needs in turn), each answer's
// reference checked for its stored plan, and the time from a submission to the first
// section of its plan on screen when an AI provider is configured.

var (
	planSubjects = []string{"english", "mathematics", "science", "social-studies", "world-languages", "arts", "computer-science", "other"}
	planModels   = []string{"", "direct", "5e", "inquiry", "project", "socratic"}
	planNeeds    = [][]string{{}, {"english-learners"}, {"iep-504"}, {"advanced"}, {"english-learners", "iep-504", "advanced"}}
)

// planBody is the i-th lesson-plan request of the run: no two alike, so no cache answers.
func planBody(email string, i int) string {
	b, _ := json.Marshal(map[string]any{
		"email": email, "subject": planSubjects[i%len(planSubjects)], "grade": fmt.Sprint(9 + i%4),
		"topic":    "Load test topic " + letters(runID) + " " + letters(int64(i)),
		"duration": 15 + (i*37)%166, "instructionalModel": planModels[i%len(planModels)],
		"differentiation": planNeeds[i%len(planNeeds)], "objectives": "Explain the main idea and apply it to a new case.",
		"website": "",
	})
	return string(b)
}

// letters writes n in base 26 with the letters a–z: unique topics without the long digit
// runs the lesson-plan form refuses as ID-like numbers (forms.json personalData).
func letters(n int64) string {
	var b []byte
	for {
		b = append(b, byte('a'+n%26))
		if n /= 26; n == 0 {
			break
		}
	}
	slices.Reverse(b)
	return string(b)
}

// referenceIn is the reference of a 201 answer of POST /api/lesson-plans ("" if none).
func referenceIn(answer []byte) string {
	var a struct {
		Reference string `json:"reference"`
	}
	_ = json.Unmarshal(answer, &a)
	return a.Reference
}

// storedPlans counts the references whose plan is stored: a plan of the one schema, with a
// title and phases whose minutes add up to the plan's own length.
func storedPlans(ctx context.Context, st *store.Store, refs []string) (int, error) {
	n := 0
	for _, ref := range refs {
		if ref == "" {
			continue
		}
		sp, err := st.Plan(ctx, ref)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return n, err
		}
		var p plan.Plan
		if json.Unmarshal(sp.JSON, &p) != nil || p.Title == "" || len(p.Phases) == 0 {
			continue
		}
		total := 0
		for _, ph := range p.Phases {
			total += ph.Minutes
		}
		if total == p.About.Minutes {
			n++
		}
	}
	return n, nil
}

// firstSection is one measured submission: from the start of its POST to the first
// data-section bytes of its streamed plan page, and to the page's end.
type firstSection struct {
	first, whole time.Duration
	complete     bool
}

// measureFirstSection submits n lesson plans one after another (each its own topic, so the
// AI is asked every time), reads each plan page as it streams, and prints the time to its
// first section against the budget: the provider's first-token delay + 150 ms.
func measureFirstSection(base string, n int, firstToken time.Duration, label, figures string) error {
	client := &http.Client{Timeout: 60 * time.Second}
	var runs []firstSection
	for i := range n {
		r, err := submitAndStream(client, base, i)
		if err != nil {
			return err
		}
		runs = append(runs, r)
	}
	pct := func(get func(firstSection) time.Duration, p float64) float64 {
		d := make([]time.Duration, 0, len(runs))
		for _, r := range runs {
			d = append(d, get(r))
		}
		slices.Sort(d)
		return float64(d[min(len(d)-1, int(p*float64(len(d))))].Microseconds()) / 1000
	}
	first := func(r firstSection) time.Duration { return r.first }
	whole := func(r firstSection) time.Duration { return r.whole }
	complete := 0
	for _, r := range runs {
		if r.complete {
			complete++
		}
	}
	budget := firstToken + 150*time.Millisecond
	fmt.Printf("%s: %d plans one after another, provider's first token after %v: first section on screen p50 %.0f ms, p99 %.0f ms, max %.0f ms (budget %v); whole plan p50 %.0f ms; %d of %d pages complete\n",
		label, n, firstToken, pct(first, 0.5), pct(first, 0.99), pct(first, 1), budget, pct(whole, 0.5), complete, n)
	if figures == "" {
		return nil
	}
	f, err := os.OpenFile(figures, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	fmt.Fprintf(f, "plans %s AI (first token after %v): submit to first section on screen, p50 / p99\t%.0f / %.0f ms\t<= %.0f ms\n",
		label, firstToken, pct(first, 0.5), pct(first, 0.99), float64(budget.Milliseconds()))
	fmt.Fprintf(f, "plans %s AI: pages that ended complete\t%d / %d\t%d / %d\n", label, complete, n, n, n)
	return f.Close()
}

// submitAndStream posts the i-th request, follows its planUrl and reads the page as it
// arrives, noting when the first section's bytes came.
func submitAndStream(client *http.Client, base string, i int) (firstSection, error) {
	var r firstSection
	body := fmt.Sprintf(`{"email":"first-section-%d-%d@example.org","subject":"science","grade":"10","topic":"Photosynthesis, part %s %s","duration":50,"differentiation":["english-learners"],"website":""}`,
		runID, i, letters(runID), letters(int64(i)))
	start := time.Now()
	req, err := http.NewRequest(http.MethodPost, base+"/api/lesson-plans", strings.NewReader(body))
	if err != nil {
		return r, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return r, err
	}
	answer, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var a struct {
		PlanURL string `json:"planUrl"`
	}
	if resp.StatusCode != http.StatusCreated || json.Unmarshal(answer, &a) != nil || !strings.HasPrefix(a.PlanURL, "/") {
		return r, fmt.Errorf("POST /api/lesson-plans: %s %.200s", resp.Status, answer)
	}
	page, err := client.Get(base + a.PlanURL)
	if err != nil {
		return r, err
	}
	defer page.Body.Close()
	if page.StatusCode != http.StatusOK {
		return r, fmt.Errorf("GET %s: %s", a.PlanURL, page.Status)
	}
	var seen bytes.Buffer
	buf := make([]byte, 32<<10)
	for {
		n, err := page.Body.Read(buf)
		seen.Write(buf[:n])
		if r.first == 0 && bytes.Contains(seen.Bytes(), []byte(`data-section="`)) {
			r.first = time.Since(start)
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return r, fmt.Errorf("GET %s: %w", a.PlanURL, err)
		}
	}
	r.whole = time.Since(start)
	r.complete = bytes.Contains(seen.Bytes(), []byte("data-plan-complete"))
	if r.first == 0 {
		return r, fmt.Errorf("GET %s: no section in the page", a.PlanURL)
	}
	return r, nil
}
