import { connect, createServer, type Server, type Socket } from 'node:net';

/*
 * A TCP proxy a fault test controls, between the app and a store: passing, down (its port
 * refuses), or hung (it accepts and never answers, as a store that has locked up). Each
 * change cuts the connections already open, as the outage would.
 */

export type ProxyMode = 'pass' | 'down' | 'hung';

export type TcpProxy = {
  port: number;
  setMode: (mode: ProxyMode) => Promise<void>;
  close: () => Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'pass';
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server: Server = createServer((client) => {
    track(client);
    if (mode === 'hung') {
      // Read and forget: the request goes nowhere, and no answer ever comes.
      client.resume();
      return;
    }
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const port = await listen(0);
  const cutAll = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    port,
    setMode: async (next) => {
      if (next === mode) return;
      const wasListening = mode !== 'down';
      mode = next;
      cutAll();
      if (next === 'down' && wasListening) {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      } else if (next !== 'down' && !wasListening) {
        await listen(port);
      }
    },
    close: async () => {
      cutAll();
      if (mode !== 'down') await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
