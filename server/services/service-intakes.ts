/**
 * The intake of a bought service: which order it is for, what was answered, and storing the
 * answers once. A resume review's intake also moves its review order on and marks the person's
 * free-review record as filled and pending, which the cancellation funnel's free-review step reads.
 */
import type { Database, Queryable } from '../db/database';
import { ApiError, notFound } from '../http/errors';
import { formatMoney, toAmount } from '../domain/money';
import type { UserRow } from '../repositories/users';
import { normalizedAnswers } from '../../machines/service-intake.rules';
import { serviceKindOf, SERVICE_PRODUCT, type ServiceKind } from '../../machines/service-products.rules';
import type { IntakeAnswersBody, IntakeState, ServiceCode } from '../../src/api/schemas/services';

/** The order an intake belongs to: a sale, a review order, or both (a paid review). */
interface IntakeOrder {
  transactionId: number | null;
  reviewOrderId: number | null;
  /** A review the writer already took up (its order past NOTSTARTED): nothing more to ask. */
  reviewStarted?: boolean;
}

interface StoredIntake {
  answers: IntakeAnswersBody;
  created_at: Date;
}

const kindOf = (service: ServiceCode): ServiceKind => serviceKindOf(service)!;

/** A sale of this user, gone through, for this service (market variants included); undefined otherwise. */
async function saleOf(
  db: Queryable,
  userUid: string,
  service: ServiceCode,
  transactionId: number,
): Promise<number | undefined> {
  const [row] = await db.query<{ transaction_id: string; product_id: string }>(
    `select t.transaction_id, s.product_id from transactions t join skus s on s.sku_id = t.sku_id
     where t.transaction_id = $1 and t.user_uid = $2 and t.transaction_type = 'SALE' and t.status_cd = 'SUCC'`,
    [transactionId, userUid],
  );
  return row && serviceKindOf(row.product_id) === kindOf(service) ? Number(row.transaction_id) : undefined;
}

/** The latest sale of the service that has no intake yet, else the latest one answered. */
async function latestSale(db: Queryable, userUid: string, service: ServiceCode): Promise<number | undefined> {
  const rows = await db.query<{ transaction_id: string; product_id: string; answered: boolean }>(
    `select t.transaction_id, s.product_id, exists (select 1 from service_intakes i where i.transaction_id = t.transaction_id) as answered
     from transactions t join skus s on s.sku_id = t.sku_id
     where t.user_uid = $1 and t.transaction_type = 'SALE' and t.status_cd = 'SUCC' and upper(s.product_id) like $2
     order by t.created_at desc, t.transaction_id desc`,
    [userUid, `${service}%`],
  );
  const sales = rows.filter((r) => serviceKindOf(r.product_id) === kindOf(service));
  const pick = sales.find((r) => !r.answered) ?? sales[0];
  return pick ? Number(pick.transaction_id) : undefined;
}

/** The review order of a paid review's sale (linked when it was opened, else the oldest unlinked one of the person). */
async function reviewOrderOfSale(db: Queryable, userUid: string, transactionId: number): Promise<number | null> {
  const [linked] = await db.query<{ order_id: string }>(
    'select order_id from review_orders where user_uid = $1 and transaction_id = $2',
    [userUid, transactionId],
  );
  if (linked) return Number(linked.order_id);
  const [unlinked] = await db.query<{ order_id: string }>(
    `select order_id from review_orders r where user_uid = $1 and transaction_id is null and not is_free and status_cd = 'NOTSTARTED'
       and not exists (select 1 from service_intakes i where i.review_order_id = r.order_id)
     order by created_at limit 1`,
    [userUid],
  );
  return unlinked ? Number(unlinked.order_id) : null;
}

/** The review (paid or free) still waiting for its intake, else the latest one answered. */
async function latestReviewOrder(db: Queryable, userUid: string): Promise<IntakeOrder | undefined> {
  const rows = await db.query<{
    order_id: string;
    transaction_id: string | null;
    status_cd: string;
    answered: boolean;
  }>(
    `select r.order_id, r.transaction_id, r.status_cd, exists (select 1 from service_intakes i where i.review_order_id = r.order_id) as answered
     from review_orders r where r.user_uid = $1 order by r.created_at desc, r.order_id desc`,
    [userUid],
  );
  // A review taken up without an intake here (older orders) counts as answered: it is not asked again.
  const pick = rows.find((r) => !r.answered && r.status_cd === 'NOTSTARTED') ?? rows.find((r) => r.answered) ?? rows[0];
  if (!pick) return undefined;
  return {
    transactionId: pick.transaction_id === null ? null : Number(pick.transaction_id),
    reviewOrderId: Number(pick.order_id),
    reviewStarted: pick.status_cd !== 'NOTSTARTED',
  };
}

/**
 * The order an intake is for. A named sale must be the person's own, gone through, and of this
 * service (anything else is not found: another person's order is never confirmed to exist).
 */
