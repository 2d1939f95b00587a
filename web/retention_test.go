package web

import (
	"strings"
	"testing"
)

func TestRetention(t *testing.T) {
	if retentionErr != nil {
		t.Fatal(retentionErr)
	}
	if r := Retention(); r.ContactMessages < 1 || r.SentMail < 1 {
		t.Errorf("Retention() = %+v", r)
	}
}

func TestParseRetentionRefusesWhatThePageCouldNotSay(t *testing.T) {
	full := `"contactMessagesDays": 730, "lessonPlanRequestsDays": 365, "unconfirmedSignUpsDays": 30, "expiredLinksDays": 0, "sentMailDays": 30`
	for name, tt := range map[string]struct{ json, want string }{
		"missing period": {`{"contactMessagesDays": 730}`, "lessonPlanRequestsDays is missing"},
		"zero days":      {`{` + strings.Replace(full, `"sentMailDays": 30`, `"sentMailDays": 0`, 1) + `}`, "sentMailDays must be at least 1"},
		"unknown key":    {`{` + full + `, "contactMessagesMonths": 24}`, "unknown field"},
		"not JSON":       {`{`, "retention.json"},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := ParseRetention([]byte(tt.json)); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
	if r, err := ParseRetention([]byte(`{` + full + `}`)); err != nil || r.ContactMessages != 730 || r.ExpiredLinks != 0 {
		t.Errorf("ParseRetention = %+v, %v", r, err)
	}
}
