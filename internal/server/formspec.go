package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/teachpilot/site/web"
)

// This file holds the rules of web/forms.json, read once at start, and the check of one
// field's value against them. decode.go turns a request into values these rules accept.

// formRules is web/forms.json.
type formRules struct {
	Honeypot string `json:"honeypot"`
	// RefuseByKind lists, per kind of field, the characters its values may not hold.
	RefuseByKind map[string][]*refusal `json:"refuseByKind"`
	// Refusals are named lists of patterns a field takes on by naming them in its Refuse
	// (personalData: email addresses, phone numbers, ID numbers).
	Refusals map[string][]*refusal `json:"refusals"`
	Forms    map[string]*formSpec  `json:"forms"`
}

// refusal is a pattern a field's value must not match, with the message saying why.
type refusal struct {
	Pattern string `json:"pattern"`
	Message string `json:"message"`
	re      *regexp.Regexp
}

// formSpec is one form: where it lives on the site and its fields.
type formSpec struct {
	// Page is the id of the page the form lives on (web/pages.json); empty for the
	// newsletter box, which is on every page.
	Page string `json:"page"`
	// IDPrefix makes a field's input id: IDPrefix-name.
	IDPrefix string `json:"idPrefix"`
	// Noun completes "There is a problem with your …".
	Noun string `json:"noun"`
	// Success is the id of the page a plain form post is redirected to.
	Success string       `json:"success"`
	Fields  []*fieldRule `json:"fields"`

	name        string
	byName      map[string]*fieldRule
	path        string // the path of Page; "" for the newsletter box
	successPath string // the path of Success
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
	// Refuse names lists of forms.json's refusals the value must not match either.
	Refuse []string `json:"refuse"`

	refuse []*refusal // forms.json's refuseByKind for this field's kind, then its Refuse lists
}

type option struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// servedForms are the forms the API handles, each decoded into its own struct (newsletter.go,
// contact.go, lessonplan.go, feedback.go).
var servedForms = []string{"newsletter", "contact", "lessonPlan", "planFeedback"}

// parseFormRules reads forms.json and resolves its page ids against the page table.
func parseFormRules(b []byte, pages *web.PageTable) (*formRules, error) {
	var rules formRules
	if err := json.Unmarshal(b, &rules); err != nil {
		return nil, fmt.Errorf("server: forms.json: %w", err)
	}
	if rules.Honeypot == "" {
		return nil, errors.New("server: forms.json: no honeypot field name")
	}
	var errs []error
	for group, lists := range map[string]map[string][]*refusal{"refuseByKind": rules.RefuseByKind, "refusals": rules.Refusals} {
		for name, list := range lists {
			for i, r := range list {
				var err error
				if r.re, err = regexp.Compile(r.Pattern); err != nil {
					errs = append(errs, fmt.Errorf("server: forms.json: %s.%s[%d]: %w", group, name, i, err))
				}
				if r.Message == "" {
					errs = append(errs, fmt.Errorf("server: forms.json: %s.%s[%d]: no message", group, name, i))
				}
			}
		}
	}
	for _, name := range servedForms {
		f := rules.Forms[name]
		if f == nil {
			errs = append(errs, fmt.Errorf("server: forms.json: no form %q", name))
			continue
		}
		f.name = name
		if f.IDPrefix == "" || f.Noun == "" {
			errs = append(errs, fmt.Errorf("server: forms.json: %s: idPrefix and noun must not be empty", name))
		}
		var err error
		if f.Page != "" {
			if f.path, err = pages.Path(f.Page); err != nil {
				errs = append(errs, fmt.Errorf("server: forms.json: %s.page: %w", name, err))
			}
		}
		if f.successPath, err = pages.Path(f.Success); err != nil {
			errs = append(errs, fmt.Errorf("server: forms.json: %s.success: %w", name, err))
		}
		f.byName = map[string]*fieldRule{}
		for _, fr := range f.Fields {
			switch fr.Kind {
			case "text", "textarea", "email", "select", "multiselect", "integer":
			default:
				errs = append(errs, fmt.Errorf("server: forms.json: %s.%s: unknown kind %q", name, fr.Name, fr.Kind))
			}
			if fr.Name == rules.Honeypot {
				errs = append(errs, fmt.Errorf("server: forms.json: %s.%s: the honeypot's name", name, fr.Name))
			}
			fr.refuse = slices.Clone(rules.RefuseByKind[fr.Kind])
			for _, list := range fr.Refuse {
				named, ok := rules.Refusals[list]
				if !ok {
					errs = append(errs, fmt.Errorf("server: forms.json: %s.%s: no refusals named %q", name, fr.Name, list))
				}
				fr.refuse = append(fr.refuse, named...)
			}
			f.byName[fr.Name] = fr
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
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

// checkField returns the message for a non-empty, trimmed value that breaks f's rules.
func checkField(f *fieldRule, v string) string {
	n := utf8.RuneCountInString(v)
	if f.MaxLength != nil && n > *f.MaxLength {
		return f.message("maxLength", fmt.Sprintf("This field can be at most %d characters.", *f.MaxLength))
	}
	if f.MinLength != nil && n < *f.MinLength {
		return f.message("minLength", fmt.Sprintf("This field needs at least %d characters.", *f.MinLength))
	}
	for _, r := range f.refuse {
		if r.re.MatchString(v) {
			return r.Message
		}
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
