import type { Database, Queryable } from '../database';
import { PORTALS, buildSkus } from './catalog';
import { seedJobs } from './jobs';
import { seedSellers } from './sellers';
import { PERSONAS, personaSkuId, type PersonaSeed } from './personas';
import { SKU_SLOT } from './catalog';
import {
  CANCELLATION_PAGE_CONTENT,
  CS_DETAILS,
  EXPERIMENTS,
  EXPERIMENT_CONFIGS,
  FEATURE_FLAGS,
  FEATURE_RULES,
} from './remote-config';

const DAY = 86_400_000;
const daysFrom = (now: number, days: number) => new Date(now + days * DAY).toISOString();
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** Seeds the catalogue, configuration and personas once; a database that has users is left alone. */
export async function seed(db: Database, now = Date.now()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(774412)');
    await seedJobs(tx, now);
    await seedSellers(tx);
    const [{ count } = { count: '0' }] = await tx.query<{ count: string }>(
      'select count(*)::text as count from portals',
    );
    if (count !== '0') return false;
    await seedCatalog(tx);
    await seedRemoteConfig(tx);
    for (const persona of PERSONAS) await seedPersona(tx, persona, now);
    return true;
  });
}

async function seedCatalog(tx: Queryable) {
  for (const p of PORTALS) {
    await tx.query(
      'insert into portals (portal_id, portal_cd, host_name, country_cd, culture_cd, theme) values ($1, $2, $3, $4, $5, $6)',
      [p.portal_id, p.portal_cd, p.host_name, p.country_cd, p.culture_cd, p.theme],
    );
  }
  for (const s of buildSkus()) {
    await tx.query(
      `insert into skus (sku_id, product_id, label, title, sku_type_cd, schedule_type_cd, duration, subscription_type_cd, plan_kind, plan_tier,
         trial_days, trial_amount, unit_price, monthly_price, discount_percentage, currency_cd, currency_symbol, country_cd, portal_id,
         is_most_popular, is_selected, is_sell_page_plan, upsell_cd, lower_price_sku_id, higher_price_sku_id, upsell_sku_id, sort_order,
         winback_min_days, winback_max_days)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29)`,
      [
        s.sku_id,
        s.product_id,
        s.label,
        s.title,
        s.sku_type_cd,
        s.schedule_type_cd,
        s.duration,
        s.subscription_type_cd,
        s.plan_kind,
        s.plan_tier,
        s.trial_days,
        s.trial_amount,
        s.unit_price,
        s.monthly_price,
        s.discount_percentage,
        s.currency_cd,
        s.currency_symbol,
        s.country_cd,
        s.portal_id,
        s.is_most_popular,
        s.is_selected,
        s.is_sell_page_plan,
        s.upsell_cd,
        s.lower_price_sku_id,
        s.higher_price_sku_id,
        s.upsell_sku_id,
        s.sort_order,
        s.winback_min_days,
        s.winback_max_days,
      ],
    );
  }
}

async function seedRemoteConfig(tx: Queryable) {
  for (const f of FEATURE_FLAGS)
    await tx.query('insert into feature_flags (feature_cd, is_active, description) values ($1, $2, $3)', [
      f.feature_cd,
      f.is_active,
      f.description,
    ]);
  for (const r of FEATURE_RULES)
    await tx.query('insert into feature_rules (module_name, feature_cd, rule, config) values ($1, $2, $3, $4)', [
      r.module_name,
      r.feature_cd,
      json(r.rule),
      json(r.config),
    ]);
  for (const e of Object.values(EXPERIMENTS)) {
    await tx.query(
      'insert into experiments (experiment_guid, name, variation_count, control_variation, goal_state) values ($1, $2, $3, $4, $5)',
      [e.guid, e.name, e.variations, e.control, e.goal],
    );
  }
  for (const c of EXPERIMENT_CONFIGS) {
    await tx.query(
      'insert into experiment_configs (config_key, experiment_configuration, disallowed_experiment_configuration, feature_based_experiment_configuration) values ($1, $2, $3, $4)',
      [c.config_key, json(c.experiment_configuration), json(c.disallowed), json(c.feature_based)],
    );
  }
  for (const d of CS_DETAILS)
    await tx.query(
      'insert into cs_details (country_cd, formatted_contact_number, email, cs_hours) values ($1, $2, $3, $4)',
      [d.country_cd, d.formatted_contact_number, d.email, json(d.cs_hours)],
    );
  for (const c of CANCELLATION_PAGE_CONTENT)
    await tx.query('insert into cancellation_page_content (country_cd, content) values ($1, $2)', [
      c.country_cd,
      json(c.content),
    ]);
}

