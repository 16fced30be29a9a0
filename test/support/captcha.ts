import { solveChallenge, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** What the ALTCHA widget puts in the form: base64 of { challenge, solution }. */
export function encodeCaptcha(challenge: Challenge, solution: Solution): string {
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}

export function decodeCaptcha(payload: string): { challenge: Challenge; solution: Solution } {
  return JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
}

/** Does the widget's work: solves a challenge with altcha-lib's own solver. */
export async function solveCaptchaChallenge(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error('could not solve the captcha challenge');
  return encodeCaptcha(challenge, solution);
}

/** Fetches a challenge from the API under test (a TestApi or a base URL) and solves it, as a browser would. */
export async function solveCaptcha(
  from: string | { get(path: string): Promise<{ status: number; body: any }> },
): Promise<string> {
  let challenge: Challenge;
  if (typeof from === 'string') {
    const response = await fetch(`${from}/api/captcha/challenge`);
    if (response.status !== 200) throw new Error(`captcha challenge: ${response.status}`);
    challenge = await response.json();
  } else {
    const response = await from.get('/api/captcha/challenge');
    if (response.status !== 200) throw new Error(`captcha challenge: ${response.status}`);
    challenge = response.body;
  }
  return solveCaptchaChallenge(challenge);
}
