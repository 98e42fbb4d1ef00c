/** The URL checks shared by API clients and the token client. */

/** Plain http is allowed only to these hosts (a local sandbox). */
export function isLoopbackHost(hostname: string): boolean {
  return /^(localhost|\[::1\]|127(\.\d{1,3}){3})$/.test(hostname);
}

/** A URL with a user name or password: refused as a service's or an API's address (fetch would refuse it later, quoting
 *  it; credentials are given apart from the URL). */
export const hasUserinfo = (u: URL): boolean => !!(u.username || u.password);