export async function seedPersona(tx: Queryable, p: PersonaSeed, now: number) {
  await tx.query(
    `insert into users (user_uid, persona_id, account_id, first_name, last_name, email_address, role, sub_role, acc_display_name, city, state_cd,
       country_cd, culture_cd, currency_cd, currency_symbol, portal_id, party_id, user_type, created_on)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19)`,
    [
      p.user_uid,
      p.persona_id,
      p.account_id,
      p.first_name,
      p.last_name,
      p.email_address,
      p.role,
      p.sub_role,
      `${p.first_name} ${p.last_name.charAt(0)}.`,
      p.city,
      p.state_cd,
      p.country_cd,
      p.culture_cd,
      p.currency_cd,
      p.currency_symbol,
      p.portal_id,
      p.party_id,
      p.user_type,
      daysFrom(now, -p.created_days_ago),
    ],
  );
  for (const [code, value] of Object.entries(p.preferences)) {
    await tx.query('insert into user_preferences (user_uid, code, value) values ($1, $2, $3)', [
      p.user_uid,
      code,
      value,
    ]);
  }
  for (const s of p.subscriptions) {
    const skuId = personaSkuId(p, s.slot);
    const [sku] = await tx.query<{
      trial_amount: string;
      unit_price: string;
      label: string;
      sku_type_cd: string;
      product_id: string;
    }>('select trial_amount, unit_price, label, sku_type_cd, product_id from skus where sku_id = $1', [skuId]);
    const [row] = await tx.query<{ subscription_id: string }>(
      `insert into subscriptions (user_uid, sku_id, status_cd, subscription_type_cd, start_date, end_date, next_billing_date, cancelled_on, cancellation_number)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning subscription_id`,
      [
        p.user_uid,
        skuId,
        s.status_cd,
        s.subscription_type_cd,
        daysFrom(now, -s.started_days_ago),
        daysFrom(now, s.ends_in_days),
        s.renews ? daysFrom(now, Math.max(s.ends_in_days, 1)) : null,
        s.cancelled_days_ago === undefined ? null : daysFrom(now, -s.cancelled_days_ago),
        s.cancelled_days_ago === undefined ? null : `CN-${p.account_id}-${s.slot}`,
      ],
    );
    // A plan that has no trial of its own began on the market's full-access trial.
    const [trialSku] = await tx.query<{ sku_id: number; trial_amount: string; label: string }>(
      'select sku_id, trial_amount, label from skus where sku_id = $1',
      [Number(sku!.trial_amount) > 0 ? skuId : personaSkuId(p, SKU_SLOT.fullTrial)],
    );
    for (const charge of s.charges) {
      const isTrialCharge = charge.amount === 'trial';
      const chargedSkuId = isTrialCharge ? trialSku!.sku_id : skuId;
      const price = isTrialCharge
        ? Number(trialSku!.trial_amount)
        : charge.amount === 'unit'
          ? Number(sku!.unit_price)
          : charge.amount;
      const label = isTrialCharge ? trialSku!.label : sku!.label;
      const descriptor =
        charge.sub_type === 'ADFE' ? 'Administration fee' : charge.type === 'RFND' ? `Refund: ${label}` : label;
      await tx.query(
        `insert into transactions (user_uid, subscription_id, sku_id, transaction_type, sub_type, status_cd, price, currency_cd, payment_method_cd,
           card_type, last_four_digits, service_start_date, service_end_date, payment_items, created_at)
         values ($1, $2, $3, $4, $5, 'SUCC', $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          p.user_uid,
          row!.subscription_id,
          chargedSkuId,
          charge.type,
          charge.sub_type ?? null,
          price,
          p.currency_cd,
          charge.method ?? 'CRCD',
          charge.card,
          charge.last4,
          charge.period_days ? daysFrom(now, -charge.days_ago) : null,
          charge.period_days ? daysFrom(now, -charge.days_ago + charge.period_days) : null,
          json([
            { item_subtype_cd: charge.sub_type ?? (charge.type === 'RFND' ? 'REFUND' : sku!.sku_type_cd), descriptor },
          ]),
          daysFrom(now, -charge.days_ago),
        ],
      );
    }
  }
  let docIndex = 0;
  for (const d of p.documents) {
    docIndex += 1;
    const documentId = p.user_uid
      .replace(/^5eed/, d.doc_type_cd === 'RSME' ? 'd0c1' : 'd0c2')
      .replace(/-8000-/, `-800${docIndex}-`);
    await tx.query(
      `insert into documents (document_id, user_uid, doc_type_cd, name, skin_cd, culture_cd, job_title, body, word_count, char_count, resume_score, review_result, created_on, modified_on)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`,
      [
        documentId,
        p.user_uid,
        d.doc_type_cd,
        d.name,
        d.skin_cd,
        p.culture_cd,
        d.job_title,
        d.body,
        d.body.split(/\s+/).filter(Boolean).length,
        d.body.length,
        d.score,
        json(d.score === null ? null : reviewFor(d.job_title, d.body, d.score)),
        daysFrom(now, -d.days_ago - 1),
        daysFrom(now, -d.days_ago),
      ],
    );
  }
  for (const o of p.reviewOrders) {
    const [doc] = await tx.query<{ document_id: string }>(
      `select document_id from documents where user_uid = $1 and doc_type_cd = 'RSME' limit 1`,
      [p.user_uid],
    );
    await tx.query(
      'insert into review_orders (user_uid, document_id, product_cd, status_cd, is_free, created_at, subscription_status_cd) values ($1, $2, $3, $4, $5, $6, $7)',
      [
        p.user_uid,
        doc?.document_id ?? null,
        o.product_cd,
        o.status_cd,
        o.is_free,
        daysFrom(now, -o.days_ago),
        o.subscription_status_cd ?? 'ACTV',
      ],
    );
  }
  if (p.freeReview) {
    await tx.query(
      'insert into free_reviews (user_uid, is_intake_filled, is_pending, available_free) values ($1, $2, $3, $4)',
      [p.user_uid, p.freeReview.is_intake_filled, p.freeReview.is_pending, p.freeReview.available_free],
    );
  }
}

/** A review consistent with the score: the lower the score, the more sections carry findings. */
function reviewFor(targetTitle: string, body: string, score: number) {
  const findings =
    score >= 90
      ? []
      : score >= 70
        ? [{ section: 'SUMM', code: 112 }]
        : [
            { section: 'SUMM', code: 112 },
            { section: 'EXPR', code: 121 },
            { section: 'EDUC', code: 104 },
          ];
  const sections = ['SUMM', 'EXPR', 'EDUC'].map((sectionTypeCD, index) => {
    const codes = findings
      .filter((f) => f.section === sectionTypeCD)
      .map((f) => ({ code: f.code, corrections: [], isIgnored: false, group: 'content' }));
    return {
      sectionTypeCD,
      index,
      id: `${sectionTypeCD.toLowerCase()}-${index}`,
      reviewCodes: codes.length ? codes : [{ code: 100, corrections: [], isIgnored: false, group: 'content' }],
      paragraphs: [{ docDatas: [{ fieldCD: 'TEXT', charValue: body.split('\n')[index + 3] ?? '', reviewCodes: [] }] }],
    };
  });
  return { resumeLength: body.split(/\s+/).filter(Boolean).length, targetTitle, sections };
}
