// The monitor page's entry (bundled by scripts/build.mjs into dist/page/).
// Sources: a recording file (open or drop it, or `?recording=file.json`), a
// WebSocket (`?ws=ws://127.0.0.1:PORT`) and postMessage from an opener or parent.
import {
  connectPostMessage,
  connectWebSocket,
  loadRecording,
  postDebugCommand,
  windowEndpoint,
  type DebugCommand,
  type RecordingMessage,
} from '@dualplan/monitor';
import { describeThrown } from '@dualplan/world-state';
import { parseMessage } from './parseMessage.js';
import { h } from './view/dom.js';
import { mountMonitor } from './view/mountMonitor.js';
import { mountDebugPanel, type DebugMessage, type DebugPanel } from './view/mountDebugPanel.js';
import { mountDomain } from './view/renderDomain.js';
import { outlineFromDocument, type DocumentFinding } from './domain/outlineFromDocument.js';

const status = h('span', { id: 'status' }, 'waiting for a recording');
const error = h('span', { id: 'error', role: 'alert' });
const fail = (e: unknown) => {
  error.textContent = e instanceof Error ? e.message : describeThrown(e);
};
const file = h('input', { id: 'open-file', type: 'file', accept: '.json,application/json' });
const save = h('button', { id: 'save' }, 'Save recording');
document.getElementById('toolbar')?.append(h('label', {}, 'Open recording ', file), save, status, error);
const monitor = mountMonitor(document.getElementById('monitor') as HTMLElement);

async function openText(text: string, name: string): Promise<void> {
  try {
    monitor.store.load(loadRecording(text));
    error.textContent = '';
    status.textContent = `showing ${name}`;
  } catch (e) {
    fail(e);
  }
}

file.addEventListener('change', () => {
  const f = file.files?.[0];
  if (f) void f.text().then((t) => openText(t, f.name));
});
document.addEventListener('dragover', (e) => e.preventDefault());
document.addEventListener('drop', (e) => {
  e.preventDefault();
  const f = e.dataTransfer?.files[0];
  if (f) void f.text().then((t) => openText(t, f.name));
});
save.addEventListener('click', () => {
  const recording = monitor.store.toRecording();
  if (!recording) return;
  const blob = new Blob([JSON.stringify(recording)], { type: 'application/json' });
  const a = h('a', { href: URL.createObjectURL(blob), download: `dualplan-recording-${Date.now()}.json` });
  a.click();
  URL.revokeObjectURL(a.href);
});

const params = new URLSearchParams(location.search);
const recordingUrl = params.get('recording');
if (recordingUrl) {
  fetch(recordingUrl)
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${recordingUrl}: HTTP ${r.status}`))))
    .then((t) => openText(t, recordingUrl), fail);
}
// `dualplan domain file.json`: the domain view of a domain document and its lint findings instead of the monitor.
const domainUrl = params.get('domain');
if (domainUrl) {
  fetch(domainUrl)
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${domainUrl}: HTTP ${r.status}`))))
    .then((view: { format?: unknown; file?: unknown; document?: unknown; findings?: DocumentFinding[] }) => {
      if (view.format !== 'dualplan-domain-view') throw new Error(`${domainUrl} is not a domain view (from dualplan domain)`);
      monitor.destroy();
      mountDomain(document.getElementById('monitor') as HTMLElement, outlineFromDocument(view.document, view.findings ?? []));
      status.textContent = `showing domain ${String(view.file)}`;
    })
    .catch(fail);
}
/** Messages from a game: checked, then shown; a bad one is reported on the page, not applied. */
const receive = (message: RecordingMessage) => {
  try {
    monitor.store.apply(parseMessage(message));
  } catch (e) {
    fail(e);
  }
};
/** The breakpoints panel, shown once the game answers with a debug status (it serves breakpoints); commands go to `debugSend`. */
let debugPanel: DebugPanel | null = null;
let debugSend: (command: DebugCommand) => void = () => {};
const onDebug = (message: DebugMessage) => {
  debugPanel ??= mountDebugPanel(document.getElementById('debug') ?? document.body, (command) => debugSend(command));
  debugPanel.update(message);
};
const ws = params.get('ws');
if (ws) {
  // A game server's recorder (serveWebSocket): reconnect a second after the connection drops; each connection starts with a snapshot.
  const connect = () => {
    status.textContent = `WebSocket ${ws}: connecting`;
    let opened = false;
    const connection = connectWebSocket(
      ws,
      (m) => {
        if (!opened) status.textContent = `WebSocket ${ws}: live`;
        opened = true;
        receive(m);
      },
      {
        onClose: (reason) => {
          status.textContent = `WebSocket ${ws}: ${reason}, retrying`;
          setTimeout(connect, 1000);
        },
        onDebug,
      },
    );
    debugSend = (command) => connection.command(command);
  };
  connect();
}
// A game that opened this page, or embeds it in an iframe (servePostMessage): say hello until it answers.
const peer = (window.opener as Window | null) ?? (window.parent !== window ? window.parent : null);
if (peer) {
  const endpoint = windowEndpoint(window, peer, '*');
  debugSend = (command) => postDebugCommand(endpoint, command);
  connectPostMessage(endpoint, receive, { onDebug });
}
monitor.store.subscribe(() => {
  if (!recordingUrl && !ws && !domainUrl) status.textContent = `live: ${monitor.store.agents().length} agents`;
});
