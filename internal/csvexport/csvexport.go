// Package csvexport writes the console's lists as CSV (RFC 4180: comma-separated, CRLF line
// ends, quotes where needed), row by row as the store reads them, so memory stays flat for
// any number of rows. Every cell is neutralised against spreadsheet formula injection:
// visitors' text is hostile, and a spreadsheet runs a cell beginning with = as a formula.
package csvexport

import (
	"encoding/csv"
	"io"
	"strings"
)

// Neutralise returns cell so that a spreadsheet shows it as text: a cell starting with =,
// +, -, @, a tab or a carriage return (what Excel, LibreOffice and Google Sheets treat as
// the start of a formula, as OWASP lists them) gets a leading apostrophe.
func Neutralise(cell string) string {
	if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
		return "'" + cell
	}
	return cell
}

// Writer writes neutralised CSV records.
type Writer struct {
	w   *csv.Writer
	buf []string
}

// NewWriter returns a Writer on w with CRLF line ends (RFC 4180).
func NewWriter(w io.Writer) *Writer {
	cw := csv.NewWriter(w)
	cw.UseCRLF = true
	return &Writer{w: cw}
}

// Write writes one record, each cell neutralised. Records are buffered; see Flush.
func (w *Writer) Write(record []string) error {
	w.buf = w.buf[:0]
	for _, c := range record {
		w.buf = append(w.buf, Neutralise(c))
	}
	return w.w.Write(w.buf)
}

// Flush writes out any buffered records and reports any error writing so far.
func (w *Writer) Flush() error {
	w.w.Flush()
	return w.w.Error()
}