async function findOrder(
  db: Queryable,
  user: UserRow,
  service: ServiceCode,
  orderId: number | null | undefined,
): Promise<IntakeOrder | undefined> {
  if (orderId) {
    const sale = await saleOf(db, user.user_uid, service, orderId);
    if (sale === undefined) throw notFound('The order');
    return {
      transactionId: sale,
      reviewOrderId: service === 'RSMRVW' ? await reviewOrderOfSale(db, user.user_uid, sale) : null,
    };
  }
  if (service === 'RSMRVW') return latestReviewOrder(db, user.user_uid);
  const sale = await latestSale(db, user.user_uid, service);
  return sale === undefined ? undefined : { transactionId: sale, reviewOrderId: null };
}

async function storedIntake(db: Queryable, order: IntakeOrder): Promise<StoredIntake | undefined> {
  const [row] =
    order.reviewOrderId !== null
      ? await db.query<StoredIntake>('select answers, created_at from service_intakes where review_order_id = $1', [
          order.reviewOrderId,
        ])
      : await db.query<StoredIntake>(
          'select answers, created_at from service_intakes where transaction_id = $1 and review_order_id is null',
          [order.transactionId],
        );
  return row;
}

/** The service's SKU in the person's market, for buying it. */
async function serviceSku(
  db: Queryable,
  user: UserRow,
  service: ServiceCode,
): Promise<{ SkuID: number | null; FormattedPrice: string | null }> {
  const [row] = await db.query<{ sku_id: number; unit_price: string; currency_cd: string; culture_cd: string }>(
    `select s.sku_id, s.unit_price, s.currency_cd, p.culture_cd from skus s join portals p on p.portal_id = s.portal_id
     where s.portal_id = $1 and s.product_id = $2 order by s.sort_order limit 1`,
    [user.portal_id, service],
  );
  return row
    ? { SkuID: row.sku_id, FormattedPrice: formatMoney(toAmount(row.unit_price), row.currency_cd, row.culture_cd) }
    : { SkuID: null, FormattedPrice: null };
}

function stateOf(
  service: ServiceCode,
  order: IntakeOrder | undefined,
  stored: StoredIntake | undefined,
  sku: { SkuID: number | null; FormattedPrice: string | null },
): IntakeState {
  return {
    Service: service,
    Status: !order ? 'notPurchased' : stored || order.reviewStarted ? 'answered' : 'awaitingAnswers',
    OrderID: order?.transactionId ?? null,
    ReviewOrderID: order?.reviewOrderId ?? null,
    Answers: stored?.answers ?? null,
    AnsweredAt: stored ? new Date(stored.created_at).toISOString() : null,
    ...sku,
  };
}

export async function readIntake(
  db: Database,
  user: UserRow,
  service: ServiceCode,
  orderId: number | undefined,
): Promise<IntakeState> {
  const order = await findOrder(db, user, service, orderId);
  const stored = order ? await storedIntake(db, order) : undefined;
  return stateOf(service, order, stored, await serviceSku(db, user, service));
}

/**
 * Stores the answers for the order, once: a repeat (a double click, a reload that sends again)
 * answers the first answers and changes nothing. `created` tells the first write from a repeat.
 */
export async function submitIntake(
  db: Database,
  user: UserRow,
  body: { service: ServiceCode; order_id?: number | null; answers: IntakeAnswersBody },
): Promise<{ state: IntakeState; created: boolean }> {
  // The body's schema (one kind per service) already required the answers this service asks for.
  const kind = kindOf(body.service);
  const sku = await serviceSku(db, user, body.service);
  return db.transaction(async (tx) => {
    // One intake at a time per person: two sends of the same answers must not both find "none yet".
    await tx.query('select 1 from users where user_uid = $1 for update', [user.user_uid]);
    const order = await findOrder(tx, user, body.service, body.order_id);
    if (!order) throw new ApiError(404, 'NO_ORDER', `There is no ${SERVICE_PRODUCT[kind]} order to fill in.`);
    const existing = await storedIntake(tx, order);
    if (order.reviewStarted && !existing)
      throw new ApiError(409, 'REVIEW_STARTED', 'This review is already under way: there is nothing more to fill in.');
    if (existing) return { state: stateOf(body.service, order, existing, sku), created: false };
    const answers = normalizedAnswers(kind, body.answers);
    const [row] = await tx.query<StoredIntake>(
      `insert into service_intakes (user_uid, service_cd, transaction_id, review_order_id, answers) values ($1, $2, $3, $4, $5) returning answers, created_at`,
      [user.user_uid, body.service, order.transactionId, order.reviewOrderId, JSON.stringify(answers)],
    );
    if (order.reviewOrderId !== null) {
      // The writer has the resume now: the review is under way, and the funnel shows it as in review.
      await tx.query(`update review_orders set status_cd = 'NEWDOC' where order_id = $1 and status_cd = 'NOTSTARTED'`, [
        order.reviewOrderId,
      ]);
      await tx.query(
        `insert into free_reviews (user_uid, is_intake_filled, is_pending, available_free) values ($1, true, true, 0)
         on conflict (user_uid) do update set is_intake_filled = true, is_pending = true`,
        [user.user_uid],
      );
    }
    return { state: stateOf(body.service, order, row, sku), created: true };
  });
}
