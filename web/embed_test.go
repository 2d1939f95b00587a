package web

import (
	"strings"
	"testing"
)

func TestBrand(t *testing.T) {
	if brandErr != nil {
		t.Fatal(brandErr)
	}
	if got := ProductName(); got != "TeachPilot" {
		t.Errorf("ProductName() = %q, want SPEC's TeachPilot", got)
	}
}

func TestParseBrand(t *testing.T) {
	tests := []struct {
		name, json, want string
		wantErr          bool
	}{
		{name: "a name", json: `{"productName": "Lesson Lab"}`, want: "Lesson Lab"},
		{name: "other keys are ignored", json: `{"$comment": "hi", "productName": "TeachPilot"}`, want: "TeachPilot"},
		{name: "missing", json: `{}`, wantErr: true},
		{name: "empty", json: `{"productName": ""}`, wantErr: true},
		{name: "spaces around", json: `{"productName": " TeachPilot"}`, wantErr: true},
		{name: "two lines", json: `{"productName": "Teach\nPilot"}`, wantErr: true},
		{name: "not JSON", json: `productName: TeachPilot`, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseBrand([]byte(tt.json))
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Errorf("parseBrand(%s) = %q, %v; want %q, error %v", tt.json, got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestPageTable(t *testing.T) {
	if pageTableErr != nil {
		t.Fatal(pageTableErr)
	}
	// The paths the Go server looks up by id (redirects, email links, the shell).
	for _, id := range []string{"contactSent", "newsletterCheckEmail", "newsletterConfirm", "newsletterConfirmed",
		"newsletterUnsubscribe", "newsletterUnsubscribed", "submissionSuccess", "lessonPlan", "contact", "notFound", "shell"} {
		if _, err := Pages().Path(id); err != nil {
			t.Error(err)
		}
	}
	if got := Pages().ShellPath(); got != "/_shell" {
		t.Errorf("ShellPath() = %q, want /_shell", got)
	}
}

func TestParsePages(t *testing.T) {
	const shell = `"shell": {"page": "shell", "titleSlot": "__T__", "mainSlot": "<div data-slot=\"main\"></div>", "script": "/p.js"}`
	const shellPage = `{"id": "shell", "path": "/_shell", "prerender": true, "serve": false}`
	tests := []struct {
		name, json string
		wantErr    bool
	}{
		{name: "a table", json: `{"origin": "https://origin.invalid", ` + shell + `, "pages": [{"id": "home", "path": "/"}, ` + shellPage + `]}`},
		{name: "an id twice", json: `{"origin": "https://origin.invalid", ` + shell + `, "pages": [{"id": "home", "path": "/"}, {"id": "home", "path": "/x"}, ` + shellPage + `]}`, wantErr: true},
		{name: "a path twice", json: `{"origin": "https://origin.invalid", ` + shell + `, "pages": [{"id": "a", "path": "/"}, {"id": "b", "path": "/"}, ` + shellPage + `]}`, wantErr: true},
		{name: "a relative path", json: `{"origin": "https://origin.invalid", ` + shell + `, "pages": [{"id": "a", "path": "x"}, ` + shellPage + `]}`, wantErr: true},
		{name: "an origin with a path", json: `{"origin": "https://origin.invalid/x", ` + shell + `, "pages": [` + shellPage + `]}`, wantErr: true},
		{name: "no shell page", json: `{"origin": "https://origin.invalid", ` + shell + `, "pages": [{"id": "home", "path": "/"}]}`, wantErr: true},
		{name: "a served shell", json: `{"origin": "https://origin.invalid", ` + shell + `, "pages": [{"id": "shell", "path": "/_shell", "prerender": true}]}`, wantErr: true},
		{name: "a shell script that is not a path", json: `{"origin": "https://origin.invalid", ` + strings.Replace(shell, `"/p.js"`, `"p.js\" onload=\"x"`, 1) + `, "pages": [` + shellPage + `]}`, wantErr: true},
		{name: "a shell without its script", json: `{"origin": "https://origin.invalid", ` + strings.Replace(shell, `, "script": "/p.js"`, "", 1) + `, "pages": [` + shellPage + `]}`, wantErr: true},
		{name: "not JSON", json: `pages`, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParsePages([]byte(tt.json))
			if (err != nil) != tt.wantErr {
				t.Errorf("ParsePages: error %v, want error %v", err, tt.wantErr)
			}
		})
	}
}
