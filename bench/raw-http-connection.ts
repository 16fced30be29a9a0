import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  status: number;
  body: string;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const LINE_END = Buffer.from('\r\n');

/** One HTTP/1.1 request as the bytes that go on the wire. */
export function requestBytes(
  host: string,
  request: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Buffer {
  const body = request.body ?? '';
  const headers = Object.entries(request.headers ?? {})
    .filter(([name]) => !['host', 'content-length', 'connection'].includes(name.toLowerCase()))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const length = request.method === 'GET' && body === '' ? '' : `content-length: ${Buffer.byteLength(body)}\r\n`;
  return Buffer.from(
    `${request.method} ${request.path} HTTP/1.1\r\nhost: ${host}\r\n${headers}${length}connection: keep-alive\r\n\r\n${body}`,
  );
}

/**
 * The answer at the start of `data`, if all of it has come: its status, its body and how many
 * bytes it took, and whether the server will close the connection after it. Bodies come with a
 * content-length or chunked; one with neither runs to the connection's end (`ended`).
 */
export function readAnswer(data: Buffer, ended: boolean): { answer: RawAnswer; used: number; closes: boolean } | null {
  const headEnd = data.indexOf(HEAD_END);
  if (headEnd < 0) return null;
  const head = data.subarray(0, headEnd).toString('latin1');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const header = (name: string) =>
    lines
      .find((line) => line.slice(0, line.indexOf(':')).trim().toLowerCase() === name)
      ?.slice(name.length + 1)
      .trim()
      .toLowerCase();
  const closes = header('connection') === 'close';
  const bodyStart = headEnd + HEAD_END.length;
  const length = header('content-length');
  if (length !== undefined) {
    const end = bodyStart + Number(length);
    if (data.length < end) return null;
    return { answer: { status, body: data.subarray(bodyStart, end).toString('utf8') }, used: end, closes };
  }
  if (header('transfer-encoding')?.includes('chunked')) {
    const parts: Buffer[] = [];
    let at = bodyStart;
    for (;;) {
      const sizeEnd = data.indexOf(LINE_END, at);
      if (sizeEnd < 0) return null;
      const size = parseInt(data.subarray(at, sizeEnd).toString('latin1'), 16);
      const chunkStart = sizeEnd + LINE_END.length;
      if (size === 0) {
        // No trailers are sent to this client: the last chunk is followed by an empty line.
        const end = chunkStart + LINE_END.length;
        if (data.length < end) return null;
        return { answer: { status, body: Buffer.concat(parts).toString('utf8') }, used: end, closes };
      }
      if (data.length < chunkStart + size + LINE_END.length) return null;
      parts.push(data.subarray(chunkStart, chunkStart + size));
      at = chunkStart + size + LINE_END.length;
    }
  }
  if (!ended) return null;
  return { answer: { status, body: data.subarray(bodyStart).toString('utf8') }, used: data.length, closes: true };
}

/**
 * One keep-alive connection that carries one request at a time, written and read by hand: a
 * load client that costs the machine far less than node:http's, so on a small machine the
 * figures are the server's and not the client's.
 */
export class RawHttpConnection {
  readonly socket: Socket;
  private received: Buffer = Buffer.alloc(0);
  private ended = false;
  private waiting: { resolve: (answer: RawAnswer) => void; reject: (error: Error) => void } | null = null;
  closed = false;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
      this.settle();
    });
    socket.on('end', () => {
      this.ended = true;
      this.settle();
      this.close(new Error('the server closed the connection'));
    });
    socket.on('error', (error) => this.close(error));
    socket.on('close', () => this.close(new Error('the connection closed')));
  }

  static open(port: number, host: string): Promise<RawHttpConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host }, () => {
        socket.off('error', reject);
        resolve(new RawHttpConnection(socket));
      });
      socket.once('error', reject);
    });
  }

  send(bytes: Buffer): Promise<RawAnswer> {
    if (this.closed) return Promise.reject(new Error('the connection is closed'));
    if (this.waiting) return Promise.reject(new Error('one request at a time'));
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(bytes);
    });
  }

  private settle() {
    if (!this.waiting) return;
    const read = readAnswer(this.received, this.ended);
    if (!read) return;
    this.received = this.received.subarray(read.used);
    const { resolve } = this.waiting;
    this.waiting = null;
    if (read.closes) {
      this.closed = true;
      this.socket.end();
    }
    resolve(read.answer);
  }

  private close(error: Error) {
    this.closed = true;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
  }

  destroy() {
    this.closed = true;
    this.socket.destroy();
  }
}
