import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Origins a browser page may connect from by default: pages served by this
 * machine on any port. `*` stands for any port (or none).
 */
export const DEFAULT_ORIGINS: readonly string[] = Object.freeze(['http://127.0.0.1:*', 'http://localhost:*', 'http://[::1]:*']);

/** Host names the `Host` header may name by default (with the server's port): the loopback names. */
export const LOOPBACK_HOSTS: readonly string[] = Object.freeze(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether a browser's `Origin` header is one of `allowed`: exact (`http://127.0.0.1:8080`)
 * or any port (`http://127.0.0.1:*`), compared without case.
 */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  const o = origin.toLowerCase();
  for (const pattern of allowed) {
    const p = pattern.toLowerCase();
    if (p === o) return true;
    if (!p.endsWith(':*')) continue;
    const base = p.slice(0, -2);
    if (o === base || (o.startsWith(`${base}:`) && /^\d{1,5}$/.test(o.slice(base.length + 1)))) return true;
  }
  return false;
}

/**
 * Whether the `Host` header names this server: one of `names` with the server's
 * `port` (a DNS-rebinding page sends its own name, which is refused).
 */
export function hostAllowed(host: string | undefined, names: readonly string[], port: number): boolean {
  if (host === undefined) return false;
  const h = host.toLowerCase();
  return names.some((n) => h === `${n.toLowerCase()}:${port}`);
}

/** Whether the request's URL carries `?token=` equal to `token` (compared in constant time). */
export function tokenMatches(req: IncomingMessage, token: string): boolean {
  let given: string | null;
  try {
    given = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('token');
  } catch {
    return false;
  }
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
