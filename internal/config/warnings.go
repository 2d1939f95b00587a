package config

// Warnings lists what in c works but is probably not what a deployment wants, for the log
// at start.
func (c Config) Warnings() []string {
	var w []string
	if !c.BaseURLSet {
		w = append(w, "BASE_URL is not set: links in emails point to "+c.BaseURL.String()+
			", and no other origin is trusted by the cross-origin check (set BASE_URL to the public origin)")
	}
	return w
}
