import { Hono } from 'hono';
import { contract } from '../http/contract';
import type { AppEnv } from '../http/env';
import { requireSelf } from '../http/session';
import { listSurveyAnswers, storeSurveyAnswer } from '../services/upsell-survey';
import { surveyAnswer, surveyAnswerBody, surveyAnswers, surveyUserParam } from '../../src/api/schemas/upsell';

/** The upsell offers survey: why the add-ons after a purchase were turned down. */
export function upsellSurveyRoutes() {
  const app = new Hono<AppEnv>();

  app.post(
    '/',
    contract({
      summary: 'Store why the add-ons after a purchase were turned down',
      description:
        "One answer per upsell sequence (answer_key): sending it again answers the first answer (200, Replayed) and writes nothing. The order, when given, must be the signed-in user's.",
      auth: 'user',
      body: surveyAnswerBody,
      responses: { 200: surveyAnswer, 201: surveyAnswer },
      errors: [403, 404, 409],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const user = requireSelf(c, body.user_uid);
      const answer = await storeSurveyAnswer(c.get('db'), user, body);
      return c.json(answer, answer.Replayed ? 200 : 201);
    },
  );

  app.get(
    '/:userId',
    contract({
      summary: "A user's upsell survey answers, newest first",
      auth: 'user',
      params: surveyUserParam,
      responses: { 200: surveyAnswers },
      errors: [403],
    }),
    async (c) => {
      const user = requireSelf(c, c.req.valid('param').userId);
      return c.json({ Items: await listSurveyAnswers(c.get('db'), user) });
    },
  );

  return app;
}
