package server

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/teachpilot/site/internal/store"
)

// feedbackForm is an answer to "was this plan useful?": forms.json's planFeedback form.
type feedbackForm struct {
	Useful  string `json:"useful"`
	Comment string `json:"comment"`
}

// feedbackThanks is the answer to stored feedback, in the site's words.
const feedbackThanks = "Thank you — your feedback helps us make better plans."

// createFeedback handles POST /api/lesson-plans/{reference}/feedback:
//
//	{"useful": "yes" | "no", "comment"?}
//
// It stores the answer with the plan, for the team. It answers 201 {"thanks": "…"}; a
// plain form post gets 303 to the plan page's thank-you (?feedback=thanks#feedback). An
// unknown reference is 404. With the honeypot filled the answer is the same and nothing is
// stored.
func (s *Server) createFeedback(w http.ResponseWriter, r *http.Request) {
	ref, ok := normalizeReference(r.PathValue("reference"))
	if !ok {
		s.fail(w, r, http.StatusNotFound, "No lesson plan has this reference.")
		return
	}
	sub, ok := decodeForm[feedbackForm](s, w, r, "planFeedback")
	if !ok {
		return
	}
	if !sub.Spam {
		_, err := s.api.store.AddFeedback(r.Context(), store.Feedback{
			Reference: ref, Useful: sub.Fields.Useful == "yes", Comment: sub.Fields.Comment, CreatedAt: s.api.now(),
		})
		if errors.Is(err, store.ErrNotFound) {
			s.fail(w, r, http.StatusNotFound, "No lesson plan has this reference.")
			return
		}
		if err != nil {
			s.serverError(w, r, fmt.Errorf("feedback %s: %w", ref, err))
			return
		}
	}
	success(w, r, http.StatusCreated, struct {
		Thanks string `json:"thanks"`
	}{feedbackThanks}, s.confirmationPath(ref)+"?feedback=thanks#feedback")
}
