/** Plain http is allowed only to these hosts (a local sandbox): shared by API clients and the token client. */
export function isLoopbackHost(hostname: string): boolean {
  return /^(localhost|\[::1\]|127(\.\d{1,3}){3})$/.test(hostname);
}
