package server

import (
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/teachpilot/site/web"
)

// TestGoSpellsNoPagePath: the Go sources (tests aside) never write a path web/pages.json
// holds; they look it up by page id, so a page moves in one place.
func TestGoSpellsNoPagePath(t *testing.T) {
	var paths []string
	for _, p := range web.Pages().Pages {
		if p.Path != "/" && !strings.Contains(p.Path, ":") {
			paths = append(paths, p.Path)
		}
	}
	root := filepath.Join("..", "..")
	for _, dir := range []string{"cmd", "internal", "web"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(name string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				return nil
			}
			src, err := os.ReadFile(name)
			if err != nil {
				return err
			}
			fset := token.NewFileSet()
			var s scanner.Scanner
			s.Init(fset.AddFile(name, -1, len(src)), src, nil, 0)
			for {
				pos, tok, lit := s.Scan()
				if tok == token.EOF {
					return nil
				}
				if tok != token.STRING {
					continue
				}
				text, err := strconv.Unquote(lit)
				if err != nil {
					continue
				}
				for _, p := range paths {
					if text == p || strings.HasPrefix(text, p+"/") || strings.HasPrefix(text, p+"?") || strings.HasPrefix(text, p+"#") {
						t.Errorf("%s: %q spells the path of a page of pages.json; look it up by id", fset.Position(pos), text)
					}
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
