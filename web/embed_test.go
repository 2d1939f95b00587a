package web

import "testing"

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
