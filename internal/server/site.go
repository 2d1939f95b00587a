package server

import (
	"io/fs"
	"net/http"
)

// site serves the pre-rendered pages and assets. (Skeleton: replaced by the in-memory
// implementation.)
type site struct {
	files fs.FS
	h     http.Handler
}

func loadSite(client fs.FS) (*site, error) {
	return &site{files: client, h: http.FileServerFS(client)}, nil
}

func (st *site) ServeHTTP(w http.ResponseWriter, r *http.Request) { st.h.ServeHTTP(w, r) }
