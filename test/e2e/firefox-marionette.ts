// A minimal Marionette client: the one way into Firefox's privileged (chrome) realm from a test.
// WebDriver BiDi in firefox-esr 140 lists no chrome contexts, but Marionette, started beside it
// with --marionette and allowed in by --remote-allow-system-access, runs script there. The tests
// use it for what only the browser itself can do: open the real toolbar popup (triggerAction),
// stop the background as the idle timer does, and hear the extension's console.
import { readFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';

type Pending = { resolve(value: unknown): void; reject(error: Error): void };

export interface Marionette {
  /**
   * Runs `script` (a function body; `arguments` holds `args`) in the browser window's chrome
   * realm; awaits a returned promise.
   */
  chrome<T = unknown>(script: string, args?: unknown[]): Promise<T>;
  /** The WebDriver session Marionette opened, with its BiDi socket's address (capabilities.webSocketUrl). */
  session: unknown;
}

/** Reads the port Firefox chose (pref marionette.port = 0) from the profile, once it is written. */
async function activePort(profile: string): Promise<number> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const text = await readFile(join(profile, 'MarionetteActivePort'), 'utf8').catch(() => '');
    if (/^\d+$/.test(text.trim())) return Number(text.trim());
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`Marionette wrote no port in ${profile}`);
}

/**
 * Connects to the Marionette server of the Firefox using `profile`, in a new session (with a
 * BiDi socket) set to the chrome context.
 */
export async function marionette(profile: string): Promise<Marionette> {
  const port = await activePort(profile);
  const socket: Socket = connect(port, '127.0.0.1');
  let buffer = Buffer.alloc(0);
  let greeted: () => void;
  const greeting = new Promise<void>((done) => (greeted = done));
  const pending = new Map<number, Pending>();
  let next = 1;
  // Frames are `<byte length>:<json>`; the first is the server's hello, the rest [1, id, error, result].
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const colon = buffer.indexOf(0x3a);
      if (colon < 0) return;
      const length = Number(buffer.subarray(0, colon).toString());
      if (buffer.length < colon + 1 + length) return;
      const message = JSON.parse(buffer.subarray(colon + 1, colon + 1 + length).toString('utf8'));
      buffer = buffer.subarray(colon + 1 + length);
      if (!Array.isArray(message)) {
        greeted();
        continue;
      }
      const [, id, error, result] = message as [number, number, { error: string; message: string } | null, unknown];
      const waiting = pending.get(id);
      pending.delete(id);
      if (error) waiting?.reject(new Error(`Marionette: ${error.error}: ${error.message}`));
      else waiting?.resolve(result);
    }
  });
  socket.on('error', (error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  });
  await greeting;
  const send = (command: string, params: object): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      const body = Buffer.from(JSON.stringify([0, id, command, params]), 'utf8');
      socket.write(`${body.length}:`);
      socket.write(body);
    });
  socket.unref(); // the browser's exit ends it
  const session = await send('WebDriver:NewSession', { webSocketUrl: true, 'moz:webdriverClick': true });
  await send('Marionette:SetContext', { value: 'chrome' });
  return {
    async chrome<T>(script: string, args: unknown[] = []) {
      const reply = (await send('WebDriver:ExecuteScript', { script, args, scriptTimeout: 30_000 })) as { value: T };
      return reply.value;
    },
    session,
  };
}
