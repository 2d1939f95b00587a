package plan

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
)

// This file derives, from Plan's struct tags (the one place they are written), the JSON
// schema sent to an AI model and the caps Validate enforces.

// limits are the caps of one field: items for a list, runes for a string (0: none).
type limits struct{ items, runes int }

// fieldLimits maps a field's path ("phases.teacherMoves") to its caps.
var fieldLimits = func() map[string]limits {
	m := map[string]limits{}
	var walk func(t reflect.Type, prefix string)
	walk = func(t reflect.Type, prefix string) {
		for f := range t.Fields() {
			name := jsonName(f)
			path := prefix + name
			items, _ := strconv.Atoi(f.Tag.Get("maxItems"))
			runes, _ := strconv.Atoi(f.Tag.Get("maxLen"))
			m[path] = limits{items, runes}
			ft := f.Type
			if ft.Kind() == reflect.Slice {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				walk(ft, path+".")
			}
		}
	}
	walk(reflect.TypeFor[Plan](), "")
	return m
}()

// lim returns the caps of the field at path; it panics on a path Plan does not have, which
// the tests exercise for every path the validator uses.
func lim(path string) limits {
	l, ok := fieldLimits[path]
	if !ok {
		panic("plan: no field " + path)
	}
	return l
}

func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return name
}

// schemaEnums are the values of fields tagged enum:"…".
var schemaEnums = map[string][]string{
	"bloom":       BloomLevels,
	"bloomOrNone": append([]string{""}, BloomLevels...),
	"need":        {NeedEnglishLearners, NeedIEP504, NeedAdvanced},
	"kind":        {KindPresentation, KindResponse, KindSetting, KindTiming, KindLanguage, KindVocabulary, KindExtension},
	"homework":    {"homework", "extension"},
}

// AISchema returns the JSON schema a model is asked to fill (strict structured output),
// its properties in the order of the sections, so that a model writing them in schema order
// streams them in reading order:
// Plan without the fields the server sets (ai:"-": about, provenance, labels), every
// property required and no others allowed. Length caps are not in it (strict mode of some
// providers refuses maxLength and maxItems); Validate enforces them.
func AISchema() map[string]any {
	return schemaOf(reflect.TypeFor[Plan]())
}

func schemaOf(t reflect.Type) map[string]any {
	switch t.Kind() {
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Int:
		return map[string]any{"type": "integer"}
	case reflect.Slice:
		return map[string]any{"type": "array", "items": schemaOf(t.Elem())}
	case reflect.Struct:
		props := orderedObject{}
		required := []string{}
		for f := range t.Fields() {
			if f.Tag.Get("ai") == "-" {
				continue
			}
			name := jsonName(f)
			s := schemaOf(f.Type)
			if e := f.Tag.Get("enum"); e != "" {
				s["enum"] = schemaEnums[e]
			}
			props = append(props, member{name, s})
			required = append(required, name)
		}
		return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
	}
	panic("plan: no schema for " + t.String())
}

// aiSectionKeys are the sections a model writes, in order (SectionKeys minus about and
// provenance).
var aiSectionKeys = func() []string {
	var keys []string
	for f := range reflect.TypeFor[Plan]().Fields() {
		if f.Tag.Get("ai") != "-" {
			keys = append(keys, jsonName(f))
		}
	}
	return keys
}()

// orderedObject is a JSON object that keeps its members' order (a map would sort them).
type orderedObject []member

type member struct {
	name  string
	value any
}

// MarshalJSON writes the members in order.
func (o orderedObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.name)
		v, err := json.Marshal(m.value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
