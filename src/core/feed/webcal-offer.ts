// What the popup shows of a webcal link a page offers: the page wrote it, so the address is shown
// as Afterparty would fetch it (no user:password@, which can pose as another host:
// "https://bank.example@evil.example/"), without bidi controls (CVE-2021-42574: they reorder what
// is read), and a host on the user's own machine or network is flagged: a page must not use the
// offer to point Afterparty at a router or a local service.

const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export interface WebcalOffer {
  /** The https address subscribed to, without credentials. */
  url: string;
  /** `url` as shown: bidi controls removed (the view isolates it too). */
  display: string;
  /** Loopback, private (RFC 1918, RFC 4193) or link-local, or a name only the local network resolves. */
  privateHost: boolean;
}

function privateIpv4(host: string): boolean {
  const parts = host.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return false;
  const [a, b] = parts as [number, number, number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

function privateIpv6(host: string): boolean {
  const ip = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (ip === '::' || ip === '::1') return true;
  // An IPv4 address written as IPv6 (the URL parser turns ::ffff:127.0.0.1 into ::ffff:7f00:1).
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(ip);
  if (mapped) {
    const [hi, lo] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
    return privateIpv4(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  return /^f[cd][0-9a-f]{0,2}:/.test(ip) || /^fe[89ab][0-9a-f]?:/.test(ip);
}

export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) return privateIpv6(host);
  if (privateIpv4(host)) return true;
  return host === 'localhost' || /\.(?:localhost|local|internal|lan|home\.arpa)$/.test(host) || !host.includes('.');
}

/** The offer for an https address read from a webcal link; null when it is no address. */
export function webcalOffer(https: string): WebcalOffer | null {
  if (!URL.canParse(https)) return null;
  const url = new URL(https);
  if (url.protocol !== 'https:') return null;
  url.username = '';
  url.password = '';
  return { url: url.href, display: url.href.replace(BIDI_CONTROL, ''), privateHost: isPrivateHost(url.hostname) };
}
