package plan

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
)

// This file reads a chat-completions stream: server-sent events whose data lines carry JSON
// chunks, and, inside the chunks' content, one JSON object whose top-level members (the
// plan's sections) are handed on as soon as each is complete.

// errLongLine is the failure of a stream line longer than the reader's buffer.
var errLongLine = errors.New("a stream line is too long")

// sseReader yields the data of each server-sent event. Its bufio.Reader's size caps a line
// (a chunk carries a few tokens, far less than 64 kB).
type sseReader struct {
	r *bufio.Reader
}

// next returns the next event's data ("[DONE]" included), or io.EOF when the stream ends.
// Comment lines and fields other than data are skipped; an event's data lines are joined
// with newlines.
func (s *sseReader) next() ([]byte, error) {
	var data []byte
	have := false
	for {
		line, err := s.r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) { // a line longer than the buffer: no chunk is
			return nil, errLongLine
		}
		if len(line) == 0 && err != nil {
			if have {
				return data, nil
			}
			return nil, err
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			if have {
				return data, nil
			}
			continue
		}
		if v, ok := bytes.CutPrefix(line, []byte("data:")); ok {
			v = bytes.TrimPrefix(v, []byte(" "))
			if have {
				data = append(data, '\n')
			}
			data = append(data, v...)
			have = true
		}
		if err != nil {
			return data, nil
		}
	}
}

// chunk is one streamed chat-completions chunk (only what the planner reads).
type chunk struct {
	Choices []struct {
		Delta struct {
			Content string `json:"content"`
			Refusal string `json:"refusal"`
		} `json:"delta"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Error *struct {
		Type string `json:"type"`
		Code any    `json:"code"`
	} `json:"error"`
}

// sectionScanner finds the top-level members of a JSON object as its text arrives in
// pieces: feed returns each member whose value has been completed by the new text.
type sectionScanner struct {
	buf      []byte
	pos      int
	state    int // one of the scan* states
	keyStart int
	key      string
	valStart int
	open     []byte // the brackets open inside the current value
	inString bool
	escaped  bool
}

const (
	scanStart = iota // before the opening brace
	scanKey          // expecting a key or the closing brace
	scanInKey        // inside a key
	scanColon        // expecting the colon
	scanValue        // inside a value
	scanDone         // after the closing brace
)

// rawMember is a complete top-level member: its key and its raw JSON value.
type rawMember struct {
	key   string
	value json.RawMessage
}

var errBrokenJSON = errors.New("the plan is not valid JSON")

// feed adds text and returns the members it completed.
func (s *sectionScanner) feed(text string) ([]rawMember, error) {
	s.buf = append(s.buf, text...)
	var out []rawMember
	for ; s.pos < len(s.buf); s.pos++ {
		c := s.buf[s.pos]
		space := c == ' ' || c == '\n' || c == '\r' || c == '\t'
		switch s.state {
		case scanStart:
			if c == '{' {
				s.state = scanKey
			} else if !space {
				return out, errBrokenJSON
			}
		case scanKey:
			switch {
			case c == '"':
				s.state, s.keyStart = scanInKey, s.pos
			case c == '}' && s.key == "":
				s.state = scanDone
			case !space && (c != ',' || s.key == ""):
				return out, errBrokenJSON
			}
		case scanInKey:
			switch {
			case s.escaped:
				s.escaped = false
			case c == '\\':
				s.escaped = true
			case c == '"':
				if err := json.Unmarshal(s.buf[s.keyStart:s.pos+1], &s.key); err != nil {
					return out, errBrokenJSON
				}
				s.state = scanColon
			}
		case scanColon:
			if c == ':' {
				s.state, s.valStart, s.open = scanValue, s.pos+1, s.open[:0]
			} else if !space {
				return out, errBrokenJSON
			}
		case scanValue:
			if s.inString {
				switch {
				case s.escaped:
					s.escaped = false
				case c == '\\':
					s.escaped = true
				case c == '"':
					s.inString = false
				}
				continue
			}
			switch c {
			case '"':
				s.inString = true
			case '{', '[':
				s.open = append(s.open, c)
			case '}', ']':
				if len(s.open) > 0 {
					if want := map[byte]byte{'}': '{', ']': '['}[c]; s.open[len(s.open)-1] != want {
						return out, errBrokenJSON
					}
					s.open = s.open[:len(s.open)-1]
					continue
				}
				if c == ']' {
					return out, errBrokenJSON
				}
				fallthrough
			case ',':
				if len(s.open) > 0 {
					continue
				}
				v := bytes.TrimSpace(s.buf[s.valStart:s.pos])
				if !json.Valid(v) {
					return out, errBrokenJSON
				}
				out = append(out, rawMember{s.key, json.RawMessage(bytes.Clone(v))})
				s.state = scanKey
				if c == '}' {
					s.state = scanDone
				}
			}
		case scanDone:
			if !space {
				return out, errBrokenJSON
			}
		}
	}
	return out, nil
}

// done reports whether the object has been closed.
func (s *sectionScanner) done() bool { return s.state == scanDone }
