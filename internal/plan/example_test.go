package plan_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/teachpilot/site/internal/plan"
)

// Example shows how a server makes a plan: the built-in planner (which also validates),
// an AI planner if one is configured, and the fallback around both, streaming each section
// as it is ready.
func Example() {
	forms, _ := os.ReadFile("../../web/forms.json") // the server passes web.FormRules()
	opts, _ := plan.ParseOptions(forms)
	builtin, _ := plan.NewBuiltin(opts)
	gen := &plan.Fallback{Builtin: builtin, Timeout: 45 * time.Second,
		Cache: plan.NewCache(500, 24*time.Hour, nil), Cap: plan.NewDailyCap(1000, nil), Log: slog.Default()}
	// With AI_BASE_URL set, the server adds the AI planner (left out here so the example runs
	// offline; with AI nil, plans are built-in):
	//	gen.AI = &plan.AI{BaseURL: base, APIKey: key, Model: model, Builtin: builtin}
	req := plan.Request{Subject: "mathematics", Grade: "10", Topic: "Systems of linear equations", Minutes: 50}
	var keys []string
	p := gen.Generate(context.Background(), req, func(s plan.Section) {
		if s.Restart { // the AI failed midway: forget what was shown, the built-in plan follows
			keys = keys[:0]
		}
		keys = append(keys, s.Key) // a server writes plan.RenderSection(w, s.Key, s.Plan) and flushes
	})
	fmt.Println(strings.Join(keys, " "))
	fmt.Println(p.Provenance.Generator, len(p.Phases), "phases")
	// Output:
	// title about standards objectives successCriteria materials vocabulary priorKnowledge phases exitTicket differentiation misconceptions homework provenance
	// builtin 5 phases
}
