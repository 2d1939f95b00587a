package config

import (
	"net/netip"
	"net/url"
)

// Warnings lists what in c works but is probably not what a deployment wants, for the log
// at start.
func (c Config) Warnings() []string {
	var w []string
	if !c.BaseURLSet {
		w = append(w, "BASE_URL is not set: links in emails point to "+c.BaseURL.String()+
			", and no other origin is trusted by the cross-origin check (set BASE_URL to the public origin)")
	}
	if c.AI.On() && plainHTTPElsewhere(c.AI.BaseURL) {
		w = append(w, "AI_BASE_URL is plain http to another machine: the API key and the plans travel unencrypted (use https, or a provider on loopback)")
	}
	return w
}

// plainHTTPElsewhere reports an http:// URL whose host is not loopback.
func plainHTTPElsewhere(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "http" {
		return false
	}
	if u.Hostname() == "localhost" {
		return false
	}
	a, err := netip.ParseAddr(u.Hostname())
	return err != nil || !a.IsLoopback()
}
