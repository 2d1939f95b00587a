package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file turns a form post, JSON or url-encoded, into the typed struct of its form
// (newsletterForm, contactForm, lessonPlanForm): read the body, check each field against
// formspec.go's rules, fill the struct.

// maxBody is the largest request body a form endpoint reads (413 beyond it).
const maxBody = 64 << 10

// submission is a decoded and validated form: its fields (strings trimmed, a field left
// empty is the zero value) and whether the honeypot was filled in (store, answer as usual,
// send nothing).
type submission[T any] struct {
	Fields T
	Spam   bool
}

// decodeForm reads and validates a post of form into T, whose json tags are the form's
// field names. If anything is wrong it writes the answer (400, 413, 415 or 422) and
// returns false.
func decodeForm[T any](s *Server, w http.ResponseWriter, r *http.Request, form string) (submission[T], bool) {
	var sub submission[T]
	spec := s.api.rules.Forms[form]
	raw, err := readBody(w, r, spec, s.api.rules.Honeypot)
	if err != nil {
		s.failRequest(w, r, err)
		return sub, false
	}
	values, errs := validate(spec, raw)
	if len(errs) > 0 {
		s.invalid(w, r, spec, errs)
		return sub, false
	}
	// The values are those forms.json declares, typed by kind: JSON carries them into the
	// struct, and a field the struct lacks is a bug that TestFormStructsMatchTheRules catches.
	b, err := json.Marshal(values)
	if err == nil {
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		err = dec.Decode(&sub.Fields)
	}
	if err != nil {
		s.serverError(w, r, fmt.Errorf("decode %s: %w", form, err))
		return sub, false
	}
	sub.Spam = strings.TrimSpace(raw.honeypot) != ""
	if sub.Spam {
		markSpam(r) // for the metrics (admin_metrics.go)
	}
	return sub, true
}

// requestError is a problem with the request itself, not with what a person typed.
type requestError struct {
	status  int
	message string
}

func (e *requestError) Error() string { return e.message }

func badRequest(format string, args ...any) *requestError {
	return &requestError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

// failRequest answers a requestError with its status and message; any other error is a 500.
func (s *Server) failRequest(w http.ResponseWriter, r *http.Request, err error) {
	if re, ok := errors.AsType[*requestError](err); ok {
		s.fail(w, r, re.status, re.message)
		return
	}
	s.serverError(w, r, err)
}

// rawForm is a post before validation: strings (integers as their text) and lists.
type rawForm struct {
	strs     map[string]string
	lists    map[string][]string
	honeypot string
}

// readBody reads r's body, at most maxBody bytes, as JSON or as a url-encoded form.
func readBody(w http.ResponseWriter, r *http.Request, spec *formSpec, honeypot string) (rawForm, error) {
	raw := rawForm{strs: map[string]string{}, lists: map[string][]string{}}
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	switch mediaType(r) {
	case "application/json":
		var obj map[string]json.RawMessage
		if err := readJSON(r.Body, &obj); err != nil {
			return raw, err
		}
		if obj == nil {
			return raw, badRequest("The request body must be a JSON object.")
		}
		return raw, jsonFields(obj, spec, honeypot, &raw)
	case "application/x-www-form-urlencoded", "multipart/form-data":
		if err := parseForm(r); err != nil {
			return raw, err
		}
		for _, f := range spec.Fields {
			vals := r.PostForm[f.Name]
			if f.Kind == "multiselect" {
				raw.lists[f.Name] = vals
			} else if len(vals) > 0 {
				raw.strs[f.Name] = vals[0]
			}
		}
		raw.honeypot = r.PostForm.Get(honeypot)
		// Other keys (a submit button's name, say) are ignored: browsers send what the page has.
		return raw, checkText(raw)
	default:
		return raw, &requestError{http.StatusUnsupportedMediaType,
			"Send the form as application/json or application/x-www-form-urlencoded."}
	}
}

// mediaType is r's Content-Type without parameters, "" when there is none or it is malformed.
func mediaType(r *http.Request) string {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		return ""
	}
	return mt
}

// parseForm parses a url-encoded or multipart body into r.PostForm.
func parseForm(r *http.Request) error {
	var err error
	if mediaType(r) == "multipart/form-data" {
		err = r.ParseMultipartForm(maxBody)
	} else {
		err = r.ParseForm()
	}
	if err != nil {
		if tooLarge(err) {
			return &requestError{http.StatusRequestEntityTooLarge, "The form is too large to accept."}
		}
		return badRequest("The form data could not be read.")
	}
	return nil
}

func tooLarge(err error) bool {
	_, ok := errors.AsType[*http.MaxBytesError](err)
	return ok
}

