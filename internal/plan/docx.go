package plan

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"time"
)

// This file writes a plan as a minimal WordprocessingML (.docx) file: the parts Word,
// Google Docs and LibreOffice need, real heading styles, a bulleted list numbering and a
// timing table. All text is XML-escaped.

const (
	nsW     = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
	nsRels  = "http://schemas.openxmlformats.org/package/2006/relationships"
	relDoc  = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
	xmlDecl = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n"
)

// DOCXContentType is the media type of a .docx file.
const DOCXContentType = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"

var docxStatic = map[string]string{
	"[Content_Types].xml": xmlDecl + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
		`<Default Extension="xml" ContentType="application/xml"/>` +
		`<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
		`<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>` +
		`<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>` +
		`</Types>`,
	"_rels/.rels": xmlDecl + `<Relationships xmlns="` + nsRels + `">` +
		`<Relationship Id="rId1" Type="` + relDoc + `/officeDocument" Target="word/document.xml"/>` +
		`</Relationships>`,
	"word/_rels/document.xml.rels": xmlDecl + `<Relationships xmlns="` + nsRels + `">` +
		`<Relationship Id="rId1" Type="` + relDoc + `/styles" Target="styles.xml"/>` +
		`<Relationship Id="rId2" Type="` + relDoc + `/numbering" Target="numbering.xml"/>` +
		`</Relationships>`,
	"word/styles.xml": xmlDecl + `<w:styles xmlns:w="` + nsW + `">` +
		`<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="Calibri" w:cs="Calibri"/><w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="en-US"/></w:rPr></w:rPrDefault>` +
		`<w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="264" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>` +
		`<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>` +
		`<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:spacing w:after="120"/></w:pPr><w:rPr><w:b/><w:sz w:val="48"/><w:szCs w:val="48"/></w:rPr></w:style>` +
		`<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="360" w:after="120"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:color w:val="1F3864"/><w:sz w:val="32"/><w:szCs w:val="32"/></w:rPr></w:style>` +
		`<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="240" w:after="80"/><w:outlineLvl w:val="1"/></w:pPr><w:rPr><w:b/><w:sz w:val="26"/><w:szCs w:val="26"/></w:rPr></w:style>` +
		`<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normal"/><w:qFormat/><w:pPr><w:spacing w:after="60"/><w:ind w:left="720"/></w:pPr></w:style>` +
		`<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:tblPr><w:tblInd w:w="0" w:type="dxa"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>` +
		`<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:basedOn w:val="TableNormal"/><w:tblPr><w:tblBorders>` +
		`<w:top w:val="single" w:sz="4" w:space="0" w:color="808080"/><w:left w:val="single" w:sz="4" w:space="0" w:color="808080"/><w:bottom w:val="single" w:sz="4" w:space="0" w:color="808080"/><w:right w:val="single" w:sz="4" w:space="0" w:color="808080"/><w:insideH w:val="single" w:sz="4" w:space="0" w:color="808080"/><w:insideV w:val="single" w:sz="4" w:space="0" w:color="808080"/>` +
		`</w:tblBorders></w:tblPr></w:style>` +
		`</w:styles>`,
	"word/numbering.xml": xmlDecl + `<w:numbering xmlns:w="` + nsW + `">` +
		`<w:abstractNum w:abstractNumId="0"><w:multiLevelType w:val="singleLevel"/><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum>` +
		`<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>` +
		`</w:numbering>`,
}

// docxParts is the order the parts are written in ([Content_Types].xml first, as Word does).
var docxParts = []string{"[Content_Types].xml", "_rels/.rels", "word/_rels/document.xml.rels", "word/document.xml", "word/styles.xml", "word/numbering.xml"}

// docxTime is the modification time of every part, fixed so the same plan always gives the
// same bytes.
var docxTime = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// WriteDOCX writes p as a .docx file to w.
func WriteDOCX(w io.Writer, p Plan) error {
	zw := zip.NewWriter(w)
	for _, name := range docxParts {
		f, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: docxTime})
		if err != nil {
			return err
		}
		body := docxStatic[name]
		if name == "word/document.xml" {
			body = documentXML(p)
		}
		if _, err := io.WriteString(f, body); err != nil {
			return err
		}
	}
	return zw.Close()
}

// docWriter builds word/document.xml's body.
type docWriter struct{ b bytes.Buffer }

func (d *docWriter) para(style, text string, bold string) {
	d.b.WriteString("<w:p>")
	if style != "" {
		d.b.WriteString(`<w:pPr><w:pStyle w:val="` + style + `"/></w:pPr>`)
	}
	if bold != "" {
		d.run(bold, true)
	}
	d.run(text, false)
	d.b.WriteString("</w:p>")
}

func (d *docWriter) run(text string, bold bool) {
	d.b.WriteString("<w:r>")
	if bold {
		d.b.WriteString("<w:rPr><w:b/></w:rPr>")
	}
	d.b.WriteString(`<w:t xml:space="preserve">`)
	_ = xml.EscapeText(&d.b, []byte(text)) // writes to a bytes.Buffer: cannot fail
	d.b.WriteString("</w:t></w:r>")
}

