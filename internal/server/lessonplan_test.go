package server

import (
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/teachpilot/site/internal/mail"
)

type planAnswer struct {
	Reference string
	Summary   map[string]any
	CreatedAt string
}

func TestLessonPlanIsStoredWithAReferenceAndAReceipt(t *testing.T) {
	hs := newHarness(t, nil)
	full := map[string]any{
		"email": "grace@school.org", "subject": "computer-science", "grade": "11", "topic": "Recursion <b>basics</b>",
		"duration": "90", "name": "Grace", "school": "Hopper High", "objectives": "Trace recursive calls",
		"standards": "CSTA 3A-AP-15", "instructionalModel": "inquiry", "differentiation": []string{"iep-504", "iep-504", "advanced"},
		"notes": "Lab day", "website": "",
	}
	w := hs.do(request{path: "/api/lesson-plans", body: jsonOf(t, full)})
	if w.Code != http.StatusCreated {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	var got planAnswer
	if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^TP-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$`).MatchString(got.Reference) {
		t.Errorf("reference %q is not TP-XXXX-XXXX-XXXX in Crockford base32", got.Reference)
	}
	wantSummary := `{"subject":"computer-science","grade":"11","topic":"Recursion \u003cb\u003ebasics\u003c/b\u003e","duration":90,"name":"Grace","school":"Hopper High","objectives":"Trace recursive calls","standards":"CSTA 3A-AP-15","instructionalModel":"inquiry","differentiation":["iep-504","advanced"],"notes":"Lab day"}`
	if s := jsonOf(t, got.Summary); !jsonEqual(t, s, wantSummary) {
		t.Errorf("summary %s\nwant    %s", s, wantSummary)
	}
	if strings.Contains(w.Body.String(), "grace@school.org") {
		t.Error("the answer includes the email address")
	}

	tests := []struct {
		name       string
		ref        string
		wantStatus int
	}{
		{"the reference finds the request", got.Reference, 200},
		{"lower case works", strings.ToLower(got.Reference), 200},
		{"without dashes works", strings.ReplaceAll(got.Reference, "-", ""), 200},
		{"an unknown reference is 404", "TP-0000-0000-0000", 404},
		{"a malformed reference is 404", "TP-123", 404},
		{"letters outside the alphabet are 404", "TP-UUUU-UUUU-UUUU", 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := hs.do(request{method: "GET", path: "/api/lesson-plans/" + tt.ref})
			if w.Code != tt.wantStatus {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.wantStatus, w.Body)
			}
			if tt.wantStatus != 200 {
				return
			}
			var again planAnswer
			_ = json.Unmarshal(w.Body.Bytes(), &again)
			if again.Reference != got.Reference || !jsonEqual(t, jsonOf(t, again.Summary), wantSummary) || again.CreatedAt == "" {
				t.Errorf("GET = %s", w.Body)
			}
			if strings.Contains(w.Body.String(), "grace@school.org") {
				t.Error("GET includes the email address")
			}
		})
	}

	msgs := hs.messages()
	if len(msgs) != 1 || msgs[0].Kind != mail.KindLessonPlanReceipt || msgs[0].Recipient != "grace@school.org" {
		t.Fatalf("outbox = %+v", msgs)
	}
	var receipt mail.LessonPlanReceipt
	_ = json.Unmarshal(msgs[0].Payload, &receipt)
	if receipt.Reference != got.Reference || receipt.SuccessURL != "http://teachpilot.test/submission-success/"+got.Reference {
		t.Errorf("receipt = %+v", receipt)
	}
	var lines []string
	for _, l := range receipt.Summary {
		lines = append(lines, l.Label+": "+l.Value)
	}
	for _, want := range []string{"Subject: Computer Science", "Grade: Grade 11", "Lesson length (minutes): 90",
		"Instructional model: Inquiry", "Differentiation needs: IEP/504 supports, Advanced learners"} {
		if !slices.Contains(lines, want) {
			t.Errorf("receipt summary lacks %q: %v", want, lines)
		}
	}
}

func TestReferencesAreUnguessable(t *testing.T) {
	seen := map[string]bool{}
	for range 2000 {
		ref := newReference()
		if seen[ref] {
			t.Fatalf("reference %s drawn twice in 2000", ref)
		}
		seen[ref] = true
		if norm, ok := normalizeReference(ref); !ok || norm != ref {
			t.Fatalf("normalizeReference(%s) = %s, %v", ref, norm, ok)
		}
	}
	// 12 characters of a 32-letter alphabet: 60 bits.
	if n := len(strings.ReplaceAll(strings.TrimPrefix(newReference(), "TP-"), "-", "")); n*5 < 50 {
		t.Errorf("a reference carries %d bits, want ≥ 50", n*5)
	}
	if got, ok := normalizeReference("tp-oil0-1111-2222"); !ok || got != "TP-0110-1111-2222" {
		t.Errorf("normalizeReference reads O as 0 and I, L as 1: got %q, %v", got, ok)
	}
}

func jsonEqual(t *testing.T, a, b string) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal([]byte(a), &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(b), &y); err != nil {
		t.Fatal(err)
	}
	return jsonOf(t, x) == jsonOf(t, y)
}
