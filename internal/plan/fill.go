package plan

import "strings"

// fillVars are the values of a bank text's placeholders. expand fills them in one pass: a
// value (the teacher's topic above all) is never scanned for placeholders itself, so a topic
// that contains "{check}" stays as typed. hook, practice and check are bank texts whose own
// placeholders are filled before they are set.
type fillVars struct{ topic, work, example, add, evidence, hook, practice, check string }

func (v *fillVars) value(key string) (string, bool) {
	switch key {
	case "topic":
		return v.topic, true
	case "work":
		return v.work, true
	case "example":
		return v.example, true
	case "add":
		return v.add, true
	case "evidence":
		return v.evidence, true
	case "hook":
		return v.hook, v.hook != ""
	case "practice":
		return v.practice, v.practice != ""
	case "check":
		return v.check, v.check != ""
	}
	return "", false
}

// expand returns s with its {placeholders} filled; unknown ones are left as they are.
func (v *fillVars) expand(s string) string {
	if strings.IndexByte(s, '{') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2*len(v.topic))
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		if val, ok := v.value(s[i+1 : i+j]); ok {
			b.WriteString(s[:i])
			b.WriteString(val)
			s = s[i+j+1:]
		} else {
			b.WriteString(s[:i+1])
			s = s[i+1:]
		}
	}
	b.WriteString(s)
	return b.String()
}
