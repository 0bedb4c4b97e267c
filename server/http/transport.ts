import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Http2SecureServer, Http2ServerRequest, Http2Session } from 'node:http2';
import type { Socket } from 'node:net';
import type { Config } from '../config';

/*
 * What the server speaks (issue 27, round 4): plain HTTP/1.1 by default; with TLS_CERT_FILE and TLS_KEY_FILE, HTTPS
 * with HTTP/2, and HTTP/1.1 over TLS for clients that do not offer h2 (ALPN picks). A phone loads a screen's 20–50
 * small chunks over one h2 connection instead of waves of six HTTP/1.1 connections.
 */

/** Fastify's options for HTTPS with HTTP/2 (Node's Http2SecureServer, `allowHTTP1`). */
export function tlsServerOptions(tls: NonNullable<Config['tls']>) {
  return { http2: true as const, https: { allowHTTP1: true, cert: pem(tls.certFile, 'TLS_CERT_FILE'), key: pem(tls.keyFile, 'TLS_KEY_FILE') } };
}

function pem(file: string, variable: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    throw new Error(`${variable}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}

/** The transport as the startup log shows it. */
export const transportOf = (config: Pick<Config, 'tls'>) => (config.tls ? 'https (h2, http/1.1)' : 'http (http/1.1)');

/** Whether the request came over HTTP/2, where connection-specific headers (Connection, Keep-Alive) are forbidden. */
export const isHttp2 = (request: FastifyRequest) => request.raw.httpVersionMajor === 2;

/**
 * The client's connection ends after this response, so its next request opens a new one (elsewhere, behind a
 * balancer): HTTP/1.1 `Connection: close`; HTTP/2 a GOAWAY (the session's open streams finish, no new ones start).
 */
export function closeConnectionAfter(request: FastifyRequest, reply: FastifyReply) {
  if (isHttp2(request)) (request.raw as unknown as Http2ServerRequest).stream.session?.close();
  else reply.header('connection', 'close');
}

/**
 * How the server's connections end, for both kinds of server; answers the shutdown deadline's "close every
 * connection now". Plain HTTP/1.1: Node's http.Server does it all (idle keep-alive connections close with the
 * server; `closeAllConnections()` at the deadline). HTTPS: Node 20's Http2SecureServer closes idle HTTP/1.1
 * connections with the server but leaves HTTP/2 sessions open (closing would wait for every browser to leave), and
 * has no `closeAllConnections()`: its sessions are told to go (GOAWAY) when the server closes, and the deadline
 * destroys every socket, HTTP/2 and HTTP/1.1 alike.
 */
export function connectionCloser(app: FastifyInstance, tls: boolean): () => void {
  if (!tls) return () => (app.server as Server).closeAllConnections();
  const server = app.server as unknown as Http2SecureServer;
  const sockets = new Set<Socket>();
  const sessions = new Set<Http2Session>();
  // The TCP socket (a handshake that never ends) and, once the handshake is done, the TLS socket over it: destroying
  // the TCP one would not end the TLS one.
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  server.on('connection', track);
  server.on('secureConnection', track);
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  app.addHook('preClose', async () => {
    for (const session of sessions) session.close();
  });
  return () => {
    for (const session of sessions) session.destroy();
    for (const socket of sockets) socket.destroy();
  };
}
