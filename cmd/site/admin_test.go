package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/store"
)

// TestAdminCommands runs site export and site delete-email as an operator would: on a
// missing database they fail and create nothing; on a real one they find an address in
// other capitals (non-ASCII ones included) than it was typed with.
func TestAdminCommands(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "data", "site.db")
	missing := filepath.Join(dir, "nowhere", "typo.db")
	st, err := store.Open(t.Context(), "sqlite:"+db)
	if err != nil {
		t.Fatal(err)
	}
	err = st.InTx(t.Context(), func(tx *store.Tx) error {
		return tx.AddContact(t.Context(), store.Contact{ID: "c1", Name: "Élodie", Email: "ÉLODIE.Del@exämple.com", Reason: "general",
			Message: "Please delete me later.", CreatedAt: time.Now()})
	})
	_ = st.Close()
	if err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name    string
		dbURL   string
		args    []string
		wantErr error
		wantOut string
	}{
		{"export from a missing file fails", "sqlite:" + missing, []string{"export", "a@example.org"}, store.ErrNoDatabase, ""},
		{"delete-email on a missing file fails", missing, []string{"delete-email", "a@example.org"}, store.ErrNoDatabase, ""},
		{"export finds the address in other capitals", "sqlite:" + db, []string{"export", "élodie.del@EXÄMPLE.com"}, nil, `"Please delete me later."`},
		{"delete-email deletes it", "sqlite:" + db, []string{"delete-email", "Élodie.DEL@exämple.com"}, nil, `"contacts": 1`},
		{"then export finds nothing", "sqlite:" + db, []string{"export", "ÉLODIE.Del@exämple.com"}, nil, `"contacts": []`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			err := runAdmin(t.Context(), tt.dbURL, tt.args, &out)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if err != nil && !strings.Contains(err.Error(), "does not exist") {
				t.Errorf("the error does not say the database does not exist: %v", err)
			}
			if !strings.Contains(out.String(), tt.wantOut) || (tt.wantOut != "" && !json.Valid(out.Bytes())) {
				t.Errorf("output lacks %s:\n%s", tt.wantOut, out.String())
			}
		})
	}
	if _, err := os.Stat(filepath.Dir(missing)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the commands created %s: %v", filepath.Dir(missing), err)
	}
}
