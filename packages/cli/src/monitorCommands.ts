import { DualplanError, didYouMean } from '@dualplan/world-state';
import { lintDomain } from '@dualplan/documents';
import { serveMonitor, type MonitorServer } from './serveMonitor.js';

/** What `dualplan monitor` and `dualplan domain` need of the CLI. */
export interface MonitorIo {
  readonly out: (text: string) => void;
  readonly read: (path: string) => string;
  /** The built monitor page's folder; undefined when this CLI was started without one. */
  readonly pageDir: string | undefined;
  /** Told the running server once its address is printed; the command ends (and the server closes) when it resolves. */
  readonly serving: (server: MonitorServer) => Promise<void>;
}

/** The flags the two commands take. */
export interface MonitorFlags {
  readonly ws?: string;
  readonly port?: string;
}

/** Bad input to `dualplan monitor` or `dualplan domain`; `subject` is the flag or file. */
export class MonitorCommandError extends DualplanError {}

/** What `dualplan domain` hands the page: the document and what the linter found in it. */
export interface DomainViewFile {
  readonly format: 'dualplan-domain-view';
  readonly file: string;
  readonly document: unknown;
  readonly findings: ReturnType<typeof lintDomain>;
}

/**
 * `dualplan monitor recording.json` (a saved recording) or `dualplan monitor --ws ws://127.0.0.1:PORT` (a game
 * server's live recorder): serve the monitor page on 127.0.0.1 and print its address.
 * @example
 * const code = await monitorCommand(io, ['run.json'], {}); // prints http://127.0.0.1:PORT/?recording=/recording.json
 */
export async function monitorCommand(io: MonitorIo, files: readonly string[], flags: MonitorFlags): Promise<number> {
  if (flags.ws !== undefined) {
    if (files.length) throw new MonitorCommandError('UNEXPECTED_ARGUMENT', files[0], 'Give a recording file or --ws, not both.');
    const ws = checkWebSocketUrl(flags.ws);
    return serve(io, flags, {}, `?ws=${encodeURIComponent(ws)}`, `the live recorder at ${ws}`);
  }
  if (files.length !== 1)
    throw new MonitorCommandError('MISSING_FILE', 'monitor', `"dualplan monitor" takes one recording file (or --ws URL), got ${files.length} file(s).`);
  const text = io.read(files[0]);
  let format: unknown;
  try {
    format = (JSON.parse(text) as { format?: unknown } | null)?.format;
  } catch (e) {
    throw new MonitorCommandError('BAD_RECORDING', files[0], `"${files[0]}" is not JSON: ${(e as Error).message}`);
  }
  if (format !== 'dualplan-recording')
    throw new MonitorCommandError('BAD_RECORDING', files[0], `"${files[0]}" is not a dualplan recording (its "format" is not "dualplan-recording").`);
  return serve(io, flags, { '/recording.json': text }, '?recording=/recording.json', files[0]);
}

/**
 * `dualplan domain file.json`: serve the monitor page's domain view of a domain document (its HTN tree and GOAP
 * action graph, with the linter's findings on their nodes) on 127.0.0.1 and print its address.
 * @example
 * const code = await domainCommand(io, ['troll.json'], {});
 */
export async function domainCommand(io: MonitorIo, files: readonly string[], flags: MonitorFlags): Promise<number> {
  if (flags.ws !== undefined) throw new MonitorCommandError('UNKNOWN_FLAG', '--ws', '"dualplan domain" does not take --ws.');
  if (files.length !== 1) throw new MonitorCommandError('MISSING_FILE', 'domain', `"dualplan domain" takes one domain file, got ${files.length} file(s).`);
  const text = io.read(files[0]);
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (e) {
    throw new MonitorCommandError('BAD_DOMAIN', files[0], `"${files[0]}" is not JSON: ${(e as Error).message}`);
  }
  const view: DomainViewFile = { format: 'dualplan-domain-view', file: files[0], document, findings: lintDomain(text) };
  return serve(io, flags, { '/domain.json': JSON.stringify(view) }, '?domain=/domain.json', files[0]);
}

async function serve(io: MonitorIo, flags: MonitorFlags, files: Record<string, string>, query: string, what: string): Promise<number> {
  if (io.pageDir === undefined) throw new MonitorCommandError('NO_PAGE', 'monitor', 'This dualplan command was started without the monitor page.');
  const port = flags.port === undefined ? 0 : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new MonitorCommandError('BAD_VALUE', '--port', `--port must be a port number (0 to 65535, 0 for any free one), got "${flags.port}".`);
  const server = await serveMonitor({ pageDir: io.pageDir, files, port });
  io.out(`monitor for ${what}: ${server.url}${query}`);
  io.out('(served on 127.0.0.1 only; stop with Ctrl+C)');
  try {
    await io.serving(server);
  } finally {
    await server.close();
  }
  return 0;
}

/** The page may only connect to WebSockets on this machine (its Content-Security-Policy says so): refuse others here, by name. */
function checkWebSocketUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new MonitorCommandError('BAD_VALUE', '--ws', `--ws must be a WebSocket URL such as ws://127.0.0.1:8080, got "${text}".`);
  }
  if (url.protocol !== 'ws:')
    throw new MonitorCommandError('BAD_VALUE', '--ws', `--ws must be a ws:// URL, got "${url.protocol}//".${didYouMean(url.protocol.slice(0, -1), ['ws'])}`);
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost')
    throw new MonitorCommandError('BAD_VALUE', '--ws', `--ws must name this machine (127.0.0.1 or localhost), got "${url.hostname}".`);
  return url.href;
}
