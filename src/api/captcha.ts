import { schemasFrom } from './lazy-schemas';
import type { ApiClient } from './client';

const schema = schemasFrom(() => import('./schemas/captcha'));

/** Relative to the API base: the ALTCHA widget's `challenge` URL is `${apiBase}/${CAPTCHA_CHALLENGE_PATH}`. */
export const CAPTCHA_CHALLENGE_PATH = 'captcha/challenge';

export const captchaApi = (client: ApiClient) => ({
  /** A fresh signed challenge (the widget can also fetch it itself from the challenge URL). */
  challenge: () => client.get(CAPTCHA_CHALLENGE_PATH, schema('captchaChallenge')),
});
