package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/mail"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/teachpilot/site/internal/store"
)

// This file holds what the form endpoints share: the rules of web/forms.json, decoding of
// JSON and plain form posts, validation, and the middleware of every state-changing route.

// maxBody is the largest request body a form endpoint reads (413 beyond it).
const maxBody = 64 << 10

// Forms is what the form API needs. Without it (WithForms not given) the API answers 503.
type Forms struct {
	// Store keeps the submissions and their outgoing mail.
	Store *store.Store
	// Rules is web/forms.json (web.FormRules()).
	Rules []byte
	// Notify is called after a submission that queued mail was committed, to wake the mail
	// worker (mail.Worker.Notify). May be nil.
	Notify func()
}

// Option configures a Server in New.
type Option func(*Server) error

// WithForms turns the form API on.
func WithForms(f Forms) Option {
	return func(s *Server) error {
		rules, err := parseFormRules(f.Rules)
		if err != nil {
			return err
		}
		s.api.store, s.api.rules, s.api.notify = f.Store, rules, f.Notify
		return nil
	}
}

// WithClock makes the server read the time from now (tests).
func WithClock(now func() time.Time) Option {
	return func(s *Server) error {
		s.api.now = now
		return nil
	}
}

// formAPI is the state of the form endpoints, kept apart from the rest of Server.
type formAPI struct {
	store   *store.Store
	rules   *formRules
	notify  func()
	now     func() time.Time
	limiter *limiter // nil: no rate limit
	csrf    *http.CrossOriginProtection
	// stylesheets are the built site's CSS, linked by the pages the server renders (pages.go).
	stylesheets []string
}

// initForms prepares the middleware of the form API from the configuration.
func (s *Server) initForms() error {
	if s.api.now == nil {
		s.api.now = time.Now
	}
	s.api.stylesheets = s.site.stylesheets()
	if !s.cfg.RateLimit.Off() {
		s.api.limiter = newLimiter(s.cfg.RateLimit.Events, s.cfg.RateLimit.Per, s.cfg.TrustedProxies)
	}
	s.api.csrf = http.NewCrossOriginProtection()
	if s.cfg.BaseURL != nil && s.cfg.BaseURLSet {
		// Behind a proxy that rewrites Host, the public origin is still same-origin. Without
		// BASE_URL, its default (http://localhost:8080) is not trusted: requests to this
		// server's own host pass as same-origin anyway, and a site listening elsewhere must
		// not accept posts from whatever runs on localhost:8080.
		if err := s.api.csrf.AddTrustedOrigin(s.cfg.BaseURL.Scheme + "://" + s.cfg.BaseURL.Host); err != nil {
			return fmt.Errorf("server: trusted origin: %w", err)
		}
	}
	s.api.csrf.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, http.StatusForbidden, "Forms on this site can only be sent from this site.")
	}))
	return nil
}

// post wraps a state-changing form endpoint: cross-origin requests are refused (403), each
// client is rate limited (429), and the API answers 503 when it has no store.
func (s *Server) post(h http.HandlerFunc) http.Handler {
	var next http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.api.store == nil || s.api.rules == nil {
			s.fail(w, r, http.StatusServiceUnavailable, "Forms are not available right now.")
			return
		}
		h(w, r)
	})
	next = s.idempotent(next) // Idempotency-Key (idempotency.go)
	next = s.rateLimit(next)
	return s.api.csrf.Handler(next)
}

// allow answers 405 with an Allow header: the path exists, the method does not.
func allow(methods string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", methods)
		writeJSON(w, http.StatusMethodNotAllowed, apiError{Error: "Method not allowed: use " + methods + "."})
	}
}

// formRules is web/forms.json.
type formRules struct {
	Honeypot string               `json:"honeypot"`
	Forms    map[string]*formSpec `json:"forms"`
}

// formSpec is one form: its fields, and (not in the JSON) where it lives on the site.
type formSpec struct {
	Fields []*fieldRule `json:"fields"`

	name     string
	byName   map[string]*fieldRule
	path     string // the page of the form; "" for the newsletter box, on every page
	idPrefix string // the id of a field's input is idPrefix-name
	noun     string // "message", for "There is a problem with your message"
}

