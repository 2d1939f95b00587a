package server

import (
	"bytes"
	"io"
	"mime"
	"net/http"
	"strconv"

	"github.com/teachpilot/site/internal/plan"
)

// This file serves a plan's files: the Word document and the plain text ("copy as text").
// Like the page, they are the reference's capability: never indexed, kept by the browser
// only (private).

// notFoundJSON answers 404 for a reference nobody has.
func notFoundJSON(w http.ResponseWriter) func() {
	return func() { writeJSON(w, http.StatusNotFound, apiError{"No lesson plan request has this reference."}) }
}

// planDOCX handles GET /api/lesson-plans/{reference}/plan.docx: the plan as an editable
// Word file, downloaded as an attachment named after its title.
func (s *Server) planDOCX(w http.ResponseWriter, r *http.Request) {
	sp, ok := s.planRef(w, r, notFoundJSON(w))
	if !ok {
		return
	}
	var buf bytes.Buffer
	if err := plan.WriteDOCX(&buf, sp.Plan); err != nil {
		s.serverError(w, r, err)
		return
	}
	writePlanFile(w, r, plan.DOCXContentType,
		mime.FormatMediaType("attachment", map[string]string{"filename": plan.DOCXFilename(sp.Plan)}), buf.Bytes())
}

// planText handles GET /api/lesson-plans/{reference}/plan.txt: the plan as plain text,
// shown in the browser (the page's "copy as text" reads it).
func (s *Server) planText(w http.ResponseWriter, r *http.Request) {
	sp, ok := s.planRef(w, r, notFoundJSON(w))
	if !ok {
		return
	}
	writePlanFile(w, r, "text/plain; charset=utf-8", "inline", []byte(plan.Text(sp.Plan)))
}

func writePlanFile(w http.ResponseWriter, r *http.Request, contentType, disposition string, body []byte) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Disposition", disposition)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	h.Set("Cache-Control", "private")
	h.Set("X-Robots-Tag", "noindex")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = io.Copy(w, bytes.NewReader(body))
	}
}
