export { serveWebSocket } from './serveWebSocket.js';
export type { WebSocketServerOptions, ServedRecorder } from './serveWebSocket.js';