type fieldRule struct {
	Name      string            `json:"name"`
	Label     string            `json:"label"`
	Kind      string            `json:"kind"` // text, textarea, email, select, multiselect, integer
	Required  bool              `json:"required"`
	MinLength *int              `json:"minLength"`
	MaxLength *int              `json:"maxLength"`
	Min       *int              `json:"min"`
	Max       *int              `json:"max"`
	Options   []option          `json:"options"`
	Messages  map[string]string `json:"messages"`
}

type option struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// The forms the API serves, with where they live in the React app.
var formPages = map[string]struct{ path, idPrefix, noun string }{
	"newsletter": {"", "newsletter", "newsletter sign-up"},
	"contact":    {"/contact", "contact", "message"},
	"lessonPlan": {"/lesson-plan", "plan", "lesson plan request"},
}

func parseFormRules(b []byte) (*formRules, error) {
	var rules formRules
	if err := json.Unmarshal(b, &rules); err != nil {
		return nil, fmt.Errorf("server: forms.json: %w", err)
	}
	if rules.Honeypot == "" {
		return nil, errors.New("server: forms.json: no honeypot field name")
	}
	for name, page := range formPages {
		f := rules.Forms[name]
		if f == nil {
			return nil, fmt.Errorf("server: forms.json: no form %q", name)
		}
		f.name, f.path, f.idPrefix, f.noun = name, page.path, page.idPrefix, page.noun
		f.byName = map[string]*fieldRule{}
		for _, fr := range f.Fields {
			switch fr.Kind {
			case "text", "textarea", "email", "select", "multiselect", "integer":
			default:
				return nil, fmt.Errorf("server: forms.json: %s.%s: unknown kind %q", name, fr.Name, fr.Kind)
			}
			if fr.Name == rules.Honeypot {
				return nil, fmt.Errorf("server: forms.json: %s.%s: the honeypot's name", name, fr.Name)
			}
			f.byName[fr.Name] = fr
		}
	}
	return &rules, nil
}

func (f *fieldRule) message(key, fallback string) string {
	if m := f.Messages[key]; m != "" {
		return m
	}
	return fallback
}

func (f *fieldRule) optionLabel(value string) string {
	for _, o := range f.Options {
		if o.Value == value {
			return o.Label
		}
	}
	return value
}

func (f *fieldRule) hasOption(value string) bool {
	for _, o := range f.Options {
		if o.Value == value {
			return true
		}
	}
	return false
}

// submission is a decoded and validated form: trimmed strings, integers and lists, by name.
// A field left empty is absent.
type submission struct {
	strs  map[string]string
	ints  map[string]int
	lists map[string][]string
	// spam is true when the honeypot field was filled in: store, answer as usual, send nothing.
	spam bool
}

func (v submission) str(name string) string    { return v.strs[name] }
func (v submission) int(name string) int       { return v.ints[name] }
func (v submission) list(name string) []string { return v.lists[name] }
func (v submission) has(name string) bool      { _, ok := v.strs[name]; return ok }

// requestError is a problem with the request itself, not with what a person typed.
type requestError struct {
	status  int
	message string
}

func (e *requestError) Error() string { return e.message }

