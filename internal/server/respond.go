package server

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
)

// This file is the one place where the form API's outcomes become responses, and where its
// errors are logged. A JSON request gets JSON; a plain HTML form post (JavaScript off) gets
// a redirect on success and a small, accessible HTML page on failure.

// isFormPost reports whether r is a plain HTML form post rather than a JSON request.
func isFormPost(r *http.Request) bool {
	mt := mediaType(r)
	return mt == "application/x-www-form-urlencoded" || mt == "multipart/form-data"
}

// writeJSON writes v as the JSON body of a response with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil { // only plain structs and maps are passed: a bug if it happens
		status, b = http.StatusInternalServerError, []byte(`{"error":"internal server error"}`)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// fieldErrors is the body of a 422: a message per field.
type fieldErrors struct {
	Errors map[string]string `json:"errors"`
}

// apiError is the body of every error answer but 422.
type apiError struct {
	Error string `json:"error"`
}

// fail answers with status and a message a person can act on.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, status int, message string) {
	if isFormPost(r) {
		s.problemPage(w, r, status, problemPage{
			Title:   http.StatusText(status),
			Intro:   message,
			Back:    backLink(r, ""),
			BackTxt: "Go back",
		})
		return
	}
	writeJSON(w, status, apiError{Error: message})
}

// serverError logs err, the only place the form API logs one, and answers 500.
func (s *Server) serverError(w http.ResponseWriter, r *http.Request, err error) {
	s.log.LogAttrs(r.Context(), slog.LevelError, "form API",
		slog.String("method", r.Method), slog.String("path", r.URL.Path), slog.Any("err", err))
	s.fail(w, r, http.StatusInternalServerError, "Something went wrong on our side and nothing was saved. Please try again in a minute.")
}

// invalid answers 422 with a message per field: {"errors": {"field": "message"}} for JSON,
// a page listing each problem with a link to its field for a form post.
func (s *Server) invalid(w http.ResponseWriter, r *http.Request, form *formSpec, errs map[string]string) {
	if !isFormPost(r) {
		writeJSON(w, http.StatusUnprocessableEntity, fieldErrors{Errors: errs})
		return
	}
	back := backLink(r, form.path)
	p := problemPage{
		Title:   "There is a problem with your " + form.Noun,
		Intro:   "Nothing was sent yet. Please correct the following, then send the form again. Your browser's Back button returns to the form with what you typed.",
		Back:    back,
		BackTxt: "Back to the form",
	}
	for _, f := range form.Fields { // in the form's order
		if msg, ok := errs[f.Name]; ok {
			p.Problems = append(p.Problems, problem{Href: back + "#" + form.IDPrefix + "-" + f.Name, Label: f.Label, Message: msg})
		}
	}
	s.problemPage(w, r, http.StatusUnprocessableEntity, p)
}

// success answers a stored submission: status and body for JSON, 303 to redirect for a
// form post.
func success(w http.ResponseWriter, r *http.Request, status int, body any, redirect string) {
	if isFormPost(r) {
		w.Header().Set("Cache-Control", "no-store")
		http.Redirect(w, r, redirect, http.StatusSeeOther)
		return
	}
	writeJSON(w, status, body)
}

// backLink is where a "back" link leads: fixed when the form lives on one page, else the
// page the form was posted from (the Referer, when it is this site), else the home page. The
// newsletter box is on every page.
func backLink(r *http.Request, fixed string) string {
	if fixed != "" {
		return fixed
	}
	ref, err := url.Parse(r.Referer())
	if err != nil || ref.Host != r.Host || !strings.HasPrefix(ref.Path, "/") || strings.HasPrefix(ref.Path, "//") {
		return "/"
	}
	return ref.Path
}
