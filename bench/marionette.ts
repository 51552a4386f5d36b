// A minimal Marionette client (Firefox's own remote protocol: length-prefixed JSON over TCP),
// for what WebDriver BiDi in firefox-esr 140 cannot do: run code in the browser's parent process
// (the chrome context), which needs --remote-allow-system-access. Only one remote session may be
// open, so the caller ends puppeteer's BiDi session first.
import { connect, type Socket } from 'node:net';

export interface Marionette {
  send(name: string, params: object): Promise<unknown>;
  close(): void;
}

export async function marionette(port: number): Promise<Marionette> {
  const socket: Socket = connect(port, '127.0.0.1');
  const waiting = new Map<number, (reply: [number, number, unknown, unknown]) => void>();
  let buffer = Buffer.alloc(0);
  let hello: () => void = () => undefined;
  const greeted = new Promise<void>((done) => (hello = done));
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const colon = buffer.indexOf(0x3a);
      if (colon < 0) return;
      const length = Number(buffer.subarray(0, colon).toString('utf8'));
      if (buffer.length < colon + 1 + length) return;
      const message = JSON.parse(buffer.subarray(colon + 1, colon + 1 + length).toString('utf8')) as unknown;
      buffer = buffer.subarray(colon + 1 + length);
      if (Array.isArray(message)) waiting.get(message[1] as number)?.(message as [number, number, unknown, unknown]);
      else hello();
    }
  });
  await greeted;
  let next = 1;
  return {
    send(name, params) {
      return new Promise((done, fail) => {
        const id = next++;
        waiting.set(id, ([, , error, result]) => {
          waiting.delete(id);
          if (error) fail(new Error(`${name}: ${JSON.stringify(error).slice(0, 300)}`));
          else done(result);
        });
        const body = Buffer.from(JSON.stringify([0, id, name, params]), 'utf8');
        socket.write(`${body.length}:`);
        socket.write(body);
      });
    },
    close: () => void socket.end(),
  };
}
