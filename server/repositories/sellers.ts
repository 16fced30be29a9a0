import type { Queryable } from '../db/database';
import type { SellerSeed } from '../db/seed/sellers';
import type { Seller } from '../domain/receipt-layout';

/** A row of sellers (numeric columns arrive as strings), or its seed. */
type SellerRow = Omit<SellerSeed, 'tax_rate'> & { tax_rate: string | number | null };

export const toSeller = (row: SellerRow): Seller => ({
  countryCd: row.country_cd,
  name: row.name,
  addressLines: row.address_lines,
  email: row.email,
  taxId: row.tax_id,
  tax: row.tax_kind && row.tax_rate !== null ? { kind: row.tax_kind, ratePercent: Number(row.tax_rate) } : null,
  paperSize: row.paper_size,
  logo: row.logo,
});

/** The market's seller, or the US seller where a market has none configured, and the order the transaction belongs to. */
export async function receiptContext(
  db: Queryable,
  transactionId: number,
): Promise<{ seller: Seller; orderNumber: number } | undefined> {
  const [row] = await db.query<SellerRow & { order_id: string }>(
    `select sl.*,
       -- A plan's renewals, fees and refunds belong to the order that bought it: the first sale of its subscription.
       coalesce((select min(o.transaction_id) from transactions o where o.subscription_id = t.subscription_id and o.transaction_type = 'SALE'), t.transaction_id) as order_id
     from transactions t join skus s on s.sku_id = t.sku_id
     join sellers sl on sl.country_cd = s.country_cd or sl.country_cd = 'US'
     where t.transaction_id = $1
     order by (sl.country_cd = s.country_cd) desc limit 1`,
    [transactionId],
  );
  if (!row) return undefined;
  return { orderNumber: Number(row.order_id), seller: toSeller(row) };
}