func badRequest(format string, args ...any) *requestError {
	return &requestError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

// decode reads and validates a post of form, JSON or url-encoded. If anything is wrong it
// writes the answer (400, 413, 415 or 422) and returns false.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, form string) (submission, bool) {
	spec := s.api.rules.Forms[form]
	raw, err := readBody(w, r, spec, s.api.rules.Honeypot)
	if err != nil {
		var re *requestError
		if errors.As(err, &re) {
			s.fail(w, r, re.status, re.message)
		} else {
			s.serverError(w, r, err)
		}
		return submission{}, false
	}
	sub, errs := validate(spec, raw)
	sub.spam = strings.TrimSpace(raw.honeypot) != ""
	if len(errs) > 0 {
		s.invalid(w, r, spec, errs)
		return submission{}, false
	}
	return sub, true
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
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		mt = ""
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	switch mt {
	case "application/json":
		return raw, readJSON(r.Body, spec, honeypot, &raw)
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

// parseForm parses a url-encoded or multipart body into r.PostForm.
func parseForm(r *http.Request) error {
	var err error
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "multipart/form-data" {
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
	var mbe *http.MaxBytesError
	return errors.As(err, &mbe)
}

// readJSON decodes one JSON object whose keys must all be fields of spec or the honeypot.
func readJSON(body io.Reader, spec *formSpec, honeypot string, raw *rawForm) error {
	dec := json.NewDecoder(body)
	dec.UseNumber()
	var obj map[string]json.RawMessage
	if err := dec.Decode(&obj); err != nil {
		if tooLarge(err) {
			return &requestError{http.StatusRequestEntityTooLarge, "The request body is too large."}
		}
		return badRequest("The request body is not valid JSON: %v.", jsonProblem(err))
	}
	if obj == nil {
		return badRequest("The request body must be a JSON object.")
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		if tooLarge(err) {
			return &requestError{http.StatusRequestEntityTooLarge, "The request body is too large."}
		}
		return badRequest("The request body must hold one JSON object and nothing after it.")
	}
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
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return fmt.Sprintf("syntax error at byte %d", syn.Offset)
	case errors.As(err, &typ):
		return "expected an object"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "it is empty or cut short"
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
		for _, v := range vs {
			if bad(v) {
				return badRequest("Field %q contains characters that are not allowed.", k)
			}
		}
	}
	return nil
}

// validate applies the rules of spec to raw, giving the values or a message per bad field.
func validate(spec *formSpec, raw rawForm) (submission, map[string]string) {
	sub := submission{strs: map[string]string{}, ints: map[string]int{}, lists: map[string][]string{}}
	errs := map[string]string{}
	for _, f := range spec.Fields {
		if f.Kind == "multiselect" {
			var list []string
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
			sub.lists[f.Name] = list
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
			sub.ints[f.Name] = n
		}
		sub.strs[f.Name] = v
	}
	return sub, errs
}

// checkField returns the message for a non-empty, trimmed value that breaks f's rules.
func checkField(f *fieldRule, v string) string {
	n := utf8.RuneCountInString(v)
	if f.MaxLength != nil && n > *f.MaxLength {
		return f.message("maxLength", fmt.Sprintf("This field can be at most %d characters.", *f.MaxLength))
	}
	if f.MinLength != nil && n < *f.MinLength {
		return f.message("minLength", fmt.Sprintf("This field needs at least %d characters.", *f.MinLength))
	}
	switch f.Kind {
	case "email":
		if !validEmail(v) {
			return f.message("format", "Enter an email address like name@school.org.")
		}
	case "select":
		if !f.hasOption(v) {
			return f.message("options", "Choose one of the listed options.")
		}
	case "integer":
		i, err := strconv.Atoi(v)
		switch {
		case err != nil:
			return f.message("format", "Enter a whole number.")
		case f.Min != nil && i < *f.Min:
			return f.message("min", fmt.Sprintf("Enter %d or more.", *f.Min))
		case f.Max != nil && i > *f.Max:
			return f.message("max", fmt.Sprintf("Enter %d or less.", *f.Max))
		}
	}
	return ""
}

// validEmail is a sane syntactic check: one bare address (no display name, no comments),
// at most 254 characters, with a dot inside its domain.
func validEmail(v string) bool {
	if len(v) > 254 {
		return false
	}
	a, err := mail.ParseAddress(v)
	if err != nil || a.Name != "" || a.Address != v {
		return false
	}
	at := strings.LastIndexByte(v, '@')
	domain := v[at+1:]
	return at > 0 && strings.Contains(domain, ".") && !strings.HasPrefix(domain, ".") &&
		!strings.HasSuffix(domain, ".") && !strings.Contains(domain, "..")
}
