/** Host names that reach only this machine: a browser on it, nothing a DNS record can point elsewhere. */
const loopbackHostnames = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Whether a `Host` header (or a URL's host) names the loopback interface: `localhost`, `127.0.0.1` or
 * `[::1]`, with any port or none.
 *
 * @example
 * isLoopbackHost('localhost:8787') // true
 * isLoopbackHost('evil.example:8787') // false
 */
export function isLoopbackHost(host: string): boolean {
  return loopbackHostnames.has(host.trim().toLowerCase().replace(/:\d+$/, ''))
}
