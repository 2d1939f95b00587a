package static

import (
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/teachpilot/site/web"
)

// realBuild returns the site build (web/build/client, embedded with -tags site) as an in-memory
// file system, so load benchmarks measure the work and not the disk; with siblings false
// the pre-compressed ".br" and ".gz" copies are left out, as in a build without
// web/scripts/precompress.ts.
func realBuild(b *testing.B, siblings bool) fstest.MapFS {
	b.Helper()
	if !web.HasSite() {
		b.Skip("no site build embedded (make build; go test -tags site)")
	}
	disk := web.Client()
	out := fstest.MapFS{}
	err := fs.WalkDir(disk, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(disk, name)
		out[name] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	if !siblings {
		for name := range out {
			if siblingOf(name, func(n string) bool { return out[n] != nil }) {
				delete(out, name)
			}
		}
	}
	return out
}

// BenchmarkLoadSite measures start-up's share of the site: with the build's siblings
// (checked by decoding each once) and without them (compressed at the fallback levels).
// With a base URL, the files holding the build's placeholder origin are compressed at load
// too: the start-up cost of BASE_URL.
func BenchmarkLoadSite(b *testing.B) {
	for _, tc := range []struct {
		name     string
		siblings bool
		opt      Options
	}{
		{"pre-compressed", true, Options{}},
		{"compressed-at-load", false, Options{}},
		{"origin-replaced", true, Options{Origin: web.Pages().Origin, BaseURL: "https://teachpilot.example"}},
		// A build from before the placeholder holds VITE_SITE_URL's default instead: the
		// same work, measurable on such a build.
		{"origin-replaced-old-build", true, Options{Origin: "http://localhost:8080", BaseURL: "https://teachpilot.example"}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			client := realBuild(b, tc.siblings)
			for b.Loop() {
				if _, err := Load(client, tc.opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkVerifySiblings measures the check of every pre-compressed sibling of the build
// alone, on one CPU: what verifying at load costs.
func BenchmarkVerifySiblings(b *testing.B) {
	client := realBuild(b, true)
	type pair struct {
		enc        encoding
		body, want []byte
	}
	var pairs []pair
	var n int64
	for name, f := range client {
		for enc, suffix := range siblingSuffixes {
			if sib := client[name+suffix]; suffix != "" && sib != nil {
				pairs = append(pairs, pair{encoding(enc), sib.Data, f.Data})
				n += int64(len(f.Data))
			}
		}
	}
	if len(pairs) == 0 {
		b.Skip("the build has no pre-compressed siblings")
	}
	b.SetBytes(n)
	for b.Loop() {
		for _, p := range pairs {
			if !decodesTo(p.enc, p.body, p.want) {
				b.Fatal("a sibling does not decode to its file")
			}
		}
	}
}
