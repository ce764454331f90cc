/** A Content-Security-Policy with frame-ancestors set to Classlane itself plus `ancestors`. */
export function withFrameAncestors(csp: string, ancestors: string[]): string {
  const list = ["'self'", ...ancestors].join(' ');
  if (/frame-ancestors [^;]*/.test(csp)) return csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${list}`);
  return csp ? `${csp};frame-ancestors ${list}` : `frame-ancestors ${list}`;
}
