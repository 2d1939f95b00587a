package store

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"time"
)

// ErrBadCursor is returned for a cursor the store did not make.
var ErrBadCursor = errors.New("store: bad cursor")

// Cursor is where a page of a console list ends: the sort key of its last row. Clients get
// it as an opaque string (Encode) and send it back to get the next page.
type Cursor struct {
	At  time.Time // created_at of the last row
	Key string    // its id (a number for subscribers), the tie-breaker
}

type cursorJSON struct {
	At  time.Time `json:"t"`
	Key string    `json:"k"`
}

// Encode returns the cursor as URL-safe base64, or "" for the zero cursor (the first page).
func (c Cursor) Encode() string {
	if c.At.IsZero() && c.Key == "" {
		return ""
	}
	b, _ := json.Marshal(cursorJSON{At: c.At.UTC(), Key: c.Key})
	return base64.RawURLEncoding.EncodeToString(b)
}

// ParseCursor reads a cursor made by Encode; "" is the first page.
func ParseCursor(s string) (Cursor, error) {
	if s == "" {
		return Cursor{}, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return Cursor{}, ErrBadCursor
	}
	var c cursorJSON
	if err := json.Unmarshal(b, &c); err != nil || c.At.IsZero() || c.Key == "" {
		return Cursor{}, ErrBadCursor
	}
	return Cursor{At: c.At.UTC(), Key: c.Key}, nil
}

// IsZero reports whether c is the start of a list.
func (c Cursor) IsZero() bool { return c.At.IsZero() && c.Key == "" }
