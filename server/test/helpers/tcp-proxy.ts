import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a real server (PostgreSQL here), for tests of what the app does when
 * the network or the server goes away: `cut()` drops every open connection at once (as a
 * restart or a fail-over does), `refuse()` makes new connections fail until `accept()`.
 */
export type TcpProxy = {
  port: number;
  /** Destroys every connection open now, both ways. */
  cut: () => void;
  /** Nothing listens any more: new connections are refused (the server is down). */
  refuse: () => void;
  /** New connections go through again. */
  accept: () => void;
  /** Connections open now. */
  open: () => number;
  close: () => Promise<void>;
};

export const startTcpProxy = async (target: { host: string; port: number }): Promise<TcpProxy> => {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    cut: () => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    refuse: () => {
      // Stops listening; the connections already open stay until cut().
      if (server.listening) server.close();
    },
    accept: () => {
      if (!server.listening) server.listen(port, '127.0.0.1');
    },
    open: () => sockets.size / 2,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
};
