package plan

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file turns objectives (the teacher's or a model's) into "Students will be able to…"
// statements with a Bloom's level.

const swbat = "Students will be able to "

// objectivePrefixes are ways teachers start an objective; they are removed before the verb
// is looked for (longest first, compared without case).
var objectivePrefixes = []string{
	"students will be able to", "the student will be able to", "students should be able to",
	"the student will", "students will", "swbat", "i can", "learners will", "to",
}

// higherOrder reports whether level is analyse, evaluate or create.
func higherOrder(level string) bool {
	return level == BloomAnalyse || level == BloomEvaluate || level == BloomCreate
}

// bloomRank is the position of level in BloomLevels (-1 if it is not a level).
func bloomRank(level string) int { return slices.Index(BloomLevels, level) }

// splitObjectives splits the teacher's objectives text into statements: one per line or
// semicolon, list markers removed.
func splitObjectives(text string) []string {
	var out []string
	for _, line := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == ';' }) {
		line = strings.TrimSpace(line)
		line = strings.TrimLeftFunc(line, func(r rune) bool {
			return r == '-' || r == '•' || r == '*' || r == '.' || r == ')' || unicode.IsDigit(r) || unicode.IsSpace(r)
		})
		if line != "" {
			out = append(out, line)
		}
	}
	return out
}

// phraseObjective returns text as a "Students will be able to…" statement and its Bloom's
// level. When what follows the usual openings starts with a verb of bloomVerbs, the statement
// is rephrased around it; otherwise the teacher's words are quoted whole, never reworded,
// and the level is that of the first Bloom verb found anywhere in them (understand if none).
func phraseObjective(text string) (string, string) {
	text = cleanLine(text, 260)
	rest := strings.TrimSpace(text)
	for changed := true; changed; {
		changed = false
		for _, p := range objectivePrefixes {
			if len(rest) > len(p) && strings.EqualFold(rest[:len(p)], p) && !isLetterAt(rest, len(p)) {
				rest = strings.TrimLeft(strings.TrimSpace(rest[len(p):]), ":,…. ")
				changed = true
			}
		}
	}
	rest = strings.TrimRight(rest, ". ")
	if level, ok := leadingVerb(rest); ok && rest != "" {
		return swbat + lowerFirst(rest) + ".", level
	}
	level := BloomUnderstand
	if l, ok := anyVerb(text); ok {
		level = l
	}
	return swbat + "meet this objective, as written by their teacher: \"" + strings.TrimSpace(text) + "\"", level
}

// leadingVerb reports the Bloom's level of the verb s starts with.
func leadingVerb(s string) (string, bool) {
	lower := strings.ToLower(s)
	best, bestLen := "", 0
	for _, level := range BloomLevels {
		for _, v := range bloomVerbs[level] {
			if len(v) > bestLen && strings.HasPrefix(lower, v) && !isLetterAt(lower, len(v)) {
				best, bestLen = level, len(v)
			}
		}
	}
	return best, bestLen > 0
}

// anyVerb returns the level of the first word of s that is a Bloom verb.
func anyVerb(s string) (string, bool) {
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if l, ok := leadingVerb(w); ok {
			return l, true
		}
	}
	return "", false
}

func isLetterAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r)
}

// lowerFirst lowers the first letter unless the word is an acronym or a name in capitals.
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == len(s) {
		return strings.ToLower(s)
	}
	next, _ := utf8.DecodeRuneInString(s[n:])
	if unicode.IsUpper(next) {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

// criterionFor turns an objective into an "I can…" success criterion when it was phrased
// around a verb, or a generic one for its level when the teacher's words were quoted.
func criterionFor(o Objective) string {
	if rest, ok := strings.CutPrefix(o.Text, swbat); ok && !strings.HasPrefix(rest, "meet this objective") {
		return "I can " + firstPerson.Replace(strings.TrimSuffix(rest, ".")) + "."
	}
	switch {
	case higherOrder(o.Bloom):
		return "I can support my answer with evidence and explain my reasoning."
	case o.Bloom == BloomApply:
		return "I can use what I learned on a new example without help."
	default:
		return "I can explain the key idea in my own words."
	}
}

// firstPerson turns an objective's "they" into a criterion's "I".
var firstPerson = strings.NewReplacer(" their ", " my ", " they ", " I ", " themselves", " myself")
