package plan

import (
	"encoding/json"
	"fmt"
	"slices"
)

// Options are the choices of the lesson-plan form, read from web/forms.json (the one place
// they live): each option's value and label, in the form's order.
type Options struct {
	Subjects []Option
	Grades   []Option
	Models   []Option
	Needs    []Option
}

// Option is one choice of a select or multiselect field.
type Option struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// ParseOptions reads the lesson-plan form's options from forms.json (web.FormRules()).
func ParseOptions(formsJSON []byte) (Options, error) {
	var doc struct {
		Forms map[string]struct {
			Fields []struct {
				Name    string   `json:"name"`
				Options []Option `json:"options"`
			} `json:"fields"`
		} `json:"forms"`
	}
	if err := json.Unmarshal(formsJSON, &doc); err != nil {
		return Options{}, fmt.Errorf("plan: forms.json: %w", err)
	}
	var o Options
	fields := map[string]*[]Option{
		"subject": &o.Subjects, "grade": &o.Grades, "instructionalModel": &o.Models, "differentiation": &o.Needs,
	}
	for _, f := range doc.Forms["lessonPlan"].Fields {
		if dst, ok := fields[f.Name]; ok {
			*dst = f.Options
		}
	}
	for name, dst := range fields {
		if len(*dst) == 0 {
			return Options{}, fmt.Errorf("plan: forms.json: lessonPlan field %q has no options", name)
		}
	}
	return o, nil
}

// label returns the label of value among opts, or "" if value is not one of them.
func label(opts []Option, value string) string {
	i := slices.IndexFunc(opts, func(o Option) bool { return o.Value == value })
	if i < 0 {
		return ""
	}
	return opts[i].Label
}

// check reports an option the built-in planner has no bank for, or a bank no option uses, so
// that forms.json and the banks cannot drift apart unnoticed (NewBuiltin refuses both).
func (o Options) check() error {
	pairs := []struct {
		field string
		opts  []Option
		known []string
	}{
		{"subject", o.Subjects, mapKeys(subjectBanks)},
		{"instructionalModel", o.Models, mapKeys(modelTemplates)},
		{"differentiation", o.Needs, mapKeys(needBanks)},
		{"grade", o.Grades, []string{"9", "10", "11", "12"}},
	}
	for _, p := range pairs {
		values := make([]string, len(p.opts))
		for i, opt := range p.opts {
			values[i] = opt.Value
		}
		slices.Sort(values)
		known := slices.Clone(p.known)
		slices.Sort(known)
		if !slices.Equal(values, known) {
			return fmt.Errorf("plan: forms.json %s options %v do not match the planner's banks %v", p.field, values, known)
		}
	}
	return nil
}

func mapKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}
