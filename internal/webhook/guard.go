package webhook

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"syscall"
)

// ErrRefusedTarget is returned for an endpoint the site must not reach.
var ErrRefusedTarget = errors.New("webhook: target refused")

// ValidateURL checks an endpoint's URL when it is added: https only, a host, no user info,
// and no IP literal in a refused range unless allowPrivate. Names are checked again where it
// matters, on the address they resolve to when the connection is made (see control).
func ValidateURL(raw string, allowPrivate bool) error {
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrRefusedTarget, err)
	}
	switch {
	case u.Scheme != "https":
		return fmt.Errorf("%w: only https:// endpoints", ErrRefusedTarget)
	case u.Host == "" || u.Hostname() == "":
		return fmt.Errorf("%w: no host", ErrRefusedTarget)
	case u.User != nil:
		return fmt.Errorf("%w: no user name or password in the URL", ErrRefusedTarget)
	}
	if ip, err := netip.ParseAddr(u.Hostname()); err == nil && !allowPrivate && refused(ip) {
		return fmt.Errorf("%w: %s is not a public address", ErrRefusedTarget, ip)
	}
	return nil
}

// cgnat is the shared address space of carrier-grade NAT (RFC 6598), private in practice.
var cgnat = netip.MustParsePrefix("100.64.0.0/10")

// refused reports whether ip is one the site must not connect to: loopback, private,
// link-local (cloud metadata services live there), unspecified, multicast, or CGNAT.
// IPv4-mapped IPv6 addresses are judged as the IPv4 address they carry.
func refused(ip netip.Addr) bool {
	ip = ip.Unmap()
	return !ip.IsValid() || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified() || cgnat.Contains(ip) ||
		(ip.Is4() && ip.As4()[0] == 0) // 0.0.0.0/8 ("this network")
}

// control is the dialer's Control function: it runs after the name was resolved, on the
// very address about to be connected, so a name that resolves to a public address when the
// endpoint is saved and to an internal one later (DNS rebinding) is still refused.
func control(allowPrivate bool) func(network, address string, c syscall.RawConn) error {
	return func(network, address string, _ syscall.RawConn) error {
		if allowPrivate {
			return nil
		}
		host, _, err := net.SplitHostPort(address)
		if err != nil {
			return fmt.Errorf("%w: %w", ErrRefusedTarget, err)
		}
		ip, err := netip.ParseAddr(host)
		if err != nil || refused(ip) {
			return fmt.Errorf("%w: %s is not a public address", ErrRefusedTarget, host)
		}
		return nil
	}
}
