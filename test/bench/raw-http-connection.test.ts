import { describe, expect, it } from 'vitest';
import { readAnswer, requestBytes } from '../../bench/raw-http-connection';

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('an HTTP answer read by hand', () => {
  it('reads a body of a given length, and waits until all of it has come', () => {
    const whole = 'HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}';
    expect(readAnswer(bytes(whole.slice(0, 30)), false)).toBeNull();
    expect(readAnswer(bytes(whole.slice(0, -1)), false)).toBeNull();
    expect(readAnswer(bytes(whole + 'HTTP/1.1 200'), false)).toEqual({
      answer: { status: 201, body: '{"ok":true}' },
      used: whole.length,
      closes: false,
    });
  });

  it('reads a chunked body, and waits for its last chunk', () => {
    const whole = 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n4\r\nWiki\r\n6\r\npedia!\r\n0\r\n\r\n';
    expect(readAnswer(bytes(whole.slice(0, -4)), false)).toBeNull();
    expect(readAnswer(bytes(whole), false)).toEqual({
      answer: { status: 200, body: 'Wikipedia!' },
      used: whole.length,
      closes: false,
    });
  });

  it('reads a body of no stated length to the connection end, and notes a server that closes', () => {
    const whole = 'HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\n\r\nboom';
    expect(readAnswer(bytes(whole), false)).toBeNull();
    expect(readAnswer(bytes(whole), true)).toEqual({
      answer: { status: 500, body: 'boom' },
      used: whole.length,
      closes: true,
    });
  });

  it('writes a request with its length, the host and keep-alive, and without the headers it sets itself', () => {
    const wire = requestBytes('127.0.0.1:9', {
      method: 'POST',
      path: '/pay?x=1',
      headers: { 'content-type': 'application/json', Connection: 'close', 'Content-Length': '1' },
      body: '{"é":1}',
    }).toString('utf8');
    expect(wire).toBe(
      'POST /pay?x=1 HTTP/1.1\r\nhost: 127.0.0.1:9\r\ncontent-type: application/json\r\ncontent-length: 8\r\nconnection: keep-alive\r\n\r\n{"é":1}',
    );
    expect(requestBytes('h', { method: 'GET', path: '/' }).toString()).toBe(
      'GET / HTTP/1.1\r\nhost: h\r\nconnection: keep-alive\r\n\r\n',
    );
  });
});