// bullet is one item of the bulleted list, with an optional bold lead-in.
func (d *docWriter) bullet(lead, text string) {
	d.b.WriteString(`<w:p><w:pPr><w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>`)
	if lead != "" {
		d.run(lead+": ", true)
	}
	d.run(text, false)
	d.b.WriteString("</w:p>")
}

func (d *docWriter) cell(width int, text string, header bool) {
	d.b.WriteString(`<w:tc><w:tcPr><w:tcW w:w="` + strconv.Itoa(width) + `" w:type="dxa"/></w:tcPr><w:p>`)
	d.run(text, header)
	d.b.WriteString("</w:p></w:tc>")
}

// timingTable is the table of phases: phase | minutes | what happens, and a total row.
func (d *docWriter) timingTable(p Plan) {
	widths := []int{2600, 1100, 5660}
	d.b.WriteString(`<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/><w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/></w:tblPr><w:tblGrid>`)
	for _, w := range widths {
		d.b.WriteString(`<w:gridCol w:w="` + strconv.Itoa(w) + `"/>`)
	}
	d.b.WriteString(`</w:tblGrid>`)
	row := func(cells []string, header bool) {
		d.b.WriteString("<w:tr>")
		if header {
			d.b.WriteString("<w:trPr><w:tblHeader/></w:trPr>")
		}
		for i, c := range cells {
			d.cell(widths[i], c, header)
		}
		d.b.WriteString("</w:tr>")
	}
	row([]string{"Phase", "Minutes", "What happens"}, true)
	total := 0
	for _, ph := range p.Phases {
		row([]string{ph.Name, strconv.Itoa(ph.Minutes), whatHappens(ph)}, false)
		total += ph.Minutes
	}
	row([]string{"Total", strconv.Itoa(total), ""}, true)
	d.b.WriteString("</w:tbl>")
}

// whatHappens summarises a phase for the timing table: its first student task.
func whatHappens(ph Phase) string {
	if len(ph.StudentTasks) > 0 {
		return ph.StudentTasks[0]
	}
	if len(ph.TeacherMoves) > 0 {
		return ph.TeacherMoves[0]
	}
	return ""
}

func documentXML(p Plan) string {
	var d docWriter
	d.b.WriteString(xmlDecl + `<w:document xmlns:w="` + nsW + `"><w:body>`)
	for _, key := range SectionKeys {
		if h := Heading(key); h != "" {
			d.para("Heading1", h, "")
		}
		switch key {
		case SectionTitle:
			d.para("Title", p.Title, "")
		case SectionAbout:
			d.para("", aboutLine(p.About), "")
		case SectionStandards:
			if len(p.Standards) == 0 {
				d.para("", noStandards, "")
			}
			for _, s := range p.Standards {
				d.bullet("", s)
			}
		case SectionObjectives:
			for _, o := range p.Objectives {
				d.bullet("", o.Text+" (Bloom's level: "+o.Bloom+")")
			}
		case SectionSuccessCriteria:
			bullets(&d, p.SuccessCriteria)
		case SectionMaterials:
			bullets(&d, p.Materials)
		case SectionVocabulary:
			for _, t := range p.Vocabulary {
				d.bullet(t.Term, t.Meaning)
			}
		case SectionPriorKnowledge:
			bullets(&d, p.PriorKnowledge)
		case SectionPhases:
			d.timingTable(p)
			for i, ph := range p.Phases {
				d.para("Heading2", strconv.Itoa(i+1)+". "+ph.Name+" ("+minutes(ph.Minutes)+")", "")
				for _, m := range ph.TeacherMoves {
					d.bullet("Teacher", m)
				}
				for _, t := range ph.StudentTasks {
					d.bullet("Students", t)
				}
				d.bullet("Check for understanding", ph.Check)
				for _, s := range ph.Supports {
					d.bullet(s.Label, s.Text)
				}
			}
		case SectionExitTicket:
			bullets(&d, p.ExitTicket.Prompts)
			d.para("", p.ExitTicket.LookFor, "Look for: ")
		case SectionDifferentiation:
			if len(p.Differentiation) == 0 {
				d.para("", "No differentiation needs were ticked.", "")
			}
			for _, ns := range p.Differentiation {
				d.para("Heading2", ns.Label, "")
				for _, s := range ns.Supports {
					d.bullet(kindLabel(s), s.Text)
				}
			}
		case SectionMisconceptions:
			for _, m := range p.Misconceptions {
				d.bullet("", m.Misconception)
				d.para("ListParagraph", m.Address, "How to address it: ")
			}
		case SectionHomework:
			d.para("", p.Homework.Text, upperFirst(p.Homework.Kind)+": ")
		case SectionProvenance:
			d.para("", p.Provenance.Label, "")
		}
	}
	d.b.WriteString(`<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1080" w:right="1080" w:bottom="1080" w:left="1080" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>`)
	d.b.WriteString("</w:body></w:document>")
	return d.b.String()
}

func bullets(d *docWriter, items []string) {
	for _, it := range items {
		d.bullet("", it)
	}
}

// DOCXFilename returns a safe file name for p's .docx: the title's letters, digits and
// dashes, at most 60 characters ("lesson-plan.docx" if nothing is left).
func DOCXFilename(p Plan) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(p.Title) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
		if b.Len() >= 60 {
			break
		}
	}
	if b.Len() == 0 {
		return "lesson-plan.docx"
	}
	return b.String() + ".docx"
}
