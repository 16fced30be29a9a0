/**
 * The upsell offers survey's answers: why a person turned the add-ons down. One answer per
 * sequence: the key makes a repeat (double click, reload, retry after a lost answer) answer the
 * first answer, and writes nothing.
 */
import type { z } from 'zod/mini';
import type { Database } from '../db/database';
import { ApiError, forbidden, notFound } from '../http/errors';
import type { UserRow } from '../repositories/users';
import { replayOrRun } from './idempotency';
import type { SurveyAnswer, surveyAnswerBody } from '../../src/api/schemas/upsell';

type SurveyInput = z.output<typeof surveyAnswerBody>;

interface AnswerRow {
  answer_id: string;
  user_uid: string;
  transaction_id: string | null;
  reason_cd: SurveyAnswer['Reason'];
  created_at: Date | string;
}

const answerOf = (row: AnswerRow, replayed: boolean): SurveyAnswer => ({
  AnswerID: Number(row.answer_id),
  OrderID: row.transaction_id === null ? null : Number(row.transaction_id),
  Reason: row.reason_cd,
  CreatedAt: new Date(row.created_at).toISOString(),
  Replayed: replayed,
});

const COLUMNS = 'answer_id, user_uid, transaction_id, reason_cd, created_at';

export async function storeSurveyAnswer(db: Database, user: UserRow, input: SurveyInput): Promise<SurveyAnswer> {
  if (input.order_id !== null) {
    const [order] = await db.query<{ user_uid: string }>(
      'select user_uid from transactions where transaction_id = $1',
      [input.order_id],
    );
    if (!order) throw notFound('The order');
    if (order.user_uid !== user.user_uid) throw forbidden();
  }
  return db.transaction((tx) =>
    replayOrRun(
      tx,
      {
        lock: input.answer_key,
        find: async () =>
          (
            await tx.query<AnswerRow>(`select ${COLUMNS} from upsell_survey_answers where answer_key = $1`, [
              input.answer_key,
            ])
          )[0],
        ownerOf: (stored) => stored.user_uid,
        userUid: user.user_uid,
        inUse: () => new ApiError(409, 'ANSWER_KEY_IN_USE', 'This answer key belongs to another user.'),
        replay: (stored) => answerOf(stored, true),
      },
      async () => {
        const [row] = await tx.query<AnswerRow>(
          `insert into upsell_survey_answers (user_uid, transaction_id, reason_cd, answer_key) values ($1, $2, $3, $4) returning ${COLUMNS}`,
          [user.user_uid, input.order_id, input.reason, input.answer_key],
        );
        return answerOf(row!, false);
      },
    ),
  );
}

export async function listSurveyAnswers(db: Database, user: UserRow): Promise<SurveyAnswer[]> {
  const rows = await db.query<AnswerRow>(
    `select ${COLUMNS} from upsell_survey_answers where user_uid = $1 order by created_at desc, answer_id desc limit 50`,
    [user.user_uid],
  );
  return rows.map((row) => answerOf(row, false));
}