// readJSON decodes exactly one JSON value from body into dst: unknown fields of a struct
// are refused, and so is anything after the value.
func readJSON(body io.Reader, dst any) error {
	// encoding/json would replace invalid UTF-8 with U+FFFD and store the guess: refuse it,
	// as a form post with it is refused (checkText).
	b, err := io.ReadAll(body)
	if err != nil {
		if tooLarge(err) {
			return &requestError{http.StatusRequestEntityTooLarge, "The request body is too large."}
		}
		return badRequest("The request body could not be read.")
	}
	if !utf8.Valid(b) {
		return badRequest("The request body is not valid UTF-8.")
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		if tooLarge(err) {
			return &requestError{http.StatusRequestEntityTooLarge, "The request body is too large."}
		}
		return badRequest("The request body is not valid JSON: %v.", jsonProblem(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		if tooLarge(err) {
			return &requestError{http.StatusRequestEntityTooLarge, "The request body is too large."}
		}
		return badRequest("The request body must hold one JSON object and nothing after it.")
	}
	return nil
}

// jsonFields takes the fields of spec and the honeypot from a JSON object; other keys are
// refused.
func jsonFields(obj map[string]json.RawMessage, spec *formSpec, honeypot string, raw *rawForm) error {
	for key, val := range obj {
		if bytes.Equal(val, []byte("null")) {
			continue
		}
		if key == honeypot {
			if err := json.Unmarshal(val, &raw.honeypot); err != nil {
				return badRequest("Field %q must be a string.", key)
			}
			continue
		}
		f := spec.byName[key]
		if f == nil {
			return badRequest("Unknown field %q.", key)
		}
		switch f.Kind {
		case "multiselect":
			var list []string
			if err := json.Unmarshal(val, &list); err != nil {
				return badRequest("Field %q must be an array of strings.", key)
			}
			raw.lists[key] = list
		case "integer":
			var n json.Number
			if err := json.Unmarshal(val, &n); err == nil {
				raw.strs[key] = n.String()
				continue
			}
			fallthrough
		default:
			var str string
			if err := json.Unmarshal(val, &str); err != nil {
				return badRequest("Field %q must be a string.", key)
			}
			raw.strs[key] = str
		}
	}
	return checkText(*raw)
}

// jsonProblem says briefly what is wrong with a JSON body.
func jsonProblem(err error) string {
	if syn, ok := errors.AsType[*json.SyntaxError](err); ok {
		return fmt.Sprintf("syntax error at byte %d", syn.Offset)
	}
	if _, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		return "expected an object"
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return "it is empty or cut short"
	}
	if field, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return "unknown field " + field // encoding/json has no error type for it
	}
	return "it could not be read"
}

// checkText refuses text that no database can store faithfully: invalid UTF-8 and NUL.
func checkText(raw rawForm) error {
	bad := func(s string) bool { return !utf8.ValidString(s) || strings.ContainsRune(s, 0) }
	for k, v := range raw.strs {
		if bad(v) {
			return badRequest("Field %q contains characters that are not allowed.", k)
		}
	}
	for k, vs := range raw.lists {
		if slices.ContainsFunc(vs, bad) {
			return badRequest("Field %q contains characters that are not allowed.", k)
		}
	}
	return nil
}

// validate applies the rules of spec to raw, giving the values by field name (a trimmed
// string, an int for integers, a list for multiselects; empty fields absent) or a message
// per bad field.
func validate(spec *formSpec, raw rawForm) (map[string]any, map[string]string) {
	values := map[string]any{}
	errs := map[string]string{}
	for _, f := range spec.Fields {
		if f.Kind == "multiselect" {
			list := []string{}
			for _, v := range raw.lists[f.Name] {
				v = strings.TrimSpace(v)
				if v == "" || slices.Contains(list, v) {
					continue
				}
				if !f.hasOption(v) {
					errs[f.Name] = f.message("options", "Choose only the listed options.")
					break
				}
				list = append(list, v)
			}
			if len(list) == 0 && f.Required {
				errs[f.Name] = f.message("required", "Choose at least one option.")
			}
			values[f.Name] = list
			continue
		}

		v := strings.TrimSpace(raw.strs[f.Name])
		if v == "" {
			if f.Required {
				errs[f.Name] = f.message("required", "This field is required.")
			}
			continue
		}
		if msg := checkField(f, v); msg != "" {
			errs[f.Name] = msg
			continue
		}
		if f.Kind == "integer" {
			n, _ := strconv.Atoi(v) // checked by checkField
			values[f.Name] = n
			continue
		}
		values[f.Name] = v
	}
	return values, errs
}
